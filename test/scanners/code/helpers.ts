import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RawFinding } from '../../../src/core/findings.js';
import { languageOf, type CodeLanguage } from '../../../src/scanners/code/parser.js';
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

/**
 * Every file of the test fixtures (test/fixtures, test/scanners/code/fixtures) in a language the code
 * scanner parses, or also Angular/Vue/Django templates (`.html`) with `templates`, in a fixed order.
 */
export function fixtureSources(options: { templates?: boolean } = {}): { path: string; language: CodeLanguage | undefined; text: string }[] {
  const out: { path: string; language: CodeLanguage | undefined; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const language = languageOf(path);
        if (language || (options.templates === true && path.endsWith('.html'))) out.push({ path: relative('.', path), language, text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk('test/fixtures');
  walk('test/scanners/code/fixtures');
  return out;
}
