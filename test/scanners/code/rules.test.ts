import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEVERITIES } from '../../../src/core/findings.js';
import type { CodeLanguage } from '../../../src/scanners/code/parser.js';
import type { CodeRule } from '../../../src/scanners/code/rule.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { scanner } from '../../../src/scanners/code/scanner.js';

const RULES_DIR = fileURLToPath(new URL('../../../src/scanners/code/rules/', import.meta.url));
const files = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .sort();
// Every rule file, registered or not, so a new rule is tested before it is registered.
const discovered: CodeRule[] = await Promise.all(files.map(async (f) => ((await import(pathToFileURL(RULES_DIR + f).href)) as { rule: CodeRule }).rule));

const EXTENSION: Readonly<Record<CodeLanguage, string>> = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' };
/** Settings-style rules look at settings modules; everything else at an ordinary source path. */
const pathFor = (rule: CodeRule, language: CodeLanguage, i: number) => (language === 'python' && /debug|cookie|cors/.test(rule.id) ? `project/settings.py` : `src/example-${i}.${EXTENSION[language]}`);

beforeAll(async () => {
  await scanner.init?.();
});

describe('code rule registry', () => {
  it('lists every rule file exactly once, with ids equal to file names', () => {
    expect(CODE_RULES.map((r) => `${r.id}.ts`).sort()).toEqual(files);
    expect(new Set(CODE_RULES.map((r) => r.id)).size).toBe(CODE_RULES.length);
  });

  it('has at least 20 rules covering JavaScript/TypeScript and Python', () => {
    expect(CODE_RULES.length).toBeGreaterThanOrEqual(20);
    expect(CODE_RULES.filter((r) => r.languages.includes('python')).length).toBeGreaterThanOrEqual(15);
    expect(CODE_RULES.filter((r) => r.languages.includes('typescript')).length).toBeGreaterThanOrEqual(15);
  });
});

describe.each(discovered.map((rule, i) => [files[i] as string, rule] as const))('rule %s', (file, rule) => {
  it('has complete metadata', () => {
    expect(`${rule.id}.ts`).toBe(file);
    expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(SEVERITIES).toContain(rule.severity);
    expect(rule.cwe).toMatch(/^CWE-\d+$/);
    expect(rule.owasp.some((o) => /^A\d{2}:2021$/.test(o))).toBe(true);
    expect(rule.owasp.some((o) => /^A\d{2}:2025$/.test(o))).toBe(true);
    expect(rule.languages.length).toBeGreaterThan(0);
    expect(rule.title.length).toBeGreaterThan(10);
    expect(rule.description.length).toBeGreaterThan(40);
    expect(rule.remediation.length).toBeGreaterThan(30);
    expect(rule.docs.summary.length).toBeGreaterThan(40);
    expect(rule.confidence).toBeGreaterThan(0);
    expect(rule.taintConfidence).toBeGreaterThanOrEqual(rule.confidence);
    expect(rule.taintConfidence).toBeLessThanOrEqual(1);
  });

  it('has examples in each of its language families', () => {
    expect(rule.docs.examples.length).toBeGreaterThan(0);
    for (const example of rule.docs.examples) expect(rule.languages).toContain(example.language);
    const family = (l: CodeLanguage) => (l === 'javascript' || l === 'typescript' || l === 'tsx' ? 'js' : l);
    const families = new Set(rule.languages.map(family));
    const covered = new Set(rule.docs.examples.map((e) => family(e.language)));
    expect(covered).toEqual(families);
  });

  it.each(rule.docs.examples.map((e, i) => [i, e] as const))('example %i: vulnerable code is reported, safe code is not', (i, example) => {
    const path = pathFor(rule, example.language, i);
    const vulnerable = scanner.scanFile({ path, text: example.bad }).filter((f) => f.ruleId === rule.id);
    const safe = scanner.scanFile({ path, text: example.good }).filter((f) => f.ruleId === rule.id);
    expect(vulnerable.length).toBeGreaterThan(0);
    expect(safe).toEqual([]);
    for (const f of vulnerable) {
      expect(f.category).toBe('code');
      expect(f.scanner).toBe('code');
      expect(f.owaspCategories).toEqual(rule.owasp);
      expect(f.line).toBeGreaterThanOrEqual(1);
      expect(f.column).toBeGreaterThanOrEqual(1);
      // The evidence is the line; a hard-coded key the rule found (its `secret`) is cut from it where it shows.
      const line = example.bad.split('\n')[f.line - 1]?.trim() ?? '';
      expect(f.evidence).toBe(f.secret === undefined ? line : line.split(f.secret).join('[REDACTED]'));
      expect(f.fingerprintMaterial?.startsWith(`${rule.id}:`)).toBe(true);
    }
  });
});
