/**
 * `.vigilignore` at the repository root. One entry per line:
 *
 *   <selector> [<selector> …] [expires=YYYY-MM-DD] [# reason]
 *
 * A selector is `path:<glob>`, `rule:<rule-id>` or `id:<finding-id>`; bare
 * words are read as a finding id when they have its shape (SEC-1A2B3C), as a
 * path glob when they contain `/`, `*`, `?` or `.`, and as a rule id
 * otherwise. All selectors of a line must match. An entry past its expiry date
 * stops applying and is reported as a warning.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

const requireHere = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;

/** picomatch (CommonJS, 5 files) is loaded with the first path selector: most scans have no ignore file. */
function picomatch(...args: Parameters<typeof Picomatch>): ReturnType<typeof Picomatch> {
  picomatchModule ??= requireHere('picomatch') as typeof Picomatch;
  return picomatchModule(...args);
}

export const IGNORE_FILE = '.vigilignore';
const MAX_ENTRIES = 1000;
const FINDING_ID = /^[A-Z]+-[A-Z0-9]{6}$/;

export interface IgnoreSubject {
  readonly id: string;
  readonly ruleId: string;
  readonly path: string;
}

interface Entry {
  readonly line: number;
  readonly tests: readonly ((s: IgnoreSubject) => boolean)[];
  readonly expires?: string;
  readonly reason?: string;
}

export interface IgnoreFile {
  readonly entries: readonly Entry[];
  readonly warnings: readonly string[];
}

function selector(word: string): ((s: IgnoreSubject) => boolean) | string {
  const colon = word.indexOf(':');
  const kind = colon > 0 ? word.slice(0, colon) : undefined;
  const value = kind && ['path', 'rule', 'id'].includes(kind) ? word.slice(colon + 1) : word;
  const type = kind && ['path', 'rule', 'id'].includes(kind) ? kind : FINDING_ID.test(word) ? 'id' : /[/*?.]/.test(word) ? 'path' : 'rule';
  if (value === '') return `empty ${type} selector`;
  if (type === 'id') return (s) => s.id === value;
  if (type === 'rule') return (s) => s.ruleId === value;
  const glob = value.replace(/^\.?\//, '');
  const isMatch = picomatch(glob.endsWith('/') ? `${glob}**` : glob, { dot: true });
  // A bare name without a slash matches at any depth, as in .gitignore.
  const anywhere = glob.includes('/') ? undefined : picomatch(`**/${glob}`, { dot: true });
  return (s) => isMatch(s.path) || (anywhere?.(s.path) ?? false) || s.path.startsWith(`${glob.replace(/\/$/, '')}/`);
}

/** Parses the file; `today` is YYYY-MM-DD (UTC). Bad lines become warnings, never failures. */
export function parseIgnoreFile(text: string, today: string): IgnoreFile {
  const entries: Entry[] = [];
  const warnings: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const hash = raw.indexOf('#');
    const reason = hash >= 0 ? raw.slice(hash + 1).trim() : undefined;
    const body = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (body === '') continue;
    if (entries.length >= MAX_ENTRIES) {
      warnings.push(`${IGNORE_FILE}: only the first ${MAX_ENTRIES} entries are used`);
      break;
    }
    const line = index + 1;
    let expires: string | undefined;
    const tests: ((s: IgnoreSubject) => boolean)[] = [];
    let problem: string | undefined;
    for (const word of body.split(/\s+/)) {
      if (word.startsWith('expires=')) {
        expires = word.slice('expires='.length);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(`${expires}T00:00:00Z`))) problem = `invalid expiry date "${expires}" (use YYYY-MM-DD)`;
        continue;
      }
      const test = selector(word);
      if (typeof test === 'string') problem = test;
      else tests.push(test);
    }
    if (problem) {
      warnings.push(`${IGNORE_FILE} line ${line} ignored: ${problem}`);
      continue;
    }
    if (expires !== undefined && expires < today) {
      warnings.push(`${IGNORE_FILE} line ${line} expired on ${expires} and no longer applies`);
      continue;
    }
    entries.push({ line, tests, ...(expires ? { expires } : {}), ...(reason ? { reason } : {}) });
  }
  return { entries, warnings };
}

export function isIgnored(file: IgnoreFile, subject: IgnoreSubject): boolean {
  return file.entries.some((e) => e.tests.every((t) => t(subject)));
}
