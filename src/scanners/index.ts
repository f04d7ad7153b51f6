/**
 * The explicit registry of scanners. File scanners run per file inside the
 * worker pool, which imports them by module URL; repository checks run once
 * per workspace on the main thread.
 */
import type { ScannerName } from '../core/findings.js';

export interface FileScannerEntry {
  readonly name: ScannerName;
  /** URL of a module exporting `scanner` (a FileScanner). */
  readonly module: string;
}

// From source (tests, tsx) the workers import .ts files; from dist/ the built .js.
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const moduleUrl = (path: string) => new URL(`${path}${extension}`, import.meta.url).href;

export const FILE_SCANNERS: readonly FileScannerEntry[] = Object.freeze([
  { name: 'secrets', module: moduleUrl('./secrets/scanner') },
  { name: 'code', module: moduleUrl('./code/scanner') },
  { name: 'cicd', module: moduleUrl('./workflows/scanner') },
]);

/** Repository-level scanners, run once per workspace (see engine/scan.ts); listed for the registry test. */
export const REPOSITORY_SCANNERS: readonly ScannerName[] = Object.freeze(['supply_chain']);
