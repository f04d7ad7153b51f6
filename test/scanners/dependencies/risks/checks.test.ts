import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEVERITIES, SEVERITY_RANK } from '../../../../src/core/findings.js';
import { buildRiskContext } from '../../../../src/scanners/dependencies/risks/context.js';
import { CONFIG_FILE_NAMES, RISK_CHECKS, runRiskChecks } from '../../../../src/scanners/dependencies/risks/index.js';
import type { RiskCheck } from '../../../../src/scanners/dependencies/risks/types.js';

const CHECKS_DIR = fileURLToPath(new URL('../../../../src/scanners/dependencies/risks/checks/', import.meta.url));
const files = readdirSync(CHECKS_DIR).filter((f) => f.endsWith('.ts')).sort();
const discovered: RiskCheck[] = await Promise.all(
  files.map(async (f) => ((await import(pathToFileURL(CHECKS_DIR + f).href)) as { check: RiskCheck }).check),
);

describe('risk check registry', () => {
  it('lists every check file exactly once, with ids equal to file names', () => {
    expect(RISK_CHECKS.map((c) => `${c.id}.ts`).sort()).toEqual(files);
    expect(new Set(RISK_CHECKS.map((c) => c.id)).size).toBe(RISK_CHECKS.length);
  });

  it('has the eight checks of the supply-chain rules', () => {
    expect(RISK_CHECKS.map((c) => c.id)).toEqual([
      'missing-lockfile', 'floating-version', 'non-registry-source', 'lockfile-foreign-host',
      'lockfile-missing-integrity', 'install-script-download', 'dependency-confusion', 'typosquat',
    ]);
  });

  it('names configuration files by file name only', () => {
    for (const name of CONFIG_FILE_NAMES) expect(name).not.toContain('/');
    expect(CONFIG_FILE_NAMES).toContain('.npmrc');
    expect(CONFIG_FILE_NAMES).toContain('pip.conf');
  });
});

describe.each(discovered.map((check, i) => [files[i] as string, check] as const))('check %s', (file, check) => {
  it('has complete metadata', () => {
    expect(`${check.id}.ts`).toBe(file);
    expect(check.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(SEVERITIES).toContain(check.severity);
    expect(check.severityNote).toContain(check.severity);
    expect(check.cwe).toMatch(/^CWE-\d+$/);
    expect(check.owasp).toContain('A03:2025');
    expect(check.owasp.some((o) => o === 'A06:2021' || o === 'A08:2021')).toBe(true);
    expect(check.title.length).toBeGreaterThan(10);
    expect(check.description.length).toBeGreaterThan(30);
    expect(check.remediation.length).toBeGreaterThan(30);
    expect(check.docs.summary.length).toBeGreaterThan(100);
    expect(check.docs.bad.length).toBeGreaterThan(0);
    expect(check.docs.good.length).toBeGreaterThan(0);
    for (const files of [...check.docs.bad, ...check.docs.good]) expect(Object.keys(files).length).toBeGreaterThan(0);
  });

  it.each(check.docs.bad.map((files, i) => [i + 1, files] as const))('reports its bad example %i', (_i, files) => {
    const findings = check.run(buildRiskContext(files));
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.ruleId).toBe(check.id);
      expect(f.category).toBe('supply_chain');
      expect(f.scanner).toBe('supply_chain');
      expect(f.owaspCategories).toEqual(check.owasp);
      expect(SEVERITY_RANK[f.severity]).toBeLessThanOrEqual(SEVERITY_RANK[check.severity]);
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(Object.keys(files)).toContain(f.path);
      expect(f.line).toBeGreaterThanOrEqual(1);
      expect(f.column).toBeGreaterThanOrEqual(1);
      expect(f.evidence.length).toBeGreaterThan(0);
      expect(f.evidence.length).toBeLessThanOrEqual(200);
      expect(f.evidence).toBe(f.evidence.trim());
      // The evidence is the offending line of the file.
      const text = files[f.path] ?? '';
      expect(text.split('\n')[f.line - 1]?.trim().startsWith(f.evidence.replace(/…$/, ''))).toBe(true);
      expect(f.fingerprintMaterial).toMatch(new RegExp(`^${check.id}:`));
    }
    // The docs example shows every finding at most once per entry.
    const ids = findings.map((f) => f.fingerprintMaterial);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(check.docs.good.map((files, i) => [i + 1, files] as const))('reports nothing for its good example %i', (_i, files) => {
    expect(check.run(buildRiskContext(files))).toEqual([]);
  });
});

describe('runRiskChecks', () => {
  it('runs every check and keeps the others when one throws', () => {
    const ctx = buildRiskContext(RISK_CHECKS.find((c) => c.id === 'typosquat')?.docs.bad[0] ?? {});
    const broken: RiskCheck = { ...RISK_CHECKS[0]!, id: 'broken', run: () => { throw new Error('bug'); } };
    const findings = runRiskChecks(ctx, [broken, ...RISK_CHECKS]);
    expect(findings.some((f) => f.ruleId === 'typosquat')).toBe(true);
  });

  it('reports nothing for an empty workspace', () => {
    expect(runRiskChecks(buildRiskContext({}))).toEqual([]);
  });
});
