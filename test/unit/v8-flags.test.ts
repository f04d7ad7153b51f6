/**
 * `vigil scan` compiles its own bundle under V8's default flags, with a code cache that the build writes
 * after setting the scan's flags back to their defaults (src/core/v8-flags.ts restoreDefaultFlags). V8 takes
 * a cache only under the flags' hash it was made with: these tests make a cache in one process and load it
 * in another, as the build and a scan do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { V8_DEFAULTS } from '../../src/core/v8-flags.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-v8-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const flagsModule = new URL('../../src/core/v8-flags.ts', import.meta.url).href;

/**
 * Runs `body` in a child (tsx) after `setup`: it compiles a script and either writes its cache to `cache`
 * or reads it from there and prints whether V8 rejected it.
 */
function child(setup: string, mode: 'write' | 'read'): string {
  const cache = join(dir, 'script.cache');
  const script = `
import { readFileSync, writeFileSync } from 'node:fs';
import vm from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { compileRegExpsOnFirstUse, restoreDefaultFlags, tuneCompilerForScans } from ${JSON.stringify(flagsModule)};
void setFlagsFromString; void restoreDefaultFlags; void tuneCompilerForScans; void compileRegExpsOnFirstUse;
${setup}
const source = 'function scanned(x) { return x * 2 } scanned(21) // a script of its own';
if (${JSON.stringify(mode)} === 'write') writeFileSync(${JSON.stringify(cache)}, new vm.Script(source).createCachedData());
else console.log(new vm.Script(source, { cachedData: readFileSync(${JSON.stringify(cache)}) }).cachedDataRejected === true ? 'rejected' : 'accepted');
`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

const SCAN_FLAGS = "setFlagsFromString('--liftoff-only'); tuneCompilerForScans(); compileRegExpsOnFirstUse();";

describe('V8 flags of vigil scan', () => {
  it('are V8 defaults again after restoreDefaultFlags: a cache written then is taken by a process that never set them', () => {
    child(`${SCAN_FLAGS} restoreDefaultFlags();`, 'write');
    expect(child('', 'read')).toBe('accepted');
    // And the other way round: a cache of a process that never set them, read after they were set and restored.
    child('', 'write');
    expect(child(`${SCAN_FLAGS} restoreDefaultFlags();`, 'read')).toBe('accepted');
  });

  it('make V8 refuse a cache written under the defaults while they are set (what the test above relies on)', () => {
    child('', 'write');
    expect(child(SCAN_FLAGS, 'read')).toBe('rejected');
    // --liftoff-only alone, set back without the WebAssembly tiering flags it turned off, still differs.
    expect(child("setFlagsFromString('--liftoff-only'); setFlagsFromString('--no-liftoff-only');", 'read')).toBe('rejected');
  });

  it('name the values `node --v8-options` gives as the defaults', () => {
    const help = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    for (const flag of V8_DEFAULTS) {
      const name = flag.replace(/^--(no-)?/, '').replace(/=.*$/, '');
      const line = new RegExp(`^\\s+--${name} \\(.*\\n\\s+type: \\w+\\s+default: (\\S+)`, 'm').exec(help);
      expect(line?.[1], name).toBe(flag);
    }
  });
});
