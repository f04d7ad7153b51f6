import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * The command line's entry starts a plain directory scan's first thread before anything else loads: an ES module's
 * static imports are all resolved, read and compiled (and each built-in module's facade fully loaded) before its
 * first line runs. Anything else the entry needs it imports dynamically, after the thread has started.
 */
describe('the command line entry', () => {
  it('imports statically only what starting the early scan thread needs', async () => {
    const source = await readFile(new URL('../../src/cli/index.ts', import.meta.url), 'utf8');
    const statics = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)';/gms)].map((m) => m[1]);
    expect(statics).toEqual(['./scan-subcommands.js', '../engine/early-thread.js']);
    // The thread starts before the entry loads Node's modules for the scan or compiles the command line's bundle.
    const start = source.indexOf('startEarlyScanThread();');
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(source.indexOf('process.getBuiltinModule(id)'));
    expect(start).toBeLessThan(source.indexOf('compileWithCodeCache('));
  });
});
