import type { Severity } from '../lib/types.js';

export function severityClass(severity: string): string {
  return `sev--${severity.toLowerCase()}`;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <span class={`badge ${severityClass(severity)}`}>{severity}</span>;
}
