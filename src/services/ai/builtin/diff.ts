/**
 * Mechanical patches the offline engine can write without seeing the file:
 * a hard-coded secret read from the environment instead (from the redacted
 * line in the evidence), and .env files added to .gitignore.
 */
import type { Finding } from '../../../core/findings.js';
import { cleanLine } from '../prompts/untrusted.js';

const MARK = '[REDACTED]';

/** How each language reads an environment variable; undefined where no mechanical change is offered. */
function envExpression(path: string, name: string): string | undefined {
  const lower = path.toLowerCase();
  const ext = lower.slice(lower.lastIndexOf('.') + 1);
  if (/^(?:[cm]?[jt]sx?|vue|svelte)$/.test(ext)) return `process.env.${name}`;
  if (ext === 'py') return `os.environ["${name}"]`;
  if (ext === 'rb') return `ENV.fetch("${name}")`;
  if (ext === 'go') return `os.Getenv("${name}")`;
  if (/^(?:java|kt|kts|scala|groovy)$/.test(ext)) return `System.getenv("${name}")`;
  if (ext === 'cs') return `Environment.GetEnvironmentVariable("${name}")`;
  if (ext === 'php') return `getenv('${name}')`;
  if (ext === 'rs') return `std::env::var("${name}").expect("${name} must be set")`;
  if (/^(?:sh|bash|zsh)$/.test(ext)) return `"\${${name}}"`;
  if ((ext === 'yml' || ext === 'yaml') && /(?:^|\/)\.github\/workflows\//.test(lower)) return `\${{ secrets.${name} }}`;
  return undefined;
}

/** SOME_NAME from `someName`, `some.name`, `some-name`. */
export function toEnvName(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase()
    .replace(/^(\d)/, '_$1');
}

/** The evidence line without the "Title: " prefix the secrets scanner adds. */
function evidenceLine(f: Finding): string | undefined {
  const evidence = cleanLine(f.evidence, 2000);
  const line = evidence.startsWith(`${f.title}: `) ? evidence.slice(f.title.length + 2) : evidence;
  // A cut line ("…") is not the whole line: no patch from it.
  if (line.startsWith('…') || line.endsWith('…') || !line.includes(MARK)) return undefined;
  return line;
}

interface Literal {
  readonly start: number;
  readonly end: number;
}

/** The string literal (quotes included) or bare value that holds the redaction marker. */
function literalAround(line: string): Literal | undefined {
  const quoted = /(["'`])[^"'`\n]{0,2000}?\[REDACTED\][^"'`\n]{0,2000}?\1/.exec(line);
  if (quoted) return { start: quoted.index, end: quoted.index + quoted[0].length };
  const bare = /([=:]\s{0,10})([^\s,;)]{0,2000}\[REDACTED\][^\s,;)]{0,2000})/.exec(line);
  if (bare?.[1] !== undefined && bare[2] !== undefined) {
    const start = bare.index + bare[1].length;
    return { start, end: start + bare[2].length };
  }
  return undefined;
}

/** The variable name for the value: the assigned identifier before it, else the rule id. */
function nameFor(before: string, f: Finding): string {
  const m = /([A-Za-z_$][\w$.-]{0,100})["']?\s{0,10}(?::=|=>|=|:)\s{0,10}$/.exec(before);
  const name = m?.[1] ? toEnvName(m[1].replace(/^\$/, '')) : '';
  if (name.length >= 3) return name;
  return toEnvName(f.rule_id ?? f.title) || 'SECRET_VALUE';
}

export interface SecretPatch {
  readonly diff: string;
  readonly name: string;
  readonly expression: string;
}

/** A one-line patch replacing the redacted literal with an environment lookup, when the file type allows one. */
export function envVarPatch(f: Finding): SecretPatch | undefined {
  const path = f.location.path;
  const lineNumber = f.location.line;
  if (f.category !== 'secrets' || !path || !lineNumber) return undefined;
  const line = evidenceLine(f);
  if (line === undefined) return undefined;
  const literal = literalAround(line);
  if (!literal) return undefined;
  const name = nameFor(line.slice(0, literal.start), f);
  const expression = envExpression(path, name);
  if (expression === undefined) return undefined;
  const replaced = `${line.slice(0, literal.start)}${expression}${line.slice(literal.end)}`;
  const file = cleanLine(path, 500);
  const diff = [`--- a/${file}`, `+++ b/${file}`, `@@ -${lineNumber},1 +${lineNumber},1 @@`, `-${line}`, `+${replaced}`].join('\n');
  return { diff, name, expression };
}

/** Adds `.env*` (templates kept with `!.env.example`) to the root .gitignore; a new file when there is none. */
export function gitignorePatch(f: Finding): string {
  const missing = /no \.gitignore/i.test(f.evidence) || /has no root \.gitignore/i.test(f.description);
  return [
    missing ? '--- /dev/null' : '--- a/.gitignore',
    '+++ b/.gitignore',
    '@@ -0,0 +1,3 @@',
    '+# Local environment files hold real credentials; templates stay tracked.',
    '+.env*',
    '+!.env.example',
  ].join('\n');
}
