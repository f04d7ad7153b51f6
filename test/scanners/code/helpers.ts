import type { RawFinding } from '../../../src/core/findings.js';
import { scanner } from '../../../src/scanners/code/scanner.js';

let ready: Promise<void> | undefined;

/** Initialises the scanner the way a worker does (once), then scans. */
export async function scan(path: string, text: string): Promise<RawFinding[]> {
  ready ??= scanner.init?.() ?? Promise.resolve();
  await ready;
  return scanner.scanFile({ path, text });
}

export const byRule = (findings: readonly RawFinding[], ruleId: string): RawFinding[] => findings.filter((f) => f.ruleId === ruleId);
