/**
 * The severity Vigil reports for an OSV vulnerability in one package. OSV records
 * come from outside and any field may be missing or odd: nothing here throws.
 */
import type { Severity } from '../../core/findings.js';
import { cvssBaseScore, severityFromScore, type CvssVersion } from './cvss.js';
import type { OsvAffected, OsvVulnerability } from './osv-schema.js';

export interface AdvisorySeverity {
  readonly severity: Severity;
  /** The CVSS base score, when the severity came from a vector. */
  readonly score?: number;
  /** The vector the score was computed from, as the record gives it (trimmed). */
  readonly vector?: string;
  readonly source: 'cvss' | 'database' | 'default';
}

/** Higher wins: v4 over v3.1 over v3.0 over v2. */
const VERSION_RANK: Readonly<Record<CvssVersion, number>> = { '4.0': 4, '3.1': 3, '3.0': 2, '2.0': 1 };

/** GHSA's `database_specific.severity` words (GitHub uses MODERATE for medium). */
const DATABASE_SEVERITIES: Readonly<Record<string, Severity>> = {
  LOW: 'LOW',
  MODERATE: 'MEDIUM',
  MEDIUM: 'MEDIUM',
  HIGH: 'HIGH',
  CRITICAL: 'CRITICAL',
};

interface Scored {
  readonly version: CvssVersion;
  readonly score: number;
  readonly vector: string;
}

/**
 * The best CVSS vector in one `severity` list: the highest CVSS version that parses,
 * and among vectors of that version the highest score. Entries whose type is not a
 * CVSS type (e.g. "Ubuntu") and vectors that do not parse are skipped; the version
 * is the vector's own, whatever its entry's type claims.
 */
function bestCvss(list: unknown): Scored | undefined {
  if (!Array.isArray(list)) return undefined;
  let best: Scored | undefined;
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { type, score } = entry as { type?: unknown; score?: unknown };
    if (typeof type !== 'string' || !/^CVSS/i.test(type.trim())) continue;
    if (typeof score !== 'string') continue;
    const vector = score.trim();
    const parsed = cvssBaseScore(vector);
    if (parsed === undefined) continue;
    const better =
      best === undefined ||
      VERSION_RANK[parsed.version] > VERSION_RANK[best.version] ||
      (VERSION_RANK[parsed.version] === VERSION_RANK[best.version] && parsed.score > best.score);
    if (better) best = { version: parsed.version, score: parsed.score, vector };
  }
  return best;
}

/**
 * A vulnerability's severity for one package: the highest-version CVSS vector (v4
 * over v3.1 over v3.0 over v2) from the affected entry's `severity` for this
 * package, else the record's top-level `severity`; else GHSA's
 * `database_specific.severity` (LOW, MODERATE→MEDIUM, HIGH, CRITICAL); else MEDIUM
 * with `source: 'default'`.
 */
export function advisorySeverity(vuln: OsvVulnerability, affected?: OsvAffected): AdvisorySeverity {
  const record = (typeof vuln === 'object' && vuln !== null ? vuln : {}) as Partial<OsvVulnerability>;
  const entry = (typeof affected === 'object' && affected !== null ? affected : {}) as Partial<OsvAffected>;

  const cvss = bestCvss(entry.severity) ?? bestCvss(record.severity);
  if (cvss !== undefined) {
    return { severity: severityFromScore(cvss.score), score: cvss.score, vector: cvss.vector, source: 'cvss' };
  }

  const databaseSpecific: unknown = record.database_specific;
  if (typeof databaseSpecific === 'object' && databaseSpecific !== null) {
    const word: unknown = (databaseSpecific as { severity?: unknown }).severity;
    if (typeof word === 'string') {
      const key = word.trim().toUpperCase();
      const severity = Object.prototype.hasOwnProperty.call(DATABASE_SEVERITIES, key) ? DATABASE_SEVERITIES[key] : undefined;
      if (severity !== undefined) return { severity, source: 'database' };
    }
  }

  return { severity: 'MEDIUM', source: 'default' };
}

/** GitHub advisory ids: the records that carry a reviewed severity when Go, PyPA or RustSec records do not. */
const GHSA_ID = /^GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}$/;

/** The GHSA aliases of a record whose own fields give no severity (Go, PyPA and RustSec records mostly). */
export function aliasesToAsk(vuln: OsvVulnerability): string[] {
  if (advisorySeverity(vuln).source !== 'default' || !Array.isArray(vuln.aliases)) return [];
  return vuln.aliases.filter((a): a is string => typeof a === 'string' && GHSA_ID.test(a));
}

/**
 * A record without a severity of its own takes its GHSA alias's: the CVSS vectors when the
 * alias has them, else its `database_specific.severity` word. The record is copied, with
 * `database_specific.severity_source` naming the alias; records with a severity stay as they are.
 */
export function withAliasSeverity(vuln: OsvVulnerability, aliases: ReadonlyMap<string, OsvVulnerability>): OsvVulnerability {
  for (const id of aliasesToAsk(vuln)) {
    const alias = aliases.get(id);
    if (alias === undefined) continue;
    const borrowed = advisorySeverity(alias);
    if (borrowed.source === 'default') continue;
    const databaseSpecific = typeof vuln.database_specific === 'object' && vuln.database_specific !== null ? vuln.database_specific : {};
    if (borrowed.source === 'cvss') return { ...vuln, severity: alias.severity, database_specific: { ...databaseSpecific, severity_source: id } };
    return { ...vuln, database_specific: { ...databaseSpecific, severity: borrowed.severity, severity_source: id } };
  }
  return vuln;
}
