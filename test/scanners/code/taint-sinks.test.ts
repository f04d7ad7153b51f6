/**
 * Every sink group of taint-sinks.ts, through its examples: the vulnerable code is reported by
 * the group's rule and by the group's rows alone (so the example exercises that group, not
 * another), passes the rule's prefilter, and the fixed code is not reported.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeLanguage } from '../../../src/scanners/code/parser.js';
import { LanguagePrefilter } from '../../../src/scanners/code/prefilter.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { analyse, scanner } from '../../../src/scanners/code/scanner.js';
import { SINK_CONDITIONS, sinkMatcher } from '../../../src/scanners/code/sink-spec.js';
import { TAINT_SINKS } from '../../../src/scanners/code/taint-sinks.js';

const EXTENSION: Readonly<Record<CodeLanguage, string>> = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' };

const cases = Object.entries(TAINT_SINKS).flatMap(([ruleId, spec]) =>
  spec.groups.flatMap((group) => group.examples.map((example, i) => ({ name: `${ruleId}: ${group.title} (example ${i + 1})`, ruleId, spec, group, example }))),
);

beforeAll(async () => {
  await scanner.init?.();
});

describe('sinks as data', () => {
  it('gives every group at least one example in its own language family', () => {
    for (const spec of Object.values(TAINT_SINKS)) {
      for (const group of spec.groups) {
        expect(group.examples.length, group.title).toBeGreaterThan(0);
        expect(group.rows.length, group.title).toBeGreaterThan(0);
        for (const e of group.examples) expect(group.language, group.title).toBe(['javascript', 'typescript', 'tsx'].includes(e.language) ? 'js' : e.language);
      }
    }
  });

  it('uses every named condition in some row (the set stays closed and small)', () => {
    const used = new Set(Object.values(TAINT_SINKS).flatMap((spec) => spec.groups.flatMap((g) => g.rows.flatMap((r) => r.when ?? []))));
    expect(SINK_CONDITIONS.filter((c) => !used.has(c))).toEqual([]);
  });

  it('is run by a registered rule of that id, whose documentation shows every example', () => {
    for (const [ruleId, spec] of Object.entries(TAINT_SINKS)) {
      const rule = CODE_RULES.find((r) => r.id === ruleId);
      expect(rule, ruleId).toBeDefined();
      for (const g of spec.groups) for (const e of g.examples) expect(rule?.docs.examples).toContain(e);
    }
  });

  it.each(cases)('$name: the bad code is reported by the rule and by the group alone; the good code is not', ({ ruleId, spec, group, example }) => {
    const path = `src/example.${EXTENSION[example.language]}`;
    const rule = CODE_RULES.find((r) => r.id === ruleId);
    if (!rule) throw new Error(`no rule ${ruleId}`);
    expect(new LanguagePrefilter([rule], example.language).select(example.bad)).toEqual([rule]);
    const bad = scanner.scanFile({ path, text: example.bad }).filter((f) => f.ruleId === ruleId);
    expect(bad.length).toBeGreaterThan(0);
    const ctx = analyse(path, example.bad, example.language);
    expect(ctx).toBeDefined();
    if (ctx) expect(sinkMatcher({ ...spec, groups: [group] })(ctx).length).toBeGreaterThan(0);
    expect(scanner.scanFile({ path, text: example.good }).filter((f) => f.ruleId === ruleId)).toEqual([]);
  });
});
