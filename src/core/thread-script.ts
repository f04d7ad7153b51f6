import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ThreadScript {
  /** The entry file's URL. */
  readonly filename: string;
  /** From source only: node options that load TypeScript through tsx (for pools that start their own loader, like piscina). */
  readonly execArgv?: string[];
  /** Code for `new Worker(code, { eval: true })` that registers tsx when needed, then imports the entry (or requires its CommonJS bundle). */
  readonly bootstrap: string;
}

/**
 * Where a worker thread's entry file is and how to start it: from source (tests, `tsx`)
 * the thread loads TypeScript through tsx; from `dist/` it loads plain JavaScript, and where the
 * build bundled the entry as CommonJS beside it (`<name>.cjs`, scripts/bundle-scanners.ts: the
 * command line's scan threads) `bootstrap` requires that one file instead of importing the entry's
 * ES modules one by one. `from` is the caller's import.meta.url, `name` the entry file without
 * extension, next to it.
 */
export function threadScript(from: string, name: string): ThreadScript {
  const fromSource = from.endsWith('.ts');
  const filename = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, from).href;
  const entry = `import(${JSON.stringify(filename)})`;
  if (!fromSource) {
    const bundle = fileURLToPath(new URL(`./${name}.cjs`, from));
    // An eval'd thread runs as a CommonJS script: `require` is there.
    return { filename, bootstrap: existsSync(bundle) ? `require(${JSON.stringify(bundle)})` : entry };
  }
  // tsx by absolute URL: a bare `tsx` is resolved from the working directory, which
  // fails when `vigil scan` runs from sources outside the checkout.
  const require = createRequire(from);
  // The ESM build of tsx's API (the CommonJS one registers its loader under a wrong path).
  const api = JSON.stringify(pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href);
  return {
    filename,
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
    // A loader passed with --import is not in place yet when an eval'd thread's first import runs.
    // No compile cache: it would be a folder in the temporary directory (this thread's copy of the environment).
    bootstrap: `process.env.TSX_DISABLE_CACHE = '1'; import(${api}).then((tsx) => tsx.register()).then(() => ${entry})`,
  };
}
