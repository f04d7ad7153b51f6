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

/** A file path of each language for table examples (a source or propagator example scanned as this file). */
export const EXAMPLE_PATHS = Object.freeze({
  javascript: 'src/handler.ts',
  python: 'app/views.py',
  php: 'app/run.php',
  go: 'cmd/server/run.go',
  java: 'src/main/java/app/Run.java',
  ruby: 'app/controllers/run_controller.rb',
} as const);
