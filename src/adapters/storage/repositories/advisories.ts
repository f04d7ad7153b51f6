import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** One advisory to store: the OSV record as JSON and the packages it names (ecosystem and normalised name). */
export interface AdvisoryRow {
  readonly id: string;
  readonly modified: string;
  readonly withdrawn: boolean;
  readonly record: unknown;
  readonly packages: readonly { readonly ecosystem: string; readonly name: string }[];
}

export interface AdvisoryCounts {
  readonly advisories: number;
  readonly withdrawn: number;
  readonly packages: number;
  /** Per ecosystem: advisories in force (not withdrawn) and when the newest of them was imported. */
  readonly ecosystems: readonly EcosystemAdvisories[];
}

export interface EcosystemAdvisories {
  readonly ecosystem: string;
  readonly advisories: number;
  /** ISO 8601. */
  readonly imported_at: string;
}

const NAMES_PER_QUERY = 500;

/** The offline vulnerability database (imported OSV records). */
export class AdvisoriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a batch in one transaction. A record replaces the stored copy of
   * the same id unless the stored one was modified later. Returns how many were written.
   */
  async upsert(rows: readonly AdvisoryRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const latest = new Map<string, AdvisoryRow>();
    for (const row of rows) {
      const seen = latest.get(row.id);
      if (!seen || seen.modified <= row.modified) latest.set(row.id, row);
    }
    return this.db.transaction().execute(async (tx) => {
      const existing = await tx.selectFrom('osv_vulns').select(['id', 'modified']).where('id', 'in', [...latest.keys()]).execute();
      for (const { id, modified } of existing) {
        const incoming = latest.get(id);
        if (incoming && newer(modified, incoming.modified)) latest.delete(id);
      }
      const writes = [...latest.values()];
      if (writes.length === 0) return 0;
      await tx.deleteFrom('osv_vulns').where('id', 'in', writes.map((w) => w.id)).execute();
      await tx
        .insertInto('osv_vulns')
        .values(writes.map((w) => ({ id: w.id, modified: w.modified, withdrawn: w.withdrawn, record: JSON.stringify(w.record) })))
        .execute();
      const affected = new Map<string, { vuln_id: string; ecosystem: string; name: string }>();
      for (const w of writes) {
        for (const p of w.packages) affected.set(`${w.id}\u0000${p.ecosystem}\u0000${p.name}`, { vuln_id: w.id, ...p });
      }
      const values = [...affected.values()];
      for (let i = 0; i < values.length; i += 1000) await tx.insertInto('osv_affected').values(values.slice(i, i + 1000)).execute();
      return writes.length;
    });
  }

  /** Records (not withdrawn) naming any of these packages, keyed `ecosystem\0name`. */
  async findByPackages(packages: readonly { readonly ecosystem: string; readonly name: string }[]): Promise<Map<string, unknown[]>> {
    const byEcosystem = new Map<string, Set<string>>();
    for (const p of packages) {
      let names = byEcosystem.get(p.ecosystem);
      if (!names) byEcosystem.set(p.ecosystem, (names = new Set()));
      names.add(p.name);
    }
    const found = new Map<string, unknown[]>();
    for (const [ecosystem, nameSet] of byEcosystem) {
      const names = [...nameSet];
      for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
        const rows = await this.db
          .selectFrom('osv_affected as a')
          .innerJoin('osv_vulns as v', 'v.id', 'a.vuln_id')
          .select(['a.name', 'v.record'])
          .where('a.ecosystem', '=', ecosystem)
          .where('a.name', 'in', names.slice(i, i + NAMES_PER_QUERY))
          .where('v.withdrawn', '=', false)
          .execute();
        for (const row of rows) {
          const key = `${ecosystem}\u0000${row.name}`;
          const record = typeof row.record === 'string' ? (JSON.parse(row.record) as unknown) : row.record;
          const list = found.get(key);
          if (list) list.push(record);
          else found.set(key, [record]);
        }
      }
    }
    return found;
  }

  /** Stored records by id. */
  async findByIds(ids: readonly string[]): Promise<Map<string, unknown>> {
    const found = new Map<string, unknown>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += NAMES_PER_QUERY) {
      const rows = await this.db.selectFrom('osv_vulns').select(['id', 'record']).where('id', 'in', unique.slice(i, i + NAMES_PER_QUERY)).execute();
      for (const row of rows) found.set(row.id, typeof row.record === 'string' ? (JSON.parse(row.record) as unknown) : row.record);
    }
    return found;
  }

  /** Whether anything was ever imported (cheap: one row). */
  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('osv_vulns').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async counts(): Promise<AdvisoryCounts> {
    const v = await this.db
      .selectFrom('osv_vulns')
      .select([sql<string>`count(*)`.as('all'), sql<string>`count(*) filter (where withdrawn)`.as('withdrawn')])
      .executeTakeFirstOrThrow();
    const p = await this.db
      .selectFrom('osv_affected')
      .select(sql<string>`count(distinct (ecosystem, name))`.as('packages'))
      .executeTakeFirstOrThrow();
    return { advisories: Number(v.all), withdrawn: Number(v.withdrawn), packages: Number(p.packages), ecosystems: await this.ecosystems() };
  }

  /** Advisories in force per ecosystem, with the time of the latest import that touched each. */
  async ecosystems(): Promise<EcosystemAdvisories[]> {
    const rows = await this.db
      .selectFrom('osv_affected as a')
      .innerJoin('osv_vulns as v', 'v.id', 'a.vuln_id')
      .select(['a.ecosystem', sql<string>`count(distinct a.vuln_id)`.as('advisories'), sql<Date | string>`max(v.imported_at)`.as('imported_at')])
      .where('v.withdrawn', '=', false)
      .groupBy('a.ecosystem')
      .orderBy('a.ecosystem')
      .execute();
    return rows.map((r) => ({ ecosystem: r.ecosystem, advisories: Number(r.advisories), imported_at: new Date(r.imported_at).toISOString() }));
  }
}

/** OSV `modified` is RFC 3339; compare as instants, falling back to text. */
function newer(a: string, b: string): boolean {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isFinite(ta) && Number.isFinite(tb) ? ta > tb : a > b;
}
