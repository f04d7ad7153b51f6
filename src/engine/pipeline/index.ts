/**
 * The steps after the scanners, in order: stable ids, the ignore file, dedupe,
 * redaction, the wire shape, sorting. Inline `vigil-ignore` comments were
 * already applied in the workers (see inline.ts).
 */
import type { Finding, RawFinding } from '../../core/findings.js';
import { dedupe, occurrencesNote, type Identified } from './dedupe.js';
import { findingId } from './fingerprint.js';
import { isIgnored, type IgnoreFile } from './ignore-file.js';
import { redact, secretsByPath } from './redact.js';
import { compareFindings } from './sort.js';

export interface PipelineOptions {
  /** owner/repo or the directory label; part of every finding id and location. */
  readonly target: string;
  readonly ignore?: IgnoreFile;
}

export interface PipelineResult {
  readonly findings: Finding[];
  /** Findings dropped by the ignore file. */
  readonly ignored: number;
}

export function runPipeline(raw: readonly RawFinding[], options: PipelineOptions): PipelineResult {
  const identified: Identified[] = [];
  let ignored = 0;
  for (const f of raw) {
    const id = findingId(options.target, f);
    if (options.ignore && isIgnored(options.ignore, { id, ruleId: f.ruleId, path: f.path })) {
      ignored++;
      continue;
    }
    identified.push({ id, raw: f, otherLines: [] });
  }
  const secrets = secretsByPath(raw);
  const findings = dedupe(identified).map(({ id, raw: f, otherLines }) => {
    const clean = redact(f, secrets.get(f.path) ?? []);
    return {
      id,
      category: clean.category,
      severity: clean.severity,
      title: clean.title,
      description: clean.description,
      evidence: clean.evidence + occurrencesNote(otherLines),
      location:
        clean.url === undefined
          ? { target: options.target, path: clean.path, line: clean.line, column: clean.column, url: null, method: null }
          : { target: options.target, url: clean.url, method: clean.method ?? 'GET' },
      scanner_name: clean.scanner,
      remediation: clean.remediation,
      confidence: clean.confidence,
      owasp_categories: [...clean.owaspCategories],
      rule_id: clean.ruleId,
    } satisfies Finding;
  });
  findings.sort(compareFindings);
  return { findings, ignored };
}
