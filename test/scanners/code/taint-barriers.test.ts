/**
 * Every barrier group of taint-barriers.ts, through its examples: the unguarded (or wrongly
 * guarded) code is reported by the example's rule, the guarded code is not, and for PHP, Go, Java
 * and Ruby the guarded code is reported again when the group is left out (so the example exercises
 * that group, not another). The format's pure parts (restrictive patterns, rules over facts) are
 * tested directly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clears, compileBarriers, restrictivePattern, strictPattern, type Fact } from '../../../src/scanners/code/barrier-spec.js';
import { usesFunctionModel, type CodeLanguage } from '../../../src/scanners/code/parser.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { analyse, scanner } from '../../../src/scanners/code/scanner.js';
import { sinkMatcher } from '../../../src/scanners/code/sink-spec.js';
import { BARRIER_RULES, TAINT_BARRIERS } from '../../../src/scanners/code/taint-barriers.js';
import { TAINT_SINKS } from '../../../src/scanners/code/taint-sinks.js';

const EXTENSION: Readonly<Record<CodeLanguage, string>> = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' };

const cases = TAINT_BARRIERS.flatMap((group) => group.examples.map((example, i) => ({ name: `${group.title} (example ${i + 1})`, group, example })));

beforeAll(async () => {
  await scanner.init?.();
});

describe('barriers as data', () => {
  it('gives every group rows and at least one example in its own language family, naming a rule of that language', () => {
    for (const group of TAINT_BARRIERS) {
      const rows = [group.sanitisers, group.checks, group.normalisers, group.conversions, group.urlParsers, group.hostParts, group.safeOptions, group.exits].reduce((n, r) => n + (r?.length ?? 0), 0);
      expect(rows, group.title).toBeGreaterThan(0);
      expect(group.examples.length, group.title).toBeGreaterThan(0);
      for (const e of group.examples) {
        expect(group.language, group.title).toBe(['javascript', 'typescript', 'tsx'].includes(e.language) ? 'js' : e.language);
        expect(CODE_RULES.find((r) => r.id === e.rule)?.languages, `${group.title}: ${e.rule}`).toContain(e.language);
      }
    }
  });

  it('shows every example in the documentation of its rule', () => {
    for (const group of TAINT_BARRIERS) {
      for (const { rule, language, bad, good } of group.examples) expect(CODE_RULES.find((r) => r.id === rule)?.docs.examples).toContainEqual({ language, bad, good });
    }
  });

  it.each(cases)('$name: the bad code is reported, the good code is not, and is again without the group', ({ group, example }) => {
    const path = `src/example.${EXTENSION[example.language]}`;
    const bad = scanner.scanFile({ path, text: example.bad }).filter((f) => f.ruleId === example.rule);
    expect(bad.length).toBeGreaterThan(0);
    expect(scanner.scanFile({ path, text: example.good }).filter((f) => f.ruleId === example.rule)).toEqual([]);
    // The JavaScript and Python engine reads its host rows directly; only the PHP, Go, Java and Ruby engine takes other rows.
    if (!usesFunctionModel(example.language)) return;
    const spec = TAINT_SINKS[example.rule];
    expect(spec).toBeDefined();
    const ctx = analyse(path, example.good, example.language);
    expect(ctx).toBeDefined();
    const others = TAINT_BARRIERS.filter((g) => g !== group);
    if (spec && ctx) expect(sinkMatcher(spec, { barriers: (l) => compileBarriers(others, BARRIER_RULES, l) })(ctx).length).toBeGreaterThan(0);
  });
});

describe('restrictive patterns', () => {
  it.each([
    ['^[a-z0-9_-]+$', {}],
    ['^[a-zA-Z0-9_-]+\\.pdf$', {}],
    ['\\A[a-z]+\\z', { ruby: true }],
    ['[a-zA-Z0-9]+', { whole: true }],
    ['^\\d{1,8}$', {}],
  ] as const)('%s admits no separator or `..`', (source, options) => {
    expect(restrictivePattern(source, options)).toBe(true);
  });

  it.each([
    ['[a-z]+', {}, 'not anchored'],
    ['^[a-z]+$', { ruby: true }, 'Ruby `^`/`$` match at line ends'],
    ['^[\\w.-]+$', {}, 'a dot in a class admits `..`'],
    ['^[\\w\\.]+$', {}, 'an escaped dot in a class admits `..`'],
    ['^.+$', {}, 'the wildcard'],
    ['^[a-z/]+$', {}, 'a slash'],
    ['^[^<>]+$', {}, 'a negated class'],
    ['^\\S+$', {}, 'a negated class escape'],
    ['^[a-z]+\\x2f[a-z]+$', {}, 'a code point'],
    ['^http:\\/\\/', {}, 'an escaped slash and no end anchor'],
  ] as const)('%s is not restrictive (%s)', (source, options, _why) => {
    expect(restrictivePattern(source, options)).toBe(false);
  });
});

describe('strict patterns', () => {
  it.each([['^\\d+$'], ['^[a-z0-9_-]{1,32}$'], ['^\\w+\\.pdf$'], ['\\A[A-Z]{2}\\z']] as const)('%s admits only words', (source) => {
    expect(strictPattern(source, { ruby: source.startsWith('\\A') })).toBe(true);
  });

  it.each([
    ['^[a-z]+', 'not anchored at the end'],
    ['^(admin|user)$', 'a group (not needed for a word, and `|` is an operator)'],
    ["^[\\w '-]+$", 'a blank and a quote'],
    ['^[\\w.]+$', 'a dot in a class (restrictive patterns refuse it)'],
    ['^\\S+$', 'a negated class escape'],
    ['^[a-z]+\\s[a-z]+$', 'a blank escape'],
  ] as const)('%s is not strict (%s)', (source, _why) => {
    expect(strictPattern(source)).toBe(false);
  });
});

describe('barrier rules over facts', () => {
  const fact = (f: Partial<Fact> & Pick<Fact, 'check'>): Fact => ({ holds: true, trusted: true, ...f });

  it('clears a path when a prefix check follows normalisation, or when `..` was refused', () => {
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: '/var/www/' })], 'path')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: '/var/www/', normalised: 'clean' })], 'path')).toBe(true);
    expect(clears(BARRIER_RULES, [fact({ check: 'contains', constant: '..', holds: false })], 'path')).toBe(true);
    // Containing `..` is no barrier, nor is lacking another part.
    expect(clears(BARRIER_RULES, [fact({ check: 'contains', constant: '..' })], 'path')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'contains', constant: 'etc', holds: false })], 'path')).toBe(false);
    // A prefix that is the root alone fixes no directory.
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: '/', normalised: 'clean' })], 'path')).toBe(false);
  });

  it('clears a redirect target for a local path, a fixed origin or a host check, not for a substring check', () => {
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: '/' })], 'url')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: '/' }), fact({ check: 'prefix', constant: '//', holds: false })], 'url')).toBe(true);
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: 'https://shop.example.com/' })], 'url')).toBe(true);
    expect(clears(BARRIER_RULES, [fact({ check: 'prefix', constant: 'https://shop.example.com' })], 'url')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'contains', constant: 'example.com' })], 'url')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'equals', part: 'host', constant: 'example.com' })], 'url')).toBe(true);
    // A host check says nothing of a path.
    expect(clears(BARRIER_RULES, [fact({ check: 'equals', part: 'host', constant: 'example.com' })], 'path')).toBe(false);
  });

  it('clears every kind of sink for a number or word, and for a strict pattern; a restrictive one only paths and URLs', () => {
    for (const kind of ['sql', 'shell', 'html', 'code', 'path', 'url'] as const) {
      expect(clears(BARRIER_RULES, [fact({ check: 'restricted' })], kind)).toBe(true);
      expect(clears(BARRIER_RULES, [fact({ check: 'matches', restrictive: true, strict: true })], kind)).toBe(true);
      expect(clears(BARRIER_RULES, [fact({ check: 'restricted', holds: false })], kind)).toBe(false);
    }
    expect(clears(BARRIER_RULES, [fact({ check: 'matches', restrictive: true })], 'sql')).toBe(false);
  });

  it('needs a trusted collection or value for an allow-list, and does not clear other kinds of sink', () => {
    expect(clears(BARRIER_RULES, [fact({ check: 'member', trusted: false })], 'path')).toBe(false);
    expect(clears(BARRIER_RULES, [fact({ check: 'member' })], 'path')).toBe(true);
    expect(clears(BARRIER_RULES, [fact({ check: 'member' })], 'sql')).toBe(false);
  });

  it('compiles the rows of a language family only', () => {
    const php = compileBarriers(TAINT_BARRIERS, BARRIER_RULES, 'php');
    expect(php.sanitisers.get('url')?.has('urlencode')).toBe(true);
    expect(php.sanitisers.get('url')?.has('QueryEscape')).toBe(false);
    expect(compileBarriers(TAINT_BARRIERS, BARRIER_RULES, 'go').sanitisers.get('url')?.has('QueryEscape')).toBe(true);
  });
});
