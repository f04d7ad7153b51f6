import { describe, expect, it } from 'vitest';
import { caseOf, parseExpected, report, score } from '../../bench/sast/score.js';

describe('bench:sast scoring (OWASP Benchmark method)', () => {
  it('scores each category as TPR − FPR and averages the categories with equal weight', () => {
    const cases = parseExpected('# test name, category, real vulnerability, cwe\nT01,sqli,true,89\nT02,sqli,true,89\nT03,sqli,false,89\nT04,sqli,false,89\nT05,xss,true,79\nT06,xss,false,79\n');
    const reported = new Map<string, Set<number>>();
    report(reported, 'T01', 89);
    report(reported, 'T03', 89);
    report(reported, 'T05', 89); // wrong CWE: not counted for xss
    report(reported, 'T06', 79);
    const card = score(cases, reported);
    const sqli = card.categories.find((c) => c.category === 'sqli');
    const xss = card.categories.find((c) => c.category === 'xss');
    expect(sqli).toMatchObject({ tp: 1, fn: 1, fp: 1, tn: 1, tpr: 0.5, fpr: 0.5, score: 0 });
    expect(xss).toMatchObject({ tp: 0, fn: 1, fp: 1, tn: 0, score: -1 });
    expect(card.score).toBe(-0.5);
  });

  it('finds the test case of a path', () => {
    expect(caseOf('testcode/BenchmarkTest00042.py')).toBe('BenchmarkTest00042');
    expect(caseOf('helpers/utils.py')).toBeUndefined();
  });
});
