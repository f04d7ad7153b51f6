/**
 * The parts of the OSV schema (https://ossf.github.io/osv-schema/) Vigil reads.
 * Records come from outside (the OSV API or an imported export): every field is
 * optional in practice and readers must tolerate missing or odd values.
 */

export type OsvRangeType = 'SEMVER' | 'ECOSYSTEM' | 'GIT';

/** Exactly one key is set per event. */
export interface OsvEvent {
  readonly introduced?: string;
  readonly fixed?: string;
  readonly last_affected?: string;
  readonly limit?: string;
}

export interface OsvRange {
  /** An OsvRangeType; other values may appear in data from outside and are skipped. */
  readonly type: string;
  readonly repo?: string;
  readonly events: readonly OsvEvent[];
  readonly database_specific?: unknown;
}

export interface OsvAffected {
  readonly package?: { readonly ecosystem: string; readonly name: string; readonly purl?: string };
  readonly severity?: readonly OsvSeverity[];
  readonly ranges?: readonly OsvRange[];
  readonly versions?: readonly string[];
  readonly ecosystem_specific?: unknown;
  readonly database_specific?: unknown;
}

export interface OsvSeverity {
  /** CVSS_V2, CVSS_V3, CVSS_V4, Ubuntu … */
  readonly type: string;
  /** A CVSS vector string for the CVSS types. */
  readonly score: string;
}

export interface OsvReference {
  readonly type: string;
  readonly url: string;
}

export interface OsvVulnerability {
  readonly schema_version?: string;
  readonly id: string;
  readonly modified: string;
  readonly published?: string;
  readonly withdrawn?: string;
  readonly aliases?: readonly string[];
  readonly related?: readonly string[];
  readonly upstream?: readonly string[];
  readonly summary?: string;
  readonly details?: string;
  readonly severity?: readonly OsvSeverity[];
  readonly affected?: readonly OsvAffected[];
  readonly references?: readonly OsvReference[];
  readonly credits?: unknown;
  /** GHSA records put `severity: "HIGH"` etc. here. */
  readonly database_specific?: { readonly severity?: string; readonly [key: string]: unknown };
}

/** POST /v1/querybatch request item (by package and version). */
export interface OsvQuery {
  readonly package: { readonly ecosystem: string; readonly name: string };
  readonly version: string;
  readonly page_token?: string;
}

/** POST /v1/querybatch response: results[i] answers queries[i]; vulns carry only id and modified. */
export interface OsvBatchResponse {
  readonly results: readonly { readonly vulns?: readonly { readonly id: string; readonly modified: string }[]; readonly next_page_token?: string }[];
}
