/**
 * How a scan thread loads a file scanner's module (src/scanners/index.ts names them by URL), and how
 * the command line loads itself (src/cli/index.ts loads `dist/cli/main.cjs` the same way).
 *
 * From the TypeScript sources (tests, tsx) and for any `.js` URL: `import()`, as any module. This
 * module stays an ES module in every build: the command line's bundle requires it rather than
 * compiling a copy in, so it is the one loader (and the one record of loads) in the process, and its
 * `import()` of a URL is a real one.
 *
 * From dist/, the build (scripts/bundle-scanners.ts) writes each file scanner as one CommonJS
 * bundle, `scanner.cjs`, and the registry names that file. It is compiled here with `vm.Script`
 * so that V8's code cache can be handed in: the bytecode of the functions a scan runs, written by
 * one scan at build time (`VIGIL_CODE_CACHE=write`) to `scanner.cjs.v8cache`. A scan then skips
 * compiling the bundle (about 0.8 MB for the code scanner) and most of the lazy compiles of its
 * first pass (docs/benchmarks.md). Node 20 has no code cache for ES modules, hence CommonJS.
 *
 * The cache file is the SHA-1 of the bundle's bytes and of the cached data, then the data (a check
 * against accidents, not attacks: who can write dist/ can write the bundle). A cache whose bundle
 * changed, or that is damaged, is not handed to V8 (V8 itself compares only the text's length); V8 itself refuses one made by another
 * V8 or under other flags (the service's threads run with other compiler flags than `vigil scan`).
 * Either way the bundle is simply compiled, as without a cache. `VIGIL_CODE_CACHE=0` never reads one.
 *
 * A bundle cannot use `import()` (see compileBundle); it requires what it needs.
 *
 * The build writes each bundle this module compiles already inside its CommonJS wrapper (BUNDLE_HEAD …
 * BUNDLE_TAIL), so that the file's text is the script V8 compiles. Wrapped here instead, the script was a
 * concatenation that V8 copied into one flat string before it looked the script up: another copy of the
 * bundle (1.6 MB for the command line's) in fresh memory, in every thread that loads one (docs/decisions.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** SHA-1: half SHA-256's time on the 1.8 MB of the code scanner's bundle and cache (2.8 against 5.4 ms here). */
const HASH = 'sha1';
const HASH_BYTES = 20;
/**
 * The CommonJS wrapper of a bundle: its text is one function expression, which compileBundle runs with
 * `exports`, `require`, `module`, `__filename` and `__dirname`, as Node's own loader wraps a module.
 */
export const BUNDLE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const BUNDLE_TAIL = '\n})';
/** The cache of a bundle, beside it. */
export const CODE_CACHE_SUFFIX = '.v8cache';
/** The second cache of the command line's bundle: for commands other than `vigil scan`, which run under V8's default flags (src/cli/index.ts). */
export const COMMANDS_CACHE_SUFFIX = '.commands.v8cache';

export type CodeCacheMode = 'use' | 'write' | 'off';

/** VIGIL_CODE_CACHE: `0` never reads a cache, `write` (the build's training scan) writes them at exit, anything else reads them. */
export function codeCacheMode(env: NodeJS.ProcessEnv = process.env): CodeCacheMode {
  const value = env.VIGIL_CODE_CACHE;
  return value === '0' ? 'off' : value === 'write' ? 'write' : 'use';
}

/** What happened to each bundle this thread loaded (for tests, and for a look at a built CLI through `--import`). */
export interface BundleLoad {
  readonly file: string;
  /** `accepted`: V8 used the cache; `rejected`: V8 refused it; `stale`: the bundle or cache changed since it was written; `none`: no cache file or not read. */
  readonly cache: 'accepted' | 'rejected' | 'stale' | 'none';
}

/**
 * Flags a cache is written under, when they differ from the process's at exit: a function that sets V8's
 * defaults back (`vigil scan` compiles its own bundle before it sets its flags, so that bundle's cache must
 * be written under the defaults; V8 hashes only the flags' values, so flags set back to their defaults hash
 * as if never set).
 */
export type WriteFlags = (() => void) | undefined;

interface Loaded {
  readonly cacheFile: string;
  readonly bytes: Buffer;
  readonly script: vm.Script;
  readonly writeUnder: WriteFlags;
}

const loads: BundleLoad[] = [];
/** The exports of each bundle this thread loaded, by URL. */
const bundles = new Map<string, unknown>();
const scripts: Loaded[] = [];
let writeAtExit = false;

export function bundleLoads(): readonly BundleLoad[] {
  return loads;
}

const digest = (bytes: Uint8Array, data: Uint8Array): Buffer => createHash(HASH).update(bytes).update(data).digest();

/** The cached data stored for these bytes of a bundle, or why there is none. */
function readCache(cacheFile: string, bytes: Buffer): { data?: Buffer; state: 'stale' | 'none' } {
  let stored: Buffer;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return { state: 'none' };
  }
  if (stored.length <= HASH_BYTES) return { state: 'stale' };
  const data = stored.subarray(HASH_BYTES);
  return digest(bytes, data).equals(stored.subarray(0, HASH_BYTES)) ? { data, state: 'none' } : { state: 'stale' };
}

/** Writes the cache of every bundle this thread compiled: its bytecode as it stands now, after the scan ran it. */
function writeCodeCaches(): void {
  // Those written under the process's flags first, then the others.
  const ordered = [...scripts.filter((s) => s.writeUnder === undefined), ...scripts.filter((s) => s.writeUnder !== undefined)];
  for (const { cacheFile: target, bytes, script, writeUnder } of ordered) {
    writeUnder?.();
    const data = script.createCachedData();
    const partial = `${target}.${process.pid}.partial`;
    try {
      writeFileSync(partial, Buffer.concat([digest(bytes, data), data]));
      renameSync(partial, target);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  }
}

/** A CommonJS bundle compiled (with its code cache when there is a good one), not yet run. */
export interface CompiledBundle {
  /** Runs the bundle's top level once and returns its exports. */
  run(): unknown;
}

/** Compiles one CommonJS bundle, with its code cache when there is a good one. */
function compileBundle(file: string, cacheFile: string, mode: CodeCacheMode, writeUnder: WriteFlags): CompiledBundle {
  const bytes = readFileSync(file);
  const source = bytes.toString('utf8');
  const cached = mode === 'use' ? readCache(cacheFile, bytes) : { state: 'none' as const };
  // A bundle from the build is wrapped already; any other CommonJS file is wrapped here.
  const text = source.startsWith(BUNDLE_HEAD) ? source : `${BUNDLE_HEAD}${source}${BUNDLE_TAIL}`;
  // vigil-ignore: code-injection (the text is the build's own bundle in dist/, the file the registry names; loading it is what import() would do)
  const script = new vm.Script(text, {
    filename: file,
    ...(cached.data ? { cachedData: cached.data } : {}),
    // No dynamic-import callback: in Node 20 code restored from a cache loses it, so `import()` would work
    // in a bundle compiled afresh and throw in one whose cache was accepted. Without one it throws in both;
    // the build turns every `import()` of a bundle into `require()` and fails if one is left.
  });
  loads.push({ file, cache: cached.data ? (script.cachedDataRejected === true ? 'rejected' : 'accepted') : cached.state });
  if (mode === 'write') {
    scripts.push({ cacheFile, bytes, script, writeUnder });
    if (!writeAtExit) {
      writeAtExit = true;
      process.once('exit', writeCodeCaches);
    }
  }
  return {
    run: () => {
      const module = { exports: {} as unknown };
      const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
      wrapper(module.exports, createRequire(file), module, file, dirname(file));
      return module.exports;
    },
  };
}

/**
 * A `.cjs` bundle compiled with its code cache (the file beside it with `cacheSuffix` added) and not yet run,
 * for a caller that changes V8's flags between the two (src/cli/index.ts); `writeUnder` as in WriteFlags.
 */
export function compileWithCodeCache(url: string, cacheSuffix: string, writeUnder?: () => void): CompiledBundle {
  const file = fileURLToPath(url);
  return compileBundle(file, file + cacheSuffix, codeCacheMode(), writeUnder);
}

/**
 * The module at `url`: a `.cjs` bundle through the code cache, anything else (a repository scanner, say)
 * through `import()`. The cache is the file beside the bundle with `cacheSuffix` added: a bundle run under
 * two sets of V8 flags keeps one cache for each (the command line's, src/cli/index.ts).
 */
export async function importWithCodeCache(url: string, cacheSuffix: string = CODE_CACHE_SUFFIX): Promise<unknown> {
  if (!url.endsWith('.cjs')) return import(url);
  // Once per thread, as import() and require() load a module: a second caller on the thread gets the
  // same instance, and nothing is compiled or initialised twice.
  let loaded = bundles.get(url);
  if (loaded === undefined) {
    const file = fileURLToPath(url);
    loaded = compileBundle(file, file + cacheSuffix, codeCacheMode(), undefined).run();
    bundles.set(url, loaded);
  }
  return loaded;
}
