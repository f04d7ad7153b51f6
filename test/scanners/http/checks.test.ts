import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SEVERITIES } from '../../../src/core/findings.js';
import type { HttpCheck } from '../../../src/scanners/http/check.js';
import { HTTP_CHECKS } from '../../../src/scanners/http/checks/index.js';
import { exampleToRetrieved } from '../../../src/scanners/http/examples.js';
import { scanRetrieved } from '../../../src/scanners/http/scanner.js';

const CHECKS_DIR = fileURLToPath(new URL('../../../src/scanners/http/checks/', import.meta.url));
const files = readdirSync(CHECKS_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .sort();
// Every check file, registered or not, so a new check can be tested before it is registered.
const discovered: HttpCheck[] = await Promise.all(
  files.map(async (f) => ((await import(pathToFileURL(CHECKS_DIR + f).href)) as { check: HttpCheck }).check),
);

describe('API-headers check registry', () => {
  it('lists every check file exactly once, with ids equal to file names', () => {
    expect(HTTP_CHECKS.map((c) => `${c.id}.ts`).sort()).toEqual(files);
    expect(new Set(HTTP_CHECKS.map((c) => c.id)).size).toBe(HTTP_CHECKS.length);
  });

  it('gives every CORS outcome its own title, so a wildcard never reads like a reflected origin', () => {
    const titles = HTTP_CHECKS.filter((c) => c.category === 'cors').flatMap((c) => Object.values(c.outcomes).map((o) => o.title));
    expect(new Set(titles).size).toBe(titles.length);
    const wildcard = HTTP_CHECKS.find((c) => c.id === 'cors-wildcard-origin')?.outcomes as Record<string, { title: string }> | undefined;
    expect(wildcard?.wildcard?.title).toMatch(/wildcard/i);
    expect(wildcard?.wildcard?.title).not.toMatch(/reflect|any origin/i);
  });

  it('covers both categories', () => {
    expect(new Set(HTTP_CHECKS.map((c) => c.category))).toEqual(new Set(['headers', 'cors']));
  });
});

describe.each(discovered.map((check, i) => [files[i] as string, check] as const))('check %s', (file, check) => {
  it('has complete metadata', () => {
    expect(`${check.id}.ts`).toBe(file);
    expect(check.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(CATEGORIES).toContain(check.category);
    expect(check.cwe).toMatch(/^CWE-\d+$/);
    expect(check.owasp.length).toBeGreaterThan(0);
    for (const owasp of check.owasp) expect(owasp).toMatch(/^A\d{2}:(2021|2025)$/);
    expect(check.owasp.some((o) => o.endsWith(':2021'))).toBe(true);
    expect(check.owasp.some((o) => o.endsWith(':2025'))).toBe(true);
    expect(check.docs.summary.length).toBeGreaterThan(40);
    expect(check.remediation.length).toBeGreaterThan(20);
  });

  it('gives every outcome a severity, a rationale and prose', () => {
    const keys = Object.keys(check.outcomes);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const policy = check.outcomes[key];
      expect(SEVERITIES).toContain(policy?.severity);
      expect(policy?.rationale.length).toBeGreaterThan(20);
      expect(policy?.title.length).toBeGreaterThan(5);
      expect(policy?.description.length).toBeGreaterThan(20);
      if (policy?.confidence !== undefined) expect(policy.confidence).toBeGreaterThan(0);
      if (policy?.confidence !== undefined) expect(policy.confidence).toBeLessThanOrEqual(1);
      if (policy?.cwe !== undefined) expect(policy.cwe).toMatch(/^CWE-\d+$/);
      for (const owasp of policy?.owasp ?? []) expect(owasp).toMatch(/^A\d{2}:(2021|2025)$/);
    }
  });

  it('has a failing example for every outcome and at least one passing example', () => {
    const covered = new Set(check.docs.bad.flatMap((e) => e.expect));
    expect([...covered].sort()).toEqual(Object.keys(check.outcomes).sort());
    expect(check.docs.good.length).toBeGreaterThan(0);
  });

  it.each(check.docs.bad.map((e) => [e.note, e] as const))('reports: %s', (_note, example) => {
    const keys = check.run(exampleToRetrieved(example)).map((o) => o.key);
    for (const key of example.expect) expect(keys).toContain(key);
  });

  it.each(check.docs.good.map((e) => [e.note, e] as const))('does not report: %s', (_note, example) => {
    expect(check.run(exampleToRetrieved(example))).toEqual([]);
  });

  it('fills every placeholder of the prose its examples produce', () => {
    // The placeholders the check's prose uses; a value may itself hold braces (an OpenAPI path template such as /users/{id}).
    const prose = Object.values(check.outcomes).map((o) => `${o.title} ${o.description}`).join(' ');
    const placeholders = [...new Set([...prose.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[0]))];
    for (const example of check.docs.bad) {
      for (const { raw } of scanRetrieved(exampleToRetrieved(example), [check])) {
        for (const placeholder of placeholders) {
          expect(raw.title).not.toContain(placeholder);
          expect(raw.description).not.toContain(placeholder);
        }
      }
    }
  });

  it('names the probe in every CORS finding', () => {
    if (check.category !== 'cors') return;
    for (const example of check.docs.bad) {
      for (const { raw, method } of scanRetrieved(exampleToRetrieved(example), [check])) {
        expect(raw.evidence).toMatch(/^Origin: \S+ \(sent with (GET|OPTIONS)\)/);
        expect(raw.description).toContain(method);
      }
    }
  });
});
