/**
 * `.env not in .gitignore`: append `.env*` to the root .gitignore (creating it
 * when missing), plus `!<template>` for dotenv templates the repository keeps,
 * so they stay tracked. Existing bytes are kept as they are; the new lines use
 * the file's line endings.
 */
import { gitignoreIgnoresEnv } from '../../scanners/secrets/hygiene.js';
import { envHistorySections } from './pr-text.js';
import type { Fixer, FixOutcome, RepoSnapshot } from './types.js';
import { titlesFor } from './titles.js';

export const GITIGNORE = '.gitignore';
/** Dotenv templates that stay tracked when present at the root. */
export const ENV_TEMPLATES = Object.freeze(['.env.example', '.env.sample', '.env.template']);
const COMMENT = '# Local dotenv files hold credentials: keep them out of git (added by Vigil)';

/** The bytes to append to `existing` (undefined: no file yet). */
export function gitignoreAddition(existing: Buffer | undefined, templates: readonly string[]): Buffer {
  const text = existing?.toString('utf8') ?? '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = [COMMENT, '.env*', ...templates.map((t) => `!${t}`)];
  const separator = text === '' || text.endsWith('\n') ? '' : eol;
  return Buffer.from(`${separator}${lines.join(eol)}${eol}`, 'utf8');
}

export const GITIGNORE_FIXER: Fixer = {
  id: 'gitignore-env',
  rules: ['env-not-gitignored'],
  titles: titlesFor(['env-not-gitignored']),
  description:
    'Appends `.env*` to the root .gitignore (creating the file if needed, in its line-ending style) and `!.env.example`, `!.env.sample` or `!.env.template` for templates the repository has.',
  async fix(_finding, repo: RepoSnapshot): Promise<FixOutcome> {
    const existing = await repo.read(GITIGNORE);
    if (existing !== undefined && gitignoreIgnoresEnv(existing.content.toString('utf8'))) {
      return { kind: 'gone', reason: `${GITIGNORE} on ${repo.ref} already ignores .env` };
    }
    const names = await repo.rootNames();
    const templates = ENV_TEMPLATES.filter((t) => names.includes(t));
    const addition = gitignoreAddition(existing?.content, templates);
    const content = existing === undefined ? addition : Buffer.concat([existing.content, addition]);
    const kept = templates.length === 0 ? '' : ` (${templates.map((t) => `\`!${t}\``).join(', ')} keep${templates.length === 1 ? 's' : ''} the template tracked)`;
    return {
      kind: 'fixed',
      change: {
        patch: { path: GITIGNORE, content, baseSha: existing?.sha },
        summary: `${existing === undefined ? 'Created' : 'Appended to'} the root \`${GITIGNORE}\` so it ignores dotenv files: \`.env*\`${kept}.`,
        advice: 'If a .env file was ever committed, untrack it and rotate every value it held (the pull request explains how).',
        commitMessage: `Ignore .env files in ${GITIGNORE}\n\nLocal dotenv files hold credentials; ignoring them keeps a \`git add .\` from committing them.`,
        prTitle: 'Ignore .env files in .gitignore',
        prSections: envHistorySections(),
      },
    };
  },
};
