import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, nativeParserPath } from '../../src/scanners/code/parser.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// scripts/build-native.mjs (npm's postinstall) builds the parser profile-guided with GCC: these check
// that the training run finds its sample in a fresh checkout, and that the install did what its stamp says.
describe('the native parser build', () => {
  it('trains on a sample of every language from the checkout and the installed packages', () => {
    const addon = nativeParserPath();
    expect(addon).toBeDefined();
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'native-training.mjs'), addon as string], { encoding: 'utf8' });
    const rows = [...out.matchAll(/(\w+) (\d+) files (\d+) KB/g)].map((m) => [m[1], Number(m[2])] as const);
    // A language's number in the addon is its place in the sample list: the same order as the code scanner's.
    expect(rows.map(([language]) => language)).toEqual([...CODE_LANGUAGES]);
    // Python also comes from npm's node-gyp when the build passes its folder; here from the fixtures and node_modules.
    for (const [language, files] of rows) expect(files, language).toBeGreaterThan(0);
  }, 60_000);

  it('built the way its stamp says: profile-guided builds log all three steps, none falls back', () => {
    const stampFile = join(ROOT, 'node_modules', '.vigil-native', 'stamp.json');
    const logFile = join(ROOT, 'native', 'build.log');
    expect(existsSync(stampFile)).toBe(true);
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { profileGuided?: boolean };
    expect(typeof stamp.profileGuided, 'the installed addon predates the profile-guided build: npm run build:native').toBe('boolean');
    // The log is of the last build; an install that found the addon up to date leaves the earlier one.
    expect(existsSync(logFile)).toBe(true);
    const log = readFileSync(logFile, 'utf8');
    if (stamp.profileGuided) {
      expect(log).toContain('== instrumented build');
      expect(log).toMatch(/== training\n.*training parse in/);
      expect(log).toContain('== optimised build');
      expect(log).not.toContain('failed: plain build');
    } else {
      expect(log).not.toContain('== optimised build');
    }
  });
});
