/**
 * The prefilter must never cost a finding: every file here is scanned by the scanner with the rules'
 * triggers and by one whose rules have none (each rule runs on each file of its language), and the
 * findings must be the same. The fixtures (fixtures/prefilter/<language>/<rule>.<variant>.<ext>)
 * are small realistic files, one sink variant each, so that every trigger word a rule declares is
 * what lets some file through; each must be reported by the rule it is named after.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeLanguage } from '../../../src/scanners/code/parser.js';
import type { CodeRule } from '../../../src/scanners/code/rule.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { createCodeScanner } from '../../../src/scanners/code/scanner.js';

const prefiltered = createCodeScanner();
const unfiltered = createCodeScanner(CODE_RULES.map((r): CodeRule => ({ ...r, triggers: undefined })));

const root = new URL('./fixtures/prefilter/', import.meta.url);
const fixtures = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(new URL(`${d.name}/`, root)).map((file) => ({ file, text: readFileSync(new URL(`${d.name}/${file}`, root), 'utf8') })))
  .sort((a, b) => a.file.localeCompare(b.file));

const EXTENSION: Readonly<Record<CodeLanguage, string>> = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' };
const examples = CODE_RULES.flatMap((rule) =>
  rule.docs.examples.flatMap((e, i) => [
    [`${rule.id} ${i} vulnerable`, `src/${rule.id}-${i}.${EXTENSION[e.language]}`, e.bad],
    [`${rule.id} ${i} safe`, `src/${rule.id}-${i}.${EXTENSION[e.language]}`, e.good],
  ] as const),
);

beforeAll(async () => {
  await prefiltered.init?.();
});

describe('prefilter: no finding is lost', () => {
  it('has a fixture for every Java, PHP, Go and Ruby rule', () => {
    const covered = new Set(fixtures.map((f) => f.file.split('.')[0]));
    const foreign = CODE_RULES.filter((r) => r.languages.some((l) => l === 'java' || l === 'php' || l === 'go' || l === 'ruby'));
    expect(foreign.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(fixtures.map((f) => [f.file, f.text] as const))('%s: reported by its rule, alike with and without triggers', (file, text) => {
    const path = `src/${file}`;
    const without = unfiltered.scanFile({ path, text });
    expect(without.map((f) => f.ruleId)).toContain(file.split('.')[0]);
    expect(prefiltered.scanFile({ path, text })).toEqual(without);
  });

  it.each(examples)('docs example %s: alike with and without triggers', (_name, path, text) => {
    expect(prefiltered.scanFile({ path, text })).toEqual(unfiltered.scanFile({ path, text }));
  });
});
