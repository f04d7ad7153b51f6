import type { ScanPage, ScanSummary } from './types.js';

/** A page of GET /v1/scans: `{items, next_cursor}`; a missing list or cursor reads as an empty last page. */
export function toScanPage(body: unknown): ScanPage {
  const value = (body ?? {}) as { items?: unknown; next_cursor?: unknown };
  return {
    items: Array.isArray(value.items) ? (value.items as ScanSummary[]) : [],
    next_cursor: typeof value.next_cursor === 'string' && value.next_cursor !== '' ? value.next_cursor : null,
  };
}

export function scansPath(limit: number, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) query.set('cursor', cursor);
  return `/v1/scans?${query.toString()}`;
}

export interface ScanFilter {
  readonly targetType: '' | 'github' | 'api';
  readonly text: string;
}

export function filterScans(scans: readonly ScanSummary[], filter: ScanFilter): ScanSummary[] {
  const needle = filter.text.trim().toLowerCase();
  return scans.filter((s) => (filter.targetType === '' || s.target_type === filter.targetType) && (needle === '' || s.target.toLowerCase().includes(needle)));
}

/** Appends a new page, dropping scans already listed (a scan stored between two pages shifts the list). */
export function appendPage(current: readonly ScanSummary[], next: readonly ScanSummary[]): ScanSummary[] {
  const seen = new Set(current.map((s) => s.scan_id));
  return [...current, ...next.filter((s) => !seen.has(s.scan_id))];
}
