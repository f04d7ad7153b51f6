/**
 * What dependency extractors produce. Pure: an extractor reads one file's text
 * and never throws — a file it cannot read becomes a warning.
 */
import type { Ecosystem } from '../advisories/ecosystems.js';

export { ECOSYSTEMS, type Ecosystem } from '../advisories/ecosystems.js';

export type PackageSourceKind = 'registry' | 'git' | 'url' | 'file' | 'path' | 'workspace';

export interface ExtractedPackage {
  readonly ecosystem: Ecosystem;
  /** Name as the ecosystem's registry spells it (normalised where the ecosystem says so, e.g. PEP 503 for PyPI). */
  readonly name: string;
  /** Exact resolved version, when the file pins one (lockfiles, `==` pins). */
  readonly version?: string;
  /** The requirement as declared (`^1.2.0`, `>=2,<3`, `*`), for manifests. */
  readonly requirement?: string;
  /** Declared by the project itself (not only pulled in by another package). */
  readonly direct: boolean;
  /** Development-only dependency, when the file says so. */
  readonly dev?: boolean;
  /** File the package came from, POSIX, relative to the workspace root, and its 1-based line. */
  readonly path: string;
  readonly line: number;
  /** Where it is fetched from; `registry` unless the file says otherwise. */
  readonly source: PackageSourceKind;
  /** The resolved/download URL when the file records one (lockfiles). */
  readonly resolved?: string;
  /** Integrity hash when the file records one (lockfiles). */
  readonly integrity?: string;
}

export interface ExtractResult {
  readonly kind: 'manifest' | 'lockfile';
  readonly packages: readonly ExtractedPackage[];
  /** Problems that did not stop extraction (a broken file is one warning and no packages). */
  readonly warnings: readonly string[];
}

/** A small file an extractor must read, with what it must report; run as a test (test/scanners/dependencies/examples.test.ts). */
export interface ExtractorExample {
  /** The path the file is read as; the extractor must match it. */
  readonly path: string;
  readonly text: string;
  /**
   * Every package it reports, in order: `name@version` (`name` alone without a version), `direct`
   * or `indirect`, then `dev` or `prod` when the file says, and the line: `'serde@1.0.200 direct line 8'`.
   */
  readonly packages: readonly string[];
}

export interface Extractor {
  /** kebab-case, equal to its folder name under extractors/. */
  readonly id: string;
  readonly ecosystem: Ecosystem;
  /** The supply-chain docs page's row: the files it reads and what it records from them. */
  readonly docs: { readonly files: string; readonly notes: string };
  /** True for the file names this extractor reads (matched on the path's last segment, or the whole path). */
  matches(path: string): boolean;
  /**
   * When set, `matches` accepts exactly the paths whose last segment is one of these names (`named()` gives
   * both): the registry then finds the extractor by name instead of asking it about every path of a repository.
   */
  readonly fileNames?: readonly string[];
  extract(path: string, text: string): ExtractResult;
  /**
   * Other files this one pulls in (pip's `-r`/`-c`), as workspace paths; they are
   * read with this same extractor whatever their names.
   */
  includes?(path: string, text: string): string[];
  /** At least one file it must read and what it must report; a test runs them (no warnings allowed). */
  readonly examples: readonly ExtractorExample[];
}
