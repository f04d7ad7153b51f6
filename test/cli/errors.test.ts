import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError, mappedStack } from '../../src/cli/errors.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-errors-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * The stack of an error thrown in a TypeScript module bundled to CommonJS with its map beside it, as a
 * separate Node process prints it (without --enable-source-maps: the test runner's own stack mapping
 * would map it already).
 */
async function stackFromBundle(): Promise<{ stack: string; source: string; bundle: string }> {
  const source = join(dir, 'fail.ts');
  await writeFile(source, ['export function inner(n: number): number {', '  if (n > 1) throw new Error(`too big: ${n}`);', '  return n;', '}', 'export function outer(): number {', '  return inner(2) + 1;', '}', 'outer();', ''].join('\n'));
  const bundle = join(dir, 'bundle.cjs');
  await build({ entryPoints: [source], outfile: bundle, bundle: true, format: 'cjs', platform: 'node', sourcemap: true, logLevel: 'silent' });
  const run = spawnSync(process.execPath, ['-e', `try { require(${JSON.stringify(bundle)}) } catch (e) { process.stdout.write(e.stack) }`], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return { stack: run.stdout, source, bundle };
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('describeError', () => {
  it('gives the message alone, or the stack with VIGIL_DEBUG=1, its bundle frames mapped to the sources', async () => {
    const { stack: raw, source, bundle } = await stackFromBundle();
    expect(raw).toContain(`${bundle}:`);
    const error = Object.assign(new Error('too big: 2'), { stack: raw });
    expect(describeError(error, {})).toBe('too big: 2');
    expect(describeError(error, { VIGIL_DEBUG: '0' })).toBe('too big: 2');
    const frames = describeError(error, { VIGIL_DEBUG: '1' }).split('\n');
    expect(frames[0]).toBe('Error: too big: 2');
    // The throw is on line 2 of fail.ts, the call on line 6.
    expect(frames[1]).toMatch(new RegExp(`at (?:Object\\.)?inner \\(${escaped(source)}:2:\\d+\\)$`));
    expect(frames[2]).toMatch(new RegExp(`at (?:Object\\.)?outer \\(${escaped(source)}:6:\\d+\\)$`));
    expect(frames.join('\n')).not.toContain('bundle.cjs:');
  });

  it('leaves frames alone that no readable map covers', () => {
    const stack = ['Error: x', '    at f (/nowhere/a.cjs:10:5)', '    at async /nowhere/b.cjs:3:1', '    at g (/src/plain.js:1:1)', '    at node:internal/x:1:1'].join('\n');
    expect(mappedStack(stack, () => 'not json')).toBe(stack);
    expect(
      mappedStack(stack, () => {
        throw new Error('ENOENT');
      }),
    ).toBe(stack);
  });

  it('maps `at async file:line:column` frames and file URLs, reading each map once', () => {
    const map = JSON.stringify({ version: 3, sources: ['../src/a.ts'], names: [], mappings: 'AAAA;AACA,IAAI' });
    const reads: string[] = [];
    const read = (path: string) => (reads.push(path), map);
    const stack = ['Error: x', '    at async /b/dist/a.cjs:2:5', '    at f (file:///b/dist/a.cjs:1:1)'].join('\n');
    expect(mappedStack(stack, read)).toBe(['Error: x', '    at async /b/src/a.ts:2:5', '    at f (/b/src/a.ts:1:1)'].join('\n'));
    expect(reads).toEqual(['/b/dist/a.cjs.map']);
  });
});
