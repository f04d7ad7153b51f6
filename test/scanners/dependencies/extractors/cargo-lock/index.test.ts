import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/cargo-lock/index.js';

const fixture = readFileSync(new URL('./Cargo.lock', import.meta.url), 'utf8');
const PATH = 'Cargo.lock';

describe('cargo-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches Cargo.lock', () => {
    expect(extractor.matches('crates/x/Cargo.lock')).toBe(true);
    expect(extractor.matches('Cargo.toml')).toBe(false);
  });

  // itoa is direct: ledger-core, a local crate of the workspace, depends on it.
  it('reads registry crates with checksum, index URL and header line', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('itoa')).toEqual({
      ecosystem: 'crates.io', name: 'itoa', version: '1.0.10', direct: true, path: PATH, line: 5,
      source: 'registry', resolved: 'https://github.com/rust-lang/crates.io-index',
      integrity: 'sha256:b1a46d1a171d865aa5f83f92695765caa047a9b4cbae2cbf37dbd613a793fd4c',
    });
    expect(byName.get('serde_json')).toMatchObject({
      direct: true, line: 27, source: 'registry', resolved: 'https://index.crates.io/',
    });
  });

  it('reports git crates and local path crates, but not the workspace root', () => {
    expect(byName.get('tracing')).toMatchObject({
      direct: true, source: 'git', line: 36,
      resolved: 'https://github.com/example/tracing?branch=fix#7c2a1f0d3e4b5a6978877665544332211ffeeddc',
    });
    expect(byName.get('ledger-core')).toMatchObject({ source: 'path', direct: true, line: 20 });
    expect(byName.has('ledger')).toBe(false);
    expect(result.packages).toHaveLength(4);
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, 'version = 3\n[[package]]\nname = ');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
  });
});
