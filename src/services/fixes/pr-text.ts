/**
 * Prose of fix pull requests: branch name, body sections shared by fixers and
 * the footer. Nothing here ever sees a secret value: texts name the kind of
 * credential, the file and the marker only.
 */
import type { Finding } from '../../core/findings.js';
import type { FixChange } from './types.js';

/** `vigil/fix-<finding id, lower-case>`: one branch per finding, so a second request finds the first. */
export function branchFor(finding: Finding): string {
  return `vigil/fix-${finding.id.toLowerCase()}`;
}

/** Why the value must be rotated, and how to purge it from history. */
export function secretHistorySections(noun: string, marker: string): string[] {
  return [
    [
      '## Rotate the credential',
      '',
      `This pull request removes the ${noun} from the current code only. The old value stays in the repository's git history, in every clone and fork, and in any cache that has seen it, so treat it as compromised: **revoke or rotate it with its provider now**, whether or not this pull request is merged, and load the new value from the environment or a secrets manager.`,
    ].join('\n'),
    [
      '## Purge it from git history (optional, after rotating)',
      '',
      `Write the old value to a file outside the repository, for example \`replacements.txt\` with one line \`<old value>==>${marker}\`, then rewrite history with one of:`,
      '',
      '```sh',
      'git filter-repo --replace-text ../replacements.txt',
      '# or, with BFG Repo-Cleaner (on a fresh mirror clone):',
      'bfg --replace-text ../replacements.txt && git reflog expire --expire=now --all && git gc --prune=now --aggressive',
      '```',
      '',
      'Then force-push every branch and tag, ask collaborators to re-clone, and ask GitHub Support to drop cached views and pull-request references that still hold the value. Rewriting history does not make a leaked credential safe again; rotating it does.',
    ].join('\n'),
  ];
}

/** What to do about dotenv files that were committed before `.gitignore` ignored them. */
export function envHistorySections(): string[] {
  return [
    [
      '## If a .env file was ever committed',
      '',
      'Ignoring a file does not untrack it or remove it from history. If a `.env` file is tracked, run `git rm --cached .env` (and the same for other dotenv files), **rotate every value it held**, and purge it from history:',
      '',
      '```sh',
      'git filter-repo --invert-paths --path .env',
      '# or, with BFG Repo-Cleaner (on a fresh mirror clone):',
      'bfg --delete-files .env && git reflog expire --expire=now --all && git gc --prune=now --aggressive',
      '```',
      '',
      'Then force-push and ask collaborators to re-clone.',
    ].join('\n'),
  ];
}

/** Where a finding points, for prose ("src/config.ts, line 3"). */
export function whereOf(finding: Finding): string {
  const { path, line } = finding.location;
  return line === undefined ? (path ?? 'the repository') : `${path ?? 'the repository'}, line ${line}`;
}

/** The whole pull-request body. */
export function pullRequestBody(finding: Finding, change: FixChange): string {
  const sections = [`## What changed`, '', change.summary].join('\n');
  const footer = `---\nOpened by Vigil for finding \`${finding.id}\` (${finding.title}, ${whereOf(finding)}). This is a deterministic fix: review the diff before merging.`;
  return [sections, ...change.prSections, footer].join('\n\n');
}
