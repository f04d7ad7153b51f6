/**
 * Redaction fixers: the secret's characters are replaced by a fixed marker,
 * and nothing else changes. The edit is made on the file's bytes, so line
 * endings, a byte-order mark, a missing final newline and even bytes that are
 * not valid UTF-8 come back exactly as they were.
 */
import type { Finding } from '../../core/findings.js';
import { locateSecret } from './locate.js';
import { secretHistorySections, whereOf } from './pr-text.js';
import type { FilePatch, Fixer, FixOutcome, RepoSnapshot } from './types.js';
import { titlesFor } from './titles.js';

/** Byte offsets of every occurrence of `needle` in `haystack`, left to right, not overlapping. */
function byteOffsets(haystack: Buffer, needle: Buffer): number[] {
  const out: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/** Character offsets of every occurrence of `needle` in `text`, left to right, not overlapping. */
function charOffsets(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/**
 * Replaces the occurrences of `secret` that start at `starts` (character
 * offsets in the decoded text) with `marker`, working on bytes. Decoding
 * UTF-8 never merges an ASCII byte into another character, so the n-th
 * occurrence in the text is the n-th occurrence in the bytes.
 */
export function replaceInBytes(content: Buffer, text: string, secret: string, starts: ReadonlySet<number>, marker: string): Buffer {
  const chars = charOffsets(text, secret);
  const bytes = byteOffsets(content, Buffer.from(secret, 'utf8'));
  if (chars.length !== bytes.length) throw new Error('redaction: the decoded text and the bytes disagree');
  const length = Buffer.byteLength(secret, 'utf8');
  const parts: Buffer[] = [];
  let cursor = 0;
  for (const [index, charOffset] of chars.entries()) {
    const at = bytes[index];
    if (!starts.has(charOffset) || at === undefined) continue;
    parts.push(content.subarray(cursor, at), Buffer.from(marker, 'utf8'));
    cursor = at + length;
  }
  parts.push(content.subarray(cursor));
  return Buffer.concat(parts);
}

const MAX_PATH = 1024;

/**
 * What the finding lacks to name the secret's file and line, or undefined. The
 * specification lets API-style findings leave path and line out; a redaction needs both.
 */
function fileLocationProblem(finding: Finding): string | undefined {
  const { path, line } = finding.location;
  const missing = [...(path === undefined || path === '' ? ['finding.location.path'] : []), ...(line === undefined ? ['finding.location.line'] : [])];
  if (missing.length > 0) {
    return `a fix pull request for a "${finding.title}" finding needs the file and line of the secret, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing; send the finding as the repository scan returned it`;
  }
  if (line !== undefined && line < 1) return 'finding.location.line must be 1 or more (lines are counted from 1)';
  // eslint-disable-next-line no-control-regex -- control characters are what is rejected
  const unsafe = path === undefined || path.length > MAX_PATH || path.startsWith('/') || /[\x00-\x1f\x7f\\]/.test(path) || path.split('/').some((s) => s === '' || s === '.' || s === '..');
  return unsafe ? 'finding.location.path must be a relative path inside the repository' : undefined;
}

interface RedactionSpec {
  readonly id: string;
  /** The secrets rules whose findings it redacts. */
  readonly rules: readonly string[];
  /** What the value is called in prose ("AWS access key"). */
  readonly noun: string;
  readonly marker: string;
}

function redactionFixer(spec: RedactionSpec): Fixer {
  return {
    id: spec.id,
    rules: spec.rules,
    titles: titlesFor(spec.rules),
    description: `Replaces the ${spec.noun} in the file with \`${spec.marker}\`, keeping the quotes around it and every other byte of the file.`,
    incomplete: fileLocationProblem,
    async fix(finding: Finding, repo: RepoSnapshot): Promise<FixOutcome> {
      const path = finding.location.path ?? '';
      const file = await repo.read(path);
      if (file === undefined) return { kind: 'gone', reason: `${path} does not exist on ${repo.ref}` };
      const text = file.content.toString('utf8');
      const located = locateSecret(finding, path, text);
      if (located === undefined) {
        return { kind: 'gone', reason: `${path} on ${repo.ref} no longer contains the ${spec.noun} reported at line ${finding.location.line ?? '?'}` };
      }
      const starts = new Set(located.occurrences.map((m) => m.start));
      const patch: FilePatch = { path, content: replaceInBytes(file.content, text, located.match.secret, starts, spec.marker), baseSha: file.sha };
      const lines = [...new Set(located.occurrences.map((m) => m.line))].sort((a, b) => a - b);
      const where = `${path} (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`;
      return {
        kind: 'fixed',
        change: {
          patch,
          summary: `Replaced the ${spec.noun} in ${where} with \`${spec.marker}\`; every other byte of the file is unchanged.`,
          advice: `Rotate the ${spec.noun} now: it stays in the repository's git history (the pull request explains how to purge it).`,
          commitMessage: `Redact ${spec.noun} in ${path}\n\nVigil finding ${finding.id} (${whereOf(finding)}). The value must still be rotated: it remains in git history.`,
          prTitle: `Redact ${spec.noun} in ${path}`,
          prSections: secretHistorySections(spec.noun, spec.marker),
        },
      };
    },
  };
}

/** One redaction fixer per supported secret title, with its marker. */
export const REDACTION_FIXERS: readonly Fixer[] = Object.freeze([
  redactionFixer({ id: 'redact-aws-access-key', rules: ['aws-access-key-id'], noun: 'AWS access key', marker: 'REDACTED_AWS_ACCESS_KEY' }),
  redactionFixer({ id: 'redact-github-token', rules: ['github-token', 'github-fine-grained-token'], noun: 'GitHub token', marker: 'REDACTED_GITHUB_TOKEN' }),
  redactionFixer({ id: 'redact-slack-token', rules: ['slack-bot-token', 'slack-user-token', 'slack-app-token', 'slack-config-token', 'slack-legacy-token'], noun: 'Slack token', marker: 'REDACTED_SLACK_TOKEN' }),
  redactionFixer({ id: 'redact-jwt', rules: ['jwt'], noun: 'JSON Web Token', marker: 'REDACTED_JWT' }),
]);
