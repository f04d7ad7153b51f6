/** Display helpers shared by the pages; pure, so they run in Node tests too. */

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** "in 45 s", "in 12 min", "in 1 h 5 min". */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `in ${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now) / 1000));
}

/** Share of a limit used, 0–1; unlimited (null) and zero limits show as 0. */
export function usageShare(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(1, Math.max(0, used / limit));
}

export function usageText(used: number, limit: number | null): string {
  return limit === null ? `${used} used (unlimited)` : `${used} of ${limit} used`;
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** owner/repo for the fix-PR form, from a scan target such as "owner/repo" or "owner/repo@ref". */
export function repositoryFromTarget(target: string): string {
  const trimmed = target.trim().replace(/^https?:\/\/github\.com\//i, '');
  const match = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+?)(?:\.git)?(?:[@#/].*)?$/.exec(trimmed);
  return match?.[1] ?? trimmed;
}
