import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/cargo-toml/index.js';

const fixture = readFileSync(new URL('./Cargo.toml', import.meta.url), 'utf8');
const PATH = 'Cargo.toml';

describe('cargo-toml extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const deps = result.packages.filter((p) => p.line < 24);
  const byName = new Map(deps.map((p) => [p.name, p]));

  it('matches Cargo.toml', () => {
    expect(extractor.matches('crates/core/Cargo.toml')).toBe(true);
    expect(extractor.matches('Cargo.lock')).toBe(false);
  });

  it('reads requirements with their lines; only =x.y.z is a version', () => {
    expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
    expect(byName.get('serde')).toEqual({
      ecosystem: 'crates.io', name: 'serde', requirement: '1.0', direct: true, dev: false,
      path: PATH, line: 7, source: 'registry',
    });
    expect(byName.get('serde_json')).toMatchObject({ version: '1.0.114', line: 8 });
    expect(byName.get('reqwest')).toMatchObject({ requirement: '0.12', line: 14 });
  });

  it('resolves workspace inheritance and renamed packages', () => {
    expect(byName.get('tokio')).toMatchObject({ requirement: '1.36', line: 9 });
    expect(byName.get('serde_yaml')).toMatchObject({ requirement: '0.9', line: 12 });
    expect(byName.has('yaml')).toBe(false);
  });

  it('reports path and git dependencies', () => {
    expect(byName.get('ledger-core')).toMatchObject({ source: 'path', line: 10 });
    expect(byName.get('tracing')).toMatchObject({ source: 'git', resolved: 'https://github.com/example/tracing', line: 11 });
  });

  it('reads dev and target-specific tables', () => {
    expect(byName.get('proptest')).toMatchObject({ dev: true, line: 19 });
    expect(byName.get('windows-sys')).toMatchObject({ dev: false, line: 22 });
  });

  it('reads [workspace.dependencies]', () => {
    const ws = result.packages.filter((p) => p.line >= 24);
    expect(ws).toEqual([expect.objectContaining({ name: 'tokio', requirement: '1.36', line: 25 })]);
    expect(ws[0]?.dev).toBeUndefined();
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, '[dependencies]\nserde = {');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
  });
});
