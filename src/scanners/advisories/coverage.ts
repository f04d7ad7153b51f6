/** What a known-vulnerability lookup covered: reported in a scan's `stats.advisories`. */

/** Per ecosystem of the scanned packages: how many versions were looked up, and (offline) what the database holds. */
export interface AdvisoryCoverage {
  readonly mode: 'online' | 'offline';
  readonly ecosystems: Readonly<Record<string, EcosystemCoverage>>;
}

export interface EcosystemCoverage {
  /** Distinct package versions of this ecosystem looked up. */
  readonly packages: number;
  /** Offline only: advisories in force for this ecosystem (0 = none imported: nothing was really checked). */
  readonly advisories?: number;
  /** Offline only: when this ecosystem's advisories were last imported (ISO 8601). */
  readonly imported_at?: string;
  /** False when the versions could not be checked (no advisories for the ecosystem, or the source failed). */
  readonly checked: boolean;
}

/** Offline data older than this gets a warning: advisories are published every day. */
export const STALE_ADVISORY_DAYS = 30;
