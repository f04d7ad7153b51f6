import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readLockfileYaml } from '../../../../src/scanners/dependencies/extractors/lockfile-yaml.js';

const FIXTURES = [join(import.meta.dirname, 'pnpm-lock', 'fixtures'), join(import.meta.dirname, 'yarn-lock', 'fixtures')];

/** What the yaml library gives: every non-empty document with its start, or an error. */
function library(text: string): { doc: unknown; start: number }[] | 'error' {
  const out: { doc: unknown; start: number }[] = [];
  for (const document of parseAllDocuments(text, { schema: 'failsafe' })) {
    if (document.errors.length > 0) return 'error';
    const doc: unknown = document.toJS({ maxAliasCount: 100 });
    if (doc !== null && doc !== undefined) out.push({ doc, start: document.range[0] });
  }
  return out;
}

/** The reader either declines or agrees with the library (documents, values and where each starts). */
function expectAgreement(text: string, label: string): boolean {
  const fast = readLockfileYaml(text);
  if (fast === undefined) return false;
  const lib = library(text);
  expect(lib, label).not.toBe('error');
  expect(fast, label).toEqual(lib);
  return true;
}

/** The shapes pnpm 7 to 11 write, one of each (Yarn 2+ writes a subset of these). */
const SHAPES = `lockfileVersion: '9.0'

settings:
  autoInstallPeers: true
  excludeLinksFromLockfile: false

importers:

  .:
    dependencies:
      '@scope/name':
        specifier: ^1.0.0
        version: 1.2.3(react@18.3.1)
    devDependencies:
      vitest:
        specifier: 'catalog:'
        version: 2.0.0

packages:

  '@scope/name@1.2.3':
    resolution: {integrity: sha512-AbC+/9==, tarball: https://registry.example.com/a/-/a-1.2.3.tgz}
    engines: {node: '>=18', npm: ">=9"}
    cpu: [x64, arm64]
    os: []
    hasBin: true
    deprecated: |-
      This package moved: use other-name.
      See https://example.com/#notes for more.

  left-pad@https://codeload.github.com/x/left-pad/tar.gz/abc:
    resolution: {tarball: https://codeload.github.com/x/left-pad/tar.gz/abc}
    version: 1.3.0

  pnpm@9.0.0:
    resolution:
      type: variations
      variants:
        - resolution:
            archive: tarball
            url: https://example.com/pnpm.tgz
          targets:
            - os: linux
              cpu: x64

snapshots:

  '@scope/name@1.2.3(react@18.3.1)':
    dependencies:
      it''s: 1.0.0
    transitivePeerDependencies:
      - supports-color
      - '@types/node'
  empty: {}
`;

describe('readLockfileYaml', () => {
  it('reads every shape pnpm writes, as the yaml library does', () => {
    expect(expectAgreement(SHAPES, 'shapes')).toBe(true);
  });

  it('reads the two-document lockfile of pnpm 10+, with each document where the library starts it', () => {
    const two = `---\nlockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    configDependencies: {}\n\n---\n${SHAPES}`;
    expect(expectAgreement(two, 'two documents')).toBe(true);
    expect(readLockfileYaml(two)?.map((d) => d.start)).toEqual([0, two.indexOf('\n---\n') + 1]);
  });

  it('reads literal block scalars with every chomping indicator', () => {
    for (const header of ['|', '|-', '|+']) {
      const text = `a:\n  msg: ${header}\n    line one\n      indented: with # and : inside\n\n    line three\n\n\nb: x\n`;
      expect(expectAgreement(text, header)).toBe(true);
    }
  });

  it('agrees with the library on every pnpm and yarn fixture lockfile, reading the well-formed ones itself', () => {
    for (const folder of FIXTURES) {
      for (const name of readdirSync(folder)) {
        const text = readFileSync(join(folder, name), 'utf8');
        const read = expectAgreement(text, name);
        // Yarn 1 lockfiles are not YAML: the library may read them, this reader does not.
        if (name.startsWith('ok-') && !name.includes('classic')) expect(read, name).toBe(true);
      }
    }
  });

  it('declines what it does not read, leaving it to the library', () => {
    const declined = [
      'a: b # comment\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: >-\n  folded\n',
      'a: "escaped\\ttab"\n',
      'a:\n- x\n',
      'a:\n  - - x\n',
      'a: 1\na: 2\n',
      'a:\r\n  b: c\r\n',
      'a:\n\tb: c\n',
      '\uFEFFa: b\n',
      'a: {b: c,\n  d: e}\n',
      'a: multi\n  line plain\n',
      'a: b: c\n',
      '__proto__: x\n',
      'just a scalar\n',
      '',
      '%YAML 1.2\n---\na: b\n',
      '--- a\n',
      'a: b\n...\n',
    ];
    for (const text of declined) expect(readLockfileYaml(text), JSON.stringify(text)).toBeUndefined();
  });

  it('never disagrees with the library on mutated lockfiles', () => {
    // A fixed-seed generator: the same mutations every run.
    let seed = 0x2545f491;
    const random = (n: number): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const pieces = [' ', ':', ': ', "'", '"', '-', '- ', '|', '>', '#', ' #', '{', '}', '[', ']', ',', '\n', '\n  ', '  ', '---\n', 'x', '\\', '&', '*', '!'];
    let read = 0;
    for (let round = 0; round < 400; round += 1) {
      let text = SHAPES;
      for (let edits = 1 + random(3); edits > 0; edits -= 1) {
        const at = random(text.length);
        text = random(2) === 0 ? text.slice(0, at) + (pieces[random(pieces.length)] ?? '') + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + random(3));
      }
      if (expectAgreement(text, `round ${round}: ${JSON.stringify(text)}`)) read += 1;
    }
    // Most mutations keep the text within the subset; the check above is not vacuous.
    expect(read).toBeGreaterThan(100);
  });
});
