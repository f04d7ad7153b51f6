import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTRACTORS } from '../../../../src/scanners/dependencies/extractors/index.js';
import { EXECUTE_PATTERNS, FETCH_PATTERN } from '../../../../src/scanners/dependencies/risks/checks/install-script-download.js';
import { buildRiskContext } from '../../../../src/scanners/dependencies/risks/context.js';
import { renderRiskDocs } from '../../../../src/scanners/dependencies/risks/docs.js';
import { RISK_CHECKS } from '../../../../src/scanners/dependencies/risks/index.js';
import { POPULAR, popularNpmScopes } from '../../../../src/scanners/dependencies/risks/popular.js';
import { nestedRepetition } from '../../../helpers/regex-safety.js';

describe('renderRiskDocs', () => {
  const doc = renderRiskDocs();

  it('has a table row and a section with both examples for every check', () => {
    for (const check of RISK_CHECKS) {
      expect(doc).toContain(`| [\`${check.id}\`](#${check.id}) |`);
      expect(doc).toContain(`### ${check.id}\n`);
      for (const text of [...check.docs.bad, ...check.docs.good].flatMap((files) => Object.values(files))) expect(doc).toContain(text.trimEnd());
    }
  });

  it('is Markdown with balanced code fences and no trailing whitespace', () => {
    const fences = doc.split('\n').filter((l) => /^`{3,}/.test(l));
    expect(fences.length % 2).toBe(0);
    expect(doc).not.toMatch(/[ \t]+\n/);
    expect(doc.startsWith('## Risk checks\n')).toBe(true);
  });

  it('says where the popular lists come from', () => {
    expect(doc).toContain(POPULAR.npm.header.generated);
    expect(doc).toContain('scripts/popular-packages.ts');
  });
});

describe('popular-package lists', () => {
  it.each(['npm', 'PyPI'] as const)('%s: 5,000 distinct names with a header', (ecosystem) => {
    const list = POPULAR[ecosystem];
    expect(list.names).toHaveLength(5000);
    expect(new Set(list.names).size).toBe(5000);
    expect(list.header.count).toBe(5000);
    expect(list.header.source).toMatch(/\.tsv/);
    expect(list.header.generated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('orders npm by downloads and records the cut-off', () => {
    expect(POPULAR.npm.header.min_downloads).toBeGreaterThan(0);
    expect(POPULAR.npm.names.slice(0, 50)).toContain('semver');
    expect(POPULAR.npm.names).toContain('@types/node');
  });

  it('keeps PyPI names PEP 503-normalised', () => {
    for (const name of POPULAR.PyPI.names) expect(name).toBe(name.toLowerCase().replace(/[-_.]+/g, '-'));
    expect(POPULAR.PyPI.names).toContain('python-dateutil');
    expect(POPULAR.PyPI.names).toContain('typing-extensions');
  });

  it('stays commit-sized', () => {
    for (const file of ['npm.json', 'pypi.json']) {
      const size = statSync(fileURLToPath(new URL(`../../../../src/scanners/dependencies/risks/popular/${file}`, import.meta.url))).size;
      expect(size).toBeLessThan(150 * 1024);
    }
  });

  it('derives public npm scopes from the list', () => {
    const scopes = popularNpmScopes();
    for (const scope of ['@types', '@babel', '@aws-sdk']) expect(scopes.has(scope)).toBe(true);
    expect(scopes.has('@acme-internal')).toBe(false);
  });
});

describe('extractor list and context', () => {
  it('lists every extractor once', () => {
    const ids = EXTRACTORS.map((e) => e.id);
    expect(new Set(ids).size).toBe(21);
    expect(ids).toContain('package-json');
    expect(ids).toContain('packages-lock-json');
  });

  it('picks the extractor by path and keeps configuration files as text', () => {
    const ctx = buildRiskContext({ 'a/requirements-dev.txt': 'flask==3.0.3\n', 'a/.npmrc': 'registry=https://r.example/\n', 'README.md': '# x\n' });
    expect(ctx.files.map((f) => [f.path, f.extractor])).toEqual([['a/requirements-dev.txt', 'requirements-txt']]);
    expect([...ctx.configFiles.keys()]).toEqual(['a/.npmrc']);
    expect(ctx.paths.has('README.md')).toBe(true);
  });
});

describe('install-script patterns', () => {
  it.each([...EXECUTE_PATTERNS, FETCH_PATTERN].map((p) => [p.source.slice(0, 60), p] as const))('%s has no nested repetition', (_, pattern) => {
    expect(nestedRepetition(pattern)).toBeUndefined();
  });

  it('stays fast on long hostile input', () => {
    const hostile = `curl ${'a '.repeat(5000)}${'|'.repeat(10)} node -e ${'x'.repeat(5000)}`;
    const started = performance.now();
    for (const p of EXECUTE_PATTERNS) p.test(hostile);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
