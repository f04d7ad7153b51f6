import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compatibleCwe, isExcluded, labelProblems, scoreApp, type AppLabels, type ScoredFinding } from '../../bench/sast/apps-score.js';

const labels: AppLabels = {
  app: 'demo',
  stack: 'Node',
  repo: 'https://example.invalid/demo',
  commit: '0'.repeat(40),
  source: 'test',
  exclude: [{ path: 'fixtures', reason: 'not app code' }],
  expected: [
    { file: 'a.js', line: 10, cwe: 89, reason: 'sqli' },
    { file: 'b.js', line: 5, cwe: 79, reason: 'xss' },
    { file: 'c.js', line: 7, cwe: 22, reason: 'path' },
  ],
  confirmed: [{ file: 'd.js', line: 3, rule: 'weak-hash', reason: 'md5 password' }],
  false: [{ file: 'e.js', line: 9, rule: 'code-injection', reason: 'constant eval' }],
};

const finding = (file: string, line: number, rule: string, cwe: number, severity = 'HIGH'): ScoredFinding => ({ file, line, rule, cwe, severity });

describe('bench:sast --apps scoring', () => {
  it('counts an expected site found by a nearby finding of a compatible CWE, at any severity', () => {
    const s = scoreApp(labels, [
      finding('a.js', 12, 'sql-injection', 89),
      finding('b.js', 5, 'dom-xss', 79, 'MEDIUM'),
      finding('c.js', 20, 'path-traversal', 22), // too far from line 7
    ]);
    expect(s.found.map((x) => x.file)).toEqual(['a.js', 'b.js']);
    expect(s.missed.map((x) => x.file)).toEqual(['c.js']);
    expect(s.recall).toBeCloseTo(2 / 3);
  });

  it('does not count a finding of an unrelated CWE for a site', () => {
    expect(scoreApp(labels, [finding('a.js', 10, 'ssrf', 918)]).found).toEqual([]);
  });

  it('judges only CRITICAL/HIGH findings and leaves unlabelled ones unreviewed', () => {
    const s = scoreApp(labels, [
      finding('a.js', 10, 'sql-injection', 89, 'CRITICAL'),
      finding('d.js', 4, 'weak-hash', 328),
      finding('e.js', 9, 'code-injection', 94),
      finding('f.js', 1, 'ssrf', 918),
      finding('g.js', 1, 'ssrf', 918, 'LOW'),
    ]);
    expect(s.truePositives.map((f) => f.file)).toEqual(['a.js', 'd.js']);
    expect(s.falsePositives.map((f) => f.file)).toEqual(['e.js']);
    expect(s.unreviewed.map((f) => f.file)).toEqual(['f.js']);
    expect(s.precision).toBeCloseTo(2 / 3);
  });

  it('reports no precision when nothing severe was judged', () => {
    expect(scoreApp(labels, [finding('f.js', 1, 'ssrf', 918)]).precision).toBeUndefined();
  });

  it('treats CWEs of one family as compatible', () => {
    expect(compatibleCwe(95, 94)).toBe(true);
    expect(compatibleCwe(328, 916)).toBe(true);
    expect(compatibleCwe(79, 89)).toBe(false);
    expect(compatibleCwe(undefined, 89)).toBe(false);
  });

  it('excludes a folder and the paths under it only', () => {
    expect(isExcluded(labels, 'fixtures/x.js')).toBe(true);
    expect(isExcluded(labels, 'fixtures-extra/x.js')).toBe(false);
  });

  it('finds malformed label files', () => {
    expect(labelProblems({ ...labels, expected: [{ file: 'a.js', line: 'x', cwe: 89, reason: '' }] })).toEqual(['expected[0] is malformed']);
    expect(labelProblems({ app: 'x' })).toContain('expected must be an array');
  });

  it('accepts every committed label file', () => {
    const dir = new URL('../../bench/sast/apps/', import.meta.url).pathname;
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(labelProblems(JSON.parse(readFileSync(dir + f, 'utf8'))), f).toEqual([]);
  });
});
