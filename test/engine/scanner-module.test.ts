import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_HEAD, BUNDLE_TAIL, bundleLoads, CODE_CACHE_SUFFIX, codeCacheMode, importWithCodeCache } from '../../src/engine/scanner-module.js';
import scanBatch from '../../src/engine/worker.js';

/** A file scanner as the build writes one: a CommonJS bundle that requires a file beside it. */
const BUNDLE = `'use strict';
const { marker } = require('./helper.cjs');
let sloppy = true;
try { undeclaredName = 1; } catch { sloppy = false; }
function findMarkers(path, text) {
  const found = [];
  for (const [index, line] of text.split('\\n').entries()) {
    if (line.includes(marker)) found.push({ scanner: 'secrets', ruleId: 'bundle-marker', category: 'secret', severity: 'low', title: 'marker', description: 'marker', evidence: line, remediation: '', confidence: 'high', path, line: index + 1, column: 1, fingerprintMaterial: line });
  }
  return found;
}
exports.scanner = { name: 'secrets', version: '1', scanFile: ({ path, text }) => findMarkers(path, text) };
exports.facts = { sloppy, filename: __filename, dirname: __dirname, exportsIsModuleExports: exports === module.exports };
exports.later = () => import('node:path').then((m) => typeof m.join);
`;

/** How the bundle's import() fails: the same whether V8 took its cache or compiled it. */
const NO_IMPORT = 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING';

describe('engine: scanner bundles loaded with V8 code caches', () => {
  let dir: string;
  let bundle: string;
  let url: string;
  const loadsOf = (file: string) => bundleLoads().filter((l) => l.file === file);
  const lastLoad = (file: string) => loadsOf(file).at(-1)?.cache;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-scanner-module-'));
    bundle = join(dir, 'scanner.cjs');
    url = pathToFileURL(bundle).href;
    writeFileSync(join(dir, 'helper.cjs'), "exports.marker = 'MARK' + 'ER';\n");
    writeFileSync(bundle, BUNDLE);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads VIGIL_CODE_CACHE: 0 turns caches off, write is the build, anything else reads them', () => {
    expect(codeCacheMode({})).toBe('use');
    expect(codeCacheMode({ VIGIL_CODE_CACHE: '0' })).toBe('off');
    expect(codeCacheMode({ VIGIL_CODE_CACHE: 'write' })).toBe('write');
    expect(codeCacheMode({ VIGIL_CODE_CACHE: '1' })).toBe('use');
  });

  it('runs a bundle as CommonJS in strict mode, with require, __filename and __dirname, and no import()', async () => {
    const loaded = (await importWithCodeCache(url)) as { facts: Record<string, unknown>; later: () => Promise<string> };
    expect(loaded.facts).toEqual({ sloppy: false, filename: bundle, dirname: dir, exportsIsModuleExports: true });
    // Code V8 restores from a cache has no dynamic-import callback in Node 20; the loader gives none to any
    // bundle, so import() fails the same way with and without a cache (the build leaves none in a bundle).
    await expect(loaded.later()).rejects.toMatchObject({ code: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING' });
    expect(lastLoad(bundle)).toBe('none');
  });

  it('loads a bundle once per thread, as import() does: a second load is the same module, compiled once', async () => {
    const first = await importWithCodeCache(url);
    const compiled = loadsOf(bundle).length;
    expect(compiled).toBeGreaterThan(0);
    expect(await importWithCodeCache(url)).toBe(first);
    expect(loadsOf(bundle).length).toBe(compiled);
  });

  it('imports anything but a .cjs bundle as a module', async () => {
    const loaded = (await importWithCodeCache(new URL('./fixtures/marker-scanner.ts', import.meta.url).href)) as { scanner: { name: string } };
    expect(typeof loaded.scanner.name).toBe('string');
    expect(bundleLoads().some((l) => l.file.endsWith('marker-scanner.ts'))).toBe(false);
  });

  describe('with a cache written by a run', () => {
    /** Loads the bundle in a process of its own (as each scan is; V8 also keeps compiled scripts per process) and scans one text. */
    const loadInChild = (env: Record<string, string> = {}, flags: string[] = [], suffix = CODE_CACHE_SUFFIX) => {
      const script = `import { bundleLoads, importWithCodeCache } from ${JSON.stringify(new URL('../../src/engine/scanner-module.ts', import.meta.url).href)};
const m = await importWithCodeCache(${JSON.stringify(url)}, ${JSON.stringify(suffix)});
const rules = m.scanner.scanFile({ path: 'a.txt', text: 'x\\nMARKER\\n' }).map((f) => f.ruleId);
const later = await m.later().then(() => 'imported', (error) => error.code);
console.log(JSON.stringify({ cache: bundleLoads().map((l) => l.cache), rules, sloppy: m.facts.sloppy, later }));`;
      const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, VIGIL_CODE_CACHE: '', ...env }, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return JSON.parse(run.stdout) as { cache: string[]; rules: string[]; sloppy: boolean; later: string };
    };
    let stored: Buffer;

    beforeAll(() => {
      // A run in write mode, as the build's training scan is, writes the cache at exit.
      expect(loadInChild({ VIGIL_CODE_CACHE: 'write' })).toEqual({ cache: ['none'], rules: ['bundle-marker'], sloppy: false, later: NO_IMPORT });
      stored = readFileSync(bundle + CODE_CACHE_SUFFIX);
    });
    afterEach(() => {
      writeFileSync(bundle, BUNDLE);
      writeFileSync(bundle + CODE_CACHE_SUFFIX, stored);
    });

    it('stores the SHA-1 of the bundle and of the data ahead of the data, and V8 accepts it in the next process', () => {
      const data = stored.subarray(20);
      expect(data.length).toBeGreaterThan(100);
      expect(stored.subarray(0, 20).equals(createHash('sha1').update(BUNDLE).update(data).digest())).toBe(true);
      expect(loadInChild()).toEqual({ cache: ['accepted'], rules: ['bundle-marker'], sloppy: false, later: NO_IMPORT });
    });

    it('does not read it with VIGIL_CODE_CACHE=0', () => {
      expect(loadInChild({ VIGIL_CODE_CACHE: '0' }).cache).toEqual(['none']);
    });

    it('ignores a cache whose bundle changed, or whose data was damaged or cut short, and runs the bundle as it is', () => {
      writeFileSync(bundle, BUNDLE.replace('bundle-marker', 'bundle-markex'));
      expect(loadInChild()).toEqual({ cache: ['stale'], rules: ['bundle-markex'], sloppy: false, later: NO_IMPORT });

      writeFileSync(bundle, BUNDLE);
      const damaged = Buffer.from(stored);
      damaged[damaged.length - 10] = (damaged[damaged.length - 10] ?? 0) ^ 0xff;
      writeFileSync(bundle + CODE_CACHE_SUFFIX, damaged);
      expect(loadInChild()).toEqual({ cache: ['stale'], rules: ['bundle-marker'], sloppy: false, later: NO_IMPORT });

      writeFileSync(bundle + CODE_CACHE_SUFFIX, stored.subarray(0, 12));
      expect(loadInChild().cache).toEqual(['stale']);
    });

    it('hands V8 a cache it refuses (another V8, other flags: here, data that is no cache) and compiles the bundle instead', () => {
      const junk = Buffer.alloc(4096, 7);
      writeFileSync(bundle + CODE_CACHE_SUFFIX, Buffer.concat([createHash('sha1').update(BUNDLE).update(junk).digest(), junk]));
      expect(loadInChild()).toEqual({ cache: ['rejected'], rules: ['bundle-marker'], sloppy: false, later: NO_IMPORT });
    });

    it('is refused by V8 under other compiler flags (the service\'s threads and vigil scan differ)', () => {
      expect(loadInChild({}, ['--liftoff-only']).cache).toEqual(['rejected']);
      expect(loadInChild().cache).toEqual(['accepted']);
    });

    it('keeps one cache per suffix, so a bundle run under two sets of flags has one for each (the command line\'s)', () => {
      const other = '.other-flags.v8cache';
      try {
        expect(loadInChild({ VIGIL_CODE_CACHE: 'write' }, ['--liftoff-only'], other).cache).toEqual(['none']);
        expect(readFileSync(bundle + CODE_CACHE_SUFFIX).equals(stored)).toBe(true);
        expect(loadInChild({}, ['--liftoff-only'], other).cache).toEqual(['accepted']);
        expect(loadInChild().cache).toEqual(['accepted']);
      } finally {
        rmSync(bundle + other, { force: true });
      }
    });
  });

  it('takes a bundle the build wrote inside its CommonJS wrapper as it is, and its cache in the next process', () => {
    const wrapped = join(dir, 'wrapped.cjs');
    writeFileSync(wrapped, `${BUNDLE_HEAD}${BUNDLE}${BUNDLE_TAIL}\n//# sourceMappingURL=wrapped.cjs.map\n`);
    const load = (env: Record<string, string>) => {
      const script = `import { bundleLoads, importWithCodeCache } from ${JSON.stringify(new URL('../../src/engine/scanner-module.ts', import.meta.url).href)};
const m = await importWithCodeCache(${JSON.stringify(pathToFileURL(wrapped).href)});
const rules = m.scanner.scanFile({ path: 'a.txt', text: 'MARKER' }).map((f) => f.ruleId);
console.log(JSON.stringify({ cache: bundleLoads().map((l) => l.cache), rules, facts: m.facts }));`;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, VIGIL_CODE_CACHE: '', ...env }, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout) as { cache: string[]; rules: string[]; facts: unknown };
    };
    // Wrapped twice, the bundle's text would only make the inner function: no scanner, no facts.
    const facts = { sloppy: false, filename: wrapped, dirname: dir, exportsIsModuleExports: true };
    expect(load({ VIGIL_CODE_CACHE: 'write' })).toEqual({ cache: ['none'], rules: ['bundle-marker'], facts });
    expect(load({})).toEqual({ cache: ['accepted'], rules: ['bundle-marker'], facts });
  });

  it('is how scan threads load a .cjs file scanner: a batch runs it like any scanner module', async () => {
    writeFileSync(join(dir, 'a.txt'), 'one\nMARKER here\n');
    const result = await scanBatch({ root: dir, paths: ['a.txt'], scannerModules: [url] });
    expect(result.findings.map((f) => [f.ruleId, f.path, f.line])).toEqual([['bundle-marker', 'a.txt', 2]]);
    expect(result.tallies.secrets).toMatchObject({ files: 1, findings: 1, failures: 0 });
  });
});
