/**
 * The registry of every scanner that runs over a workspace, both kinds of the
 * contract in contract.ts. Entries name a module by URL: worker threads import
 * file scanners by it, the engine imports repository scanners by it on the
 * main thread (lazily: a scan that needs no dependency extractor never loads
 * them). Order matters: it is the order of the statuses and of the findings
 * handed to the pipeline.
 *
 * The API scanner (`http/`) is not here: its target is a URL, not a tree. The
 * adapter src/adapters/http-target retrieves the responses and its pure checks
 * (`http/scanner.ts`, `scanRetrieved`) judge them; the API scan service calls both.
 */
import type { ScannerName } from '../core/findings.js';

export type ScannerKind = 'file' | 'repository';

export interface ScannerEntry {
  readonly kind: ScannerKind;
  readonly name: ScannerName;
  /** URL of a module exporting `scanner`: a FileScanner or a RepositoryScanner, as `kind` says. */
  readonly module: string;
}

export interface FileScannerEntry extends ScannerEntry {
  readonly kind: 'file';
  /** Also runs over every blob of a git history (history scans report what was ever committed). */
  readonly history?: true;
}

export interface RepositoryScannerEntry extends ScannerEntry {
  readonly kind: 'repository';
}

// From source (tests, tsx) modules are .ts files; from dist/ the built .js, and for the file scanners
// the CommonJS bundle the build writes beside it, which scan threads load with V8's code cache
// (scripts/bundle-scanners.ts, src/engine/scanner-module.ts).
const fromSource = import.meta.url.endsWith('.ts');
const moduleUrl = (path: string, built: '.js' | '.cjs') => new URL(`${path}${fromSource ? '.ts' : built}`, import.meta.url).href;
const file = (name: ScannerName, path: string, options: { history?: true } = {}): FileScannerEntry => ({ kind: 'file', name, module: moduleUrl(path, '.cjs'), ...options });
const repository = (name: ScannerName, path: string): RepositoryScannerEntry => ({ kind: 'repository', name, module: moduleUrl(path, '.js') });

export const SCANNERS: readonly (FileScannerEntry | RepositoryScannerEntry)[] = Object.freeze([
  file('secrets', './secrets/scanner', { history: true }),
  file('code', './code/scanner'),
  file('cicd', './workflows/scanner'),
  repository('secrets', './secrets/repository'),
  repository('supply_chain', './dependencies/repository'),
  repository('cicd', './workflows/repository'),
  // Last: it waits for the file scanners' facts, and the others run meanwhile.
  repository('code', './code/repository'),
]);

export const FILE_SCANNERS: readonly FileScannerEntry[] = Object.freeze(SCANNERS.filter((s): s is FileScannerEntry => s.kind === 'file'));
export const REPOSITORY_SCANNERS: readonly RepositoryScannerEntry[] = Object.freeze(
  SCANNERS.filter((s): s is RepositoryScannerEntry => s.kind === 'repository'),
);
