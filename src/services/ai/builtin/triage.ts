/** The offline triage plan: Vigil's ranking rendered as the report. */
import { rankFindings } from '../triage/rank.js';
import { renderTriageReport } from '../triage/report.js';
import type { TriageScan } from '../triage/types.js';
import { answer } from './text.js';

export function builtinTriage(scan: TriageScan): string {
  return answer([renderTriageReport(scan, rankFindings(scan.findings)).trimEnd()]);
}
