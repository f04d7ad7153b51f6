import type { Ecosystem } from './ecosystems.js';
import type { OsvVulnerability } from './osv-schema.js';

/**
 * The OSV ecosystem of GitHub Actions (GHSA publishes advisories for actions under it). Not a
 * dependency ecosystem: the CI/CD scanner looks actions up by name and matches their refs itself.
 */
export const GITHUB_ACTIONS_ECOSYSTEM = 'GitHub Actions';

/** One package to look up at every version. */
export interface PackageName {
  readonly ecosystem: string;
  readonly name: string;
}

/** One package version to look up. */
export interface PackageQuery {
  readonly ecosystem: Ecosystem;
  readonly name: string;
  readonly version: string;
}

/**
 * Where known vulnerabilities come from: the OSV API (online) or the imported
 * database (offline). Both answer the same question the same way.
 */
export interface AdvisorySource {
  readonly mode: 'online' | 'offline';
  /** The records affecting each query, in query order. Throws when the source cannot answer. */
  lookup(queries: readonly PackageQuery[], signal?: AbortSignal): Promise<OsvVulnerability[][]>;
  /**
   * What the source holds per ecosystem (offline: imported advisories and when);
   * undefined for a source that covers every ecosystem it is asked about (online).
   */
  coverage?(): Promise<ReadonlyMap<string, { readonly advisories: number; readonly importedAt: string }>>;
  /** Records by id (aliases whose severity a record without one borrows); ids the source does not hold are left out. */
  records?(ids: readonly string[], signal?: AbortSignal): Promise<ReadonlyMap<string, OsvVulnerability>>;
  /**
   * Every record (not withdrawn) naming each package, whatever the version, in query order: for
   * ecosystems whose versions the caller matches itself (GitHub Actions: tags, commit SHAs).
   * Offline, names are compared as stored (the importer lower-cases GitHub Actions names).
   */
  packageRecords?(packages: readonly PackageName[], signal?: AbortSignal): Promise<OsvVulnerability[][]>;
}
