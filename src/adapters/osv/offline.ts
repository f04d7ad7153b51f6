/**
 * Offline advisory source: the records imported by `vigil osv import`, matched
 * locally with the OSV range semantics and each ecosystem's version ordering.
 */
import type { Ecosystem } from '../../scanners/dependencies/types.js';
import { isVersionAffected, normalisePackageName } from '../../scanners/dependencies/advisories/match.js';
import type { OsvVulnerability } from '../../scanners/advisories/osv-schema.js';
import type { AdvisorySource, PackageName, PackageQuery } from '../../scanners/advisories/source.js';

/** What the offline source needs from storage (AdvisoriesRepository implements it). */
export interface AdvisoryStore {
  /** Records naming any of these packages (ecosystem, normalised name), keyed `ecosystem\0name`. */
  findByPackages(packages: readonly { readonly ecosystem: string; readonly name: string }[]): Promise<Map<string, unknown[]>>;
  /** True when nothing was ever imported. */
  isEmpty(): Promise<boolean>;
  /** Records by id (withdrawn ones too). */
  findByIds(ids: readonly string[]): Promise<Map<string, unknown>>;
  /** Advisories in force per ecosystem and the time of their latest import. */
  ecosystems(): Promise<readonly { readonly ecosystem: string; readonly advisories: number; readonly imported_at: string }[]>;
}

export const packageKey = (ecosystem: Ecosystem, name: string) => `${ecosystem}\u0000${normalisePackageName(ecosystem, name)}`;

export class OfflineAdvisorySource implements AdvisorySource {
  readonly mode = 'offline' as const;

  constructor(private readonly store: AdvisoryStore) {}

  async coverage(): Promise<Map<string, { advisories: number; importedAt: string }>> {
    const rows = await this.store.ecosystems();
    return new Map(rows.map((r) => [r.ecosystem, { advisories: r.advisories, importedAt: r.imported_at }]));
  }

  async records(ids: readonly string[]): Promise<Map<string, OsvVulnerability>> {
    return (await this.store.findByIds(ids)) as Map<string, OsvVulnerability>;
  }

  async packageRecords(packages: readonly PackageName[]): Promise<OsvVulnerability[][]> {
    const found = await this.store.findByPackages(packages);
    return packages.map((p) => (found.get(`${p.ecosystem}\u0000${p.name}`) ?? []) as OsvVulnerability[]);
  }

  async lookup(queries: readonly PackageQuery[]): Promise<OsvVulnerability[][]> {
    // An empty database would answer "nothing is vulnerable"; say what is wrong instead.
    if (await this.store.isEmpty()) throw new Error('no advisories have been imported; run `npx vigil osv import` in the Vigil folder');
    const keys = queries.map((q) => ({ ecosystem: q.ecosystem, name: normalisePackageName(q.ecosystem, q.name) }));
    const found = await this.store.findByPackages(keys);
    return queries.map((q) => {
      const records = (found.get(packageKey(q.ecosystem, q.name)) ?? []) as OsvVulnerability[];
      return records.filter((r) => isVersionAffected(r, q.ecosystem, q.name, q.version));
    });
  }
}
