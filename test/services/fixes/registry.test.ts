import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { FIXERS, selectFixer, SUPPORTED_TITLES } from '../../../src/services/fixes/registry.js';
import { branchFor } from '../../../src/services/fixes/pr-text.js';
import { TITLES } from '../../../src/scanners/secrets/rule.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { WORKFLOW_RULES } from '../../../src/scanners/workflows/rules/index.js';
import { TITLE_RULES } from '../../../src/services/fixes/titles.js';
import { findingAt } from './helpers.js';

describe('fixer registry', () => {
  it('covers the titles of the specification table and the workflow fixes, one fixer per title', () => {
    expect([...SUPPORTED_TITLES].sort()).toEqual(
      [
        ...Object.values(TITLES),
        'Checkout credentials left where untrusted code or artifacts can reach them',
        'No permissions set for the workflow token',
        'Untrusted input expanded into a script',
        'Third-party action not pinned to a commit',
        'GitHub-maintained action not pinned to a commit',
        'Third-party reusable workflow not pinned to a commit',
        'GitHub-maintained reusable workflow not pinned to a commit',
      ].sort(),
    );
    expect(new Set(SUPPORTED_TITLES).size).toBe(SUPPORTED_TITLES.length);
    expect(new Set(FIXERS.map((f) => f.id)).size).toBe(FIXERS.length);
  });

  it.each(Object.values(TITLES))('selects a fixer for "%s"', (title) => {
    expect(selectFixer(findingAt(title, 'a.ts', 1)).titles).toContain(title);
  });

  it('answers 400 Finding not supported, pointing at /v1/fix, for other titles', () => {
    const error = (() => {
      try {
        selectFixer(findingAt('Hard-coded secret', 'a.ts', 1));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).detail).toMatch(/^Finding not supported: .*Hard-coded secret.*\/v1\/fix\b/);
  });

  it('answers 400 Finding incomplete, naming the missing fields, for a redaction finding without a file location', () => {
    const finding = { ...findingAt(TITLES.awsAccessKey, 'a.ts', 1), location: { target: 'acme/app', url: null, method: null } };
    expect(() => selectFixer(finding)).toThrow(/^Finding incomplete: .*finding\.location\.path and finding\.location\.line are missing/);
  });

  it('needs no file location for the .gitignore fix', () => {
    const finding = { ...findingAt(TITLES.envNotIgnored, '.gitignore', 1), location: { target: 'acme/app', url: null, method: null } };
    expect(selectFixer(finding).titles).toContain(TITLES.envNotIgnored);
  });

  it('names the branch after the finding id, in lower case', () => {
    expect(branchFor(findingAt(TITLES.jwt, 'a.ts', 1, undefined, { id: 'SEC-AB12CD' }))).toBe('vigil/fix-sec-ab12cd');
  });

  it('docs/fix-pr.md documents every supported title and every fixer', async () => {
    const doc = await readFile(new URL('../../../docs/fix-pr.md', import.meta.url), 'utf8');
    for (const title of SUPPORTED_TITLES) expect(doc).toContain(title);
    for (const fixer of FIXERS) expect(doc).toContain(fixer.id);
  });

  it('maps every supported title to rules of the catalogues, and selects the fixer that declares the rule', () => {
    const known = new Set([...SECRET_RULES.map((r) => r.id), ...WORKFLOW_RULES.map((r) => r.id), 'env-not-gitignored']);
    expect([...TITLE_RULES.keys()].sort()).toEqual([...SUPPORTED_TITLES].sort());
    for (const [title, rules] of TITLE_RULES) {
      for (const rule of rules) {
        expect(known.has(rule), `${rule} is a rule id`).toBe(true);
        const secret = SECRET_RULES.find((r) => r.id === rule);
        if (secret !== undefined) expect(secret.title).toBe(title);
        expect(selectFixer({ ...findingAt(title, '.github/workflows/ci.yml', 1), rule_id: rule }).rules).toContain(rule);
      }
    }
  });

  it('selects by the title, not by a rule_id that disagrees with it', () => {
    const finding = { ...findingAt(TITLES.jwt, 'a.ts', 1), rule_id: 'aws-access-key-id' };
    expect(selectFixer(finding).id).toBe('redact-jwt');
  });
});
