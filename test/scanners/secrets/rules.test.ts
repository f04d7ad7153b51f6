import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nestedRepetition } from '../../helpers/regex-safety.js';
import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '../../../src/core/findings.js';
import { secretsPage } from '../../../src/scanners/secrets/docs.js';
import { renderRulePage } from '../../../src/scanners/docs.js';
import { createSecretsScanner } from '../../../src/scanners/secrets/scanner.js';
import type { SecretRule } from '../../../src/scanners/secrets/rule.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';

const RULES_DIR = fileURLToPath(new URL('../../../src/scanners/secrets/rules/', import.meta.url));
const files = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .sort();
const discovered: SecretRule[] = await Promise.all(
  files.map(async (f) => ((await import(pathToFileURL(RULES_DIR + f).href)) as { default: SecretRule }).default),
);
// Every rule file, registered or not, so a new rule can be checked before it is registered.
const scanner = createSecretsScanner(discovered);
const ruleIdsIn = (text: string, path = 'src/settings.ts') => scanner.scanFile({ path, text }).map((f) => f.ruleId);

describe('secrets rule registry', () => {
  it('lists every rule file exactly once, with ids equal to file names', () => {
    expect(SECRET_RULES.map((r) => `${r.id}.ts`).sort()).toEqual(files);
    expect(new Set(SECRET_RULES.map((r) => r.id)).size).toBe(SECRET_RULES.length);
  });

  it('has at least 120 rules', () => {
    expect(SECRET_RULES.length).toBeGreaterThanOrEqual(120);
  });
});

describe.each(discovered.map((rule, i) => [files[i] as string, rule] as const))('secrets rule %s', (file, rule) => {
  it('has complete metadata', () => {
    expect(`${rule.id}.ts`).toBe(file);
    expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(SEVERITIES).toContain(rule.severity);
    expect(rule.confidence).toBeGreaterThan(0);
    expect(rule.confidence).toBeLessThanOrEqual(1);
    expect(rule.title.length).toBeGreaterThan(2);
    expect(rule.description.length).toBeGreaterThan(20);
    expect(rule.remediation.length).toBeGreaterThan(20);
    expect(rule.docs.summary.length).toBeGreaterThan(10);
    expect(rule.cwe).toMatch(/^CWE-\d+$/);
    expect(rule.docs.bad.length).toBeGreaterThan(0);
    expect(rule.docs.good.length).toBeGreaterThan(0);
    for (const k of rule.keywords) expect(k).toMatch(/^[\x20-\x7e]+$/);
    for (const k of rule.keywords) expect(k).toBe(k.toLowerCase());
  });

  it('cannot backtrack catastrophically', () => {
    expect(nestedRepetition(rule.pattern)).toBeUndefined();
  });

  it.each(rule.docs.bad.map((s) => [s]))('reports %j', (snippet) => {
    expect(ruleIdsIn(snippet, rule.pathPattern ? (rule.docs.path ?? 'x') : undefined)).toContain(rule.id);
  });

  it.each(rule.docs.good.map((s) => [s]))('does not report %j', (snippet) => {
    expect(ruleIdsIn(snippet, rule.pathPattern ? (rule.docs.path ?? 'x') : undefined)).not.toContain(rule.id);
  });
});

describe('docs/rules/secrets.md', () => {
  it('is the page the rules generate (run npm run docs:rules after changing a rule)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/secrets.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRulePage(secretsPage(SECRET_RULES)));
  });
});
