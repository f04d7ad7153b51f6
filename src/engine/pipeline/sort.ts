import { SEVERITY_RANK, type Finding } from '../../core/findings.js';

/** Most severe first, then by path, line and column; the id breaks ties so the order is total. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    (a.location.path ?? '').localeCompare(b.location.path ?? '') ||
    (a.location.line ?? 0) - (b.location.line ?? 0) ||
    (a.location.column ?? 0) - (b.location.column ?? 0) ||
    a.id.localeCompare(b.id)
  );
}
