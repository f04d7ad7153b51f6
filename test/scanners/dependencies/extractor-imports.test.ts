/**
 * Extractors share helpers through the modules beside their folders (shared.ts, json.ts,
 * json-keys.ts, toml.ts, pep508.ts, npm-spec.ts), never by importing from another
 * extractor's folder, and none keeps its own copy of the shared narrowing helpers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../src/scanners/dependencies/extractors/', import.meta.url);
const folders = readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const files = folders.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, ROOT))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ name: `${folder}/${f}`, text: readFileSync(new URL(`${folder}/${f}`, ROOT), 'utf8') })),
);

describe('extractor imports', () => {
  it('reads every extractor folder', () => {
    expect(folders.length).toBeGreaterThanOrEqual(21);
  });

  it.each(files.map((f) => [f.name, f.text] as const))('%s imports no sibling extractor', (_name, text) => {
    const sibling = [...text.matchAll(/from '\.\.\/([\w-]+)\//g)].map((m) => m[1]);
    expect(sibling).toEqual([]);
  });

  it.each(files.map((f) => [f.name, f.text] as const))('%s keeps no copy of the shared helpers', (_name, text) => {
    expect(text).not.toMatch(/^function (?:isTable|isObj|isRecord|str|failure)\(/m);
  });
});
