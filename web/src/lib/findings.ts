import { SEVERITIES, type Finding, type Severity } from './types.js';

/** Higher is worse: CRITICAL > HIGH > MEDIUM > LOW > INFO. */
export function severityRank(severity: Severity): number {
  const index = SEVERITIES.indexOf(severity);
  return index < 0 ? -1 : SEVERITIES.length - index;
}

export const SORT_KEYS = ['severity', 'title', 'category', 'rule', 'location'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

/** The rule filter's value for findings that name no rule (rule ids are kebab-case, so it cannot clash). */
export const NO_RULE = '(none)';

export interface FindingFilter {
  readonly severity?: Severity | '';
  readonly category?: string;
  /** A rule id; NO_RULE matches findings without one. */
  readonly rule?: string;
  /** Case-insensitive substring of the path (or URL for API findings). */
  readonly path?: string;
}

/** "src/app.ts:12" for repository findings, "GET https://…" for API findings. */
export function locationText(finding: Finding): string {
  const where = finding.location;
  if (where.path !== undefined) return where.line !== undefined && where.line > 0 ? `${where.path}:${where.line}` : where.path;
  if (where.url !== null) return where.method !== null ? `${where.method} ${where.url}` : where.url;
  return where.target;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareBy(key: SortKey, a: Finding, b: Finding): number {
  switch (key) {
    case 'severity':
      return severityRank(a.severity) - severityRank(b.severity);
    case 'title':
      return collator.compare(a.title, b.title);
    case 'category':
      return collator.compare(a.category, b.category);
    case 'rule':
      return collator.compare(a.rule_id ?? '', b.rule_id ?? '');
    case 'location':
      return collator.compare(locationText(a), locationText(b));
  }
}

/**
 * A sorted copy. Ties fall back to severity (worst first), then location,
 * then id, so the order is stable whatever order the findings arrived in.
 */
export function sortFindings(findings: readonly Finding[], key: SortKey, direction: SortDirection): Finding[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...findings].sort(
    (a, b) =>
      sign * compareBy(key, a, b) ||
      severityRank(b.severity) - severityRank(a.severity) ||
      collator.compare(locationText(a), locationText(b)) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export function filterFindings(findings: readonly Finding[], filter: FindingFilter): Finding[] {
  const needle = filter.path?.trim().toLowerCase() ?? '';
  return findings.filter((f) => {
    if (filter.severity && f.severity !== filter.severity) return false;
    if (filter.category && f.category !== filter.category) return false;
    if (filter.rule && (f.rule_id ?? NO_RULE) !== filter.rule) return false;
    if (needle === '') return true;
    const where = (f.location.path ?? f.location.url ?? '').toLowerCase();
    return where.includes(needle);
  });
}

export interface Count {
  readonly label: string;
  readonly count: number;
}

/** Findings per severity, every severity listed (worst first), zeros included. */
export function countBySeverity(findings: readonly Finding[]): Count[] {
  return SEVERITIES.map((label) => ({ label, count: findings.filter((f) => f.severity === label).length }));
}

/** Findings per category present, most first, then by name. */
export function countByCategory(findings: readonly Finding[]): Count[] {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}

/** The distinct values of one field, sorted, for filter choices (NO_RULE stands for findings without a rule id). */
export function distinctValues(findings: readonly Finding[], field: 'category' | 'rule_id'): string[] {
  return [...new Set(findings.map((f) => f[field] ?? NO_RULE))].sort((a, b) => collator.compare(a, b));
}
