import { SEVERITY_RANK, type Finding } from '../../core/findings.js';
import { compareText } from '../../core/order.js';

/** Most severe first, then by path, line and column; the id breaks ties so the order is total. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    compareText(a.location.path ?? '', b.location.path ?? '') ||
    (a.location.line ?? 0) - (b.location.line ?? 0) ||
    (a.location.column ?? 0) - (b.location.column ?? 0) ||
    compareText(a.id, b.id)
  );
}
