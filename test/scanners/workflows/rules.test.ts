import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '../../../src/core/findings.js';
import { workflowPage } from '../../../src/scanners/workflows/docs.js';
import { renderRulePage } from '../../../src/scanners/docs.js';
import { KNOWN_COMPROMISED } from '../../../src/scanners/workflows/known-compromised.js';
import type { WorkflowRule } from '../../../src/scanners/workflows/rule.js';
import { WORKFLOW_RULES } from '../../../src/scanners/workflows/rules/index.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';

const RULES_DIR = fileURLToPath(new URL('../../../src/scanners/workflows/rules/', import.meta.url));
const files = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .sort();
const discovered: WorkflowRule[] = await Promise.all(
  files.map(async (f) => ((await import(pathToFileURL(RULES_DIR + f).href)) as { rule: WorkflowRule }).rule),
);

describe('CI/CD rule registry', () => {
  it('lists every rule file exactly once, with ids equal to file names', () => {
    expect(WORKFLOW_RULES.map((r) => `${r.id}.ts`).sort()).toEqual(files);
    expect(new Set(WORKFLOW_RULES.map((r) => r.id)).size).toBe(WORKFLOW_RULES.length);
  });

  it('has the GitHub Actions rules and the three GitLab CI rules', () => {
    expect(WORKFLOW_RULES.map((r) => r.id).sort()).toEqual(
      [
        'cache-poisoning',
        'curl-pipe-shell',
        'dangerous-checkout',
        'dangerous-triggers',
        'excessive-permissions',
        'hardcoded-container-credentials',
        'gitlab-remote-include',
        'gitlab-script-injection',
        'gitlab-unpinned-image',
        'insecure-commands',
        'obfuscation',
        'overprovisioned-secrets',
        'spoofable-bot-condition',
        'unsound-condition',
        'unsound-contains',
        'unredacted-secrets',
        'known-compromised-action',
        'known-vulnerable-action',
        'persisted-checkout-credentials',
        'secrets-inherit',
        'self-hosted-runner-untrusted',
        'template-injection',
        'unpinned-action',
        'unpinned-container-image',
        'untrusted-env-write',
        'use-trusted-publishing',
      ].sort(),
    );
  });
});

describe.each(discovered.map((rule, i) => [files[i] as string, rule] as const))('rule %s', (file, rule) => {
  const path = rule.docs.path ?? '.github/workflows/example.yml';

  it('has complete metadata', () => {
    expect(`${rule.id}.ts`).toBe(file);
    expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(SEVERITIES).toContain(rule.severity);
    expect(rule.cwe).toMatch(/^CWE-\d+$/);
    expect(rule.owasp.some((o) => /^A\d{2}:2021$/.test(o))).toBe(true);
    expect(rule.owasp.some((o) => /^A\d{2}:2025$/.test(o))).toBe(true);
    expect(rule.confidence).toBeGreaterThan(0);
    expect(rule.confidence).toBeLessThanOrEqual(1);
    expect(rule.title.length).toBeGreaterThan(10);
    expect(rule.description.length).toBeGreaterThan(40);
    expect(rule.remediation.length).toBeGreaterThan(30);
    expect(rule.docs.summary.length).toBeGreaterThan(40);
    expect(rule.appliesTo.length).toBeGreaterThan(0);
    expect(rule.docs.bad.length).toBeGreaterThan(0);
    expect(rule.docs.good.length).toBeGreaterThan(0);
  });

  it.each(rule.docs.bad.map((text, i) => [i + 1, text] as const))('reports its bad example %i', (_i, text) => {
    const findings = scanWorkflowFile(path, text).filter((f) => f.ruleId === rule.id);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.category).toBe('cicd');
      expect(f.scanner).toBe('cicd');
      expect(SEVERITIES).toContain(f.severity);
      expect(f.line).toBeGreaterThan(0);
      expect(f.column).toBeGreaterThan(0);
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(f.owaspCategories).toEqual(rule.owasp);
      expect(f.evidence.length).toBeGreaterThan(0);
    }
    // The reported severity never exceeds what the rule declares as its highest.
    const order = [...SEVERITIES];
    for (const f of findings) expect(order.indexOf(f.severity)).toBeGreaterThanOrEqual(order.indexOf(rule.severity));
  });

  it.each(rule.docs.good.map((text, i) => [i + 1, text] as const))('reports nothing, from any rule, on its good example %i', (_i, text) => {
    expect(scanWorkflowFile(path, text)).toEqual([]);
  });
});

describe('known-compromised list', () => {
  it('cites a source and an advisory for every entry', () => {
    for (const entry of KNOWN_COMPROMISED) {
      expect(entry.action).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(entry.cve).toMatch(/^CVE-\d{4}-\d+$/);
      expect(entry.advisory).toMatch(/^GHSA-/);
      expect(entry.sources.length).toBeGreaterThan(0);
      for (const c of entry.maliciousCommits) expect(c).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('knows which tj-actions/changed-files tags were moved', () => {
    const tj = KNOWN_COMPROMISED.find((c) => c.action === 'tj-actions/changed-files');
    expect(tj?.retargeted('v45.0.7')).toBe(true);
    expect(tj?.retargeted('v35')).toBe(true);
    expect(tj?.retargeted('v1')).toBe(true);
    expect(tj?.retargeted('v45.0.8')).toBe(false);
    expect(tj?.retargeted('v46.0.1')).toBe(false);
    expect(tj?.retargeted('main')).toBe(false);
  });
});

describe('docs/rules/cicd.md', () => {
  it('is the generated page (run `npm run docs:rules` after changing a rule)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/cicd.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRulePage(workflowPage()));
  });

  it('has a table row and a section per rule', () => {
    const page = renderRulePage(workflowPage());
    expect(page).toContain('<!-- Generated by');
    for (const rule of WORKFLOW_RULES) {
      expect(page).toContain(`| \`${rule.id}\` | ${rule.severity} |`);
      expect(page).toContain(`### ${rule.title} — \`${rule.id}\``);
    }
  });
});
