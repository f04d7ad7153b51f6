import type { Ecosystem } from '../types.js';
import type { OsvVulnerability } from './osv-schema.js';

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
}
