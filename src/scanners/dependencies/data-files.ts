/**
 * Data files shipped beside the dependency scanner's sources (the popular-package lists under
 * risks/popular/), read when a check first needs them rather than compiled into the code: a scan
 * whose manifests are all PHP or Go never reads the npm and PyPI lists, and every thread that loads
 * the scanner saves parsing about 540 KB of data (docs/decisions.md).
 *
 * This module sits in the folder of the scanner's entry module on purpose: `npm run build` bundles
 * the scanner into dist/scanners/dependencies/scanner.js, so `import.meta.url` here names this
 * folder both from the sources and from the bundle, and tsc copies the JSON files to the same
 * relative place in dist/ (tsconfig.build.json includes them).
 */
import { readFileSync } from 'node:fs';

/** The parsed JSON of a data file, by its path relative to this folder (`risks/popular/npm.json`). */
export function readDataFile(relativePath: string): unknown {
  return JSON.parse(readFileSync(new URL(relativePath, import.meta.url), 'utf8')) as unknown;
}
