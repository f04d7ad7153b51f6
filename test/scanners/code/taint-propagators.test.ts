/**
 * Every propagator row of taint-propagators.ts, through its examples. A row that passes taint
 * (argument→result, argument→receiver): the example is reported by its rule as a proven flow, and
 * with the call renamed to a name no row lists it is not (except argument→result rows of the
 * per-function model, whose unlisted calls pass their arguments' taint anyway). A `none` row: the
 * example is not reported as a proven flow, and renamed it is. A row that assembles strings
 * (`sprintf`): its example, with no source, is reported as built at run time, and renamed it is
 * not reported. A `content-of-argument` row (file reads): its `clean` examples, where request data
 * only picks a local file, are not reported as a proven flow and renamed they are; its other
 * examples (a URL or stream wrapper the attacker may name) are, as with an unlisted call.
 */
import { describe, expect, it } from 'vitest';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { PROPAGATORS, UNLISTED_CALLS, type PropagatorExample, type PropagatorRow } from '../../../src/scanners/code/taint-propagators.js';
import { byRule, EXAMPLE_PATHS, scan } from './helpers.js';

const PATHS = EXAMPLE_PATHS;

const nameOf = (row: PropagatorRow, e: PropagatorExample): string => e.name ?? (row.names[0] as string).split('.').at(-1) ?? '';

/** The example with the last call of its propagator renamed to a name no row lists. */
function renamed(row: PropagatorRow, e: PropagatorExample): string {
  const name = nameOf(row, e);
  const at = e.code.lastIndexOf(`${name}(`);
  return `${e.code.slice(0, at)}${name}Unlisted${e.code.slice(at + name.length)}`;
}

const taintConfidence = (ruleId: string): number => {
  const rule = CODE_RULES.find((r) => r.id === ruleId);
  if (!rule) throw new Error(`no rule ${ruleId}`);
  return rule.taintConfidence ?? rule.confidence;
};

/** 'taint': a proven flow; 'pattern': only a finding without a proven source; 'none': no finding. */
async function outcome(language: PropagatorRow['language'], ruleId: string, code: string): Promise<'taint' | 'pattern' | 'none'> {
  const findings = byRule(await scan(PATHS[language], code), ruleId);
  if (findings.some((f) => f.confidence === taintConfidence(ruleId) && /Request data|request data|from `/.test(f.description))) return 'taint';
  return findings.length > 0 ? 'pattern' : 'none';
}

const cases = PROPAGATORS.flatMap((row) =>
  row.examples.map((example, i) => ({ name: `${row.language} ${row.flow} ${row.kind} example ${i + 1}: ${nameOf(row, example)} (${example.rule})`, row, example })),
);

describe('propagators as data', () => {
  it('has examples for every row, each calling a name of its row', () => {
    for (const row of PROPAGATORS) {
      expect(row.examples.length, row.summary).toBeGreaterThan(0);
      for (const e of row.examples) {
        expect(row.names.some((n) => n === nameOf(row, e) || n.endsWith(`.${nameOf(row, e)}`)), `${row.summary}: ${nameOf(row, e)}`).toBe(true);
        expect(e.code).toContain(`${nameOf(row, e)}(`);
      }
    }
  });

  it('gives every content-of-argument row an example where request data only picks a local file', () => {
    for (const row of PROPAGATORS.filter((r) => r.flow === 'content-of-argument')) {
      expect(row.examples.some((e) => e.expect === 'clean'), row.summary).toBe(true);
      // A row that opens URLs keeps the flow of a URL the attacker names.
      if (row.opensUrls) expect(row.examples.some((e) => e.expect !== 'clean'), row.summary).toBe(true);
    }
  });

  it.each(cases)('$name', async ({ row, example }) => {
    const language = row.language;
    const expected = example.expect === 'pattern' ? 'pattern' : row.flow === 'none' || example.expect === 'clean' ? 'not-taint' : 'taint';
    const got = await outcome(language, example.rule, example.code);
    const gotRenamed = await outcome(language, example.rule, renamed(row, example));
    if (expected === 'taint') {
      expect(got).toBe('taint');
      // An unlisted call of the per-function model passes its arguments' taint too.
      if (!((row.flow === 'argument-to-result' || row.flow === 'content-of-argument') && UNLISTED_CALLS[language].argumentsToResult)) expect(gotRenamed).not.toBe('taint');
    } else if (expected === 'not-taint') {
      expect(got).not.toBe('taint');
      expect(gotRenamed).toBe('taint');
    } else {
      expect(got).toBe('pattern');
      expect(gotRenamed).toBe('none');
    }
  });
});
