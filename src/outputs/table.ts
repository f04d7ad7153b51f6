import type { Finding } from '../core/findings.js';
import type { ScanReport } from './scan-response.js';
import { terminalField } from './terminal.js';

function pad(text: string, width: number): string {
  const safe = terminalField(text);
  return safe.length > width ? `${safe.slice(0, width - 1)}…` : safe.padEnd(width);
}

/** Human-readable report for a terminal: one row per finding, then a summary. */
export function renderTable(scan: Pick<ScanReport, 'target' | 'findings' | 'warnings'>): string {
  const rows = scan.findings.map((f: Finding) => {
    const commit = f.location.commit ? ` @${f.location.commit.slice(0, 10)}${f.present_at_head === false ? ' (removed since)' : ''}` : '';
    const where = `${f.location.path ?? f.location.url ?? ''}${f.location.line ? `:${f.location.line}` : ''}${commit}`;
    return `${pad(f.severity, 8)}  ${pad(f.id, 11)}  ${pad(f.title, 34)}  ${terminalField(where)}`;
  });
  const counts = new Map<string, number>();
  for (const f of scan.findings) counts.set(f.severity, (counts.get(f.severity) ?? 0) + 1);
  const summary = scan.findings.length === 0 ? 'No findings.' : `${scan.findings.length} finding(s): ${[...counts].map(([s, n]) => `${n} ${s.toLowerCase()}`).join(', ')}`;
  const lines = [`Target: ${terminalField(scan.target)}`, ''];
  if (rows.length > 0) lines.push(`${pad('SEVERITY', 8)}  ${pad('ID', 11)}  ${pad('TITLE', 34)}  LOCATION`, ...rows, '');
  lines.push(summary);
  for (const w of scan.warnings) lines.push(`warning: ${terminalField(w)}`);
  return `${lines.join('\n')}\n`;
}
