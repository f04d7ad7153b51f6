import { describe, expect, it } from 'vitest';
import { GITIGNORE_FIXER } from '../../../src/services/fixes/gitignore.js';
import type { FixOutcome } from '../../../src/services/fixes/types.js';
import { gitignoreIgnoresEnv } from '../../../src/scanners/secrets/hygiene.js';
import { TITLES } from '../../../src/scanners/secrets/rule.js';
import { findingAt, memorySnapshot } from './helpers.js';

const COMMENT = '# Local dotenv files hold credentials: keep them out of git (added by Vigil)';
const finding = findingAt(TITLES.envNotIgnored, '.gitignore', 1, 1, { id: 'SEC-ENV001', severity: 'MEDIUM' });

function patched(outcome: FixOutcome): { path: string; content: string; baseSha: string | undefined } {
  if (outcome.kind !== 'fixed') throw new Error(`expected a fix, got: ${outcome.reason}`);
  const { path, content, baseSha } = outcome.change.patch;
  return { path, content: content.toString('utf8'), baseSha };
}

describe('.env not in .gitignore fixer', () => {
  it('creates .gitignore when the repository has none', async () => {
    const out = patched(await GITIGNORE_FIXER.fix(finding, memorySnapshot({ 'package.json': '{}' })));
    expect(out).toEqual({ path: '.gitignore', content: `${COMMENT}\n.env*\n`, baseSha: undefined });
    expect(gitignoreIgnoresEnv(out.content)).toBe(true);
  });

  it('appends to an existing .gitignore and keeps every existing byte', async () => {
    const out = patched(await GITIGNORE_FIXER.fix(finding, memorySnapshot({ '.gitignore': 'node_modules/\ndist\n' })));
    expect(out.content).toBe(`node_modules/\ndist\n${COMMENT}\n.env*\n`);
    expect(out.baseSha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('uses CRLF when the file does, and ends an unterminated last line first', async () => {
    const out = patched(await GITIGNORE_FIXER.fix(finding, memorySnapshot({ '.gitignore': 'node_modules/\r\ndist' })));
    expect(out.content).toBe(`node_modules/\r\ndist\r\n${COMMENT}\r\n.env*\r\n`);
  });

  it('keeps templates tracked with negations for the ones the repository has', async () => {
    const files = { '.gitignore': 'dist\n', '.env.example': 'A=\n', '.env.template': 'B=\n', 'docs/.env.sample': 'C=\n' };
    const outcome = await GITIGNORE_FIXER.fix(finding, memorySnapshot(files));
    const out = patched(outcome);
    expect(out.content).toBe(`dist\n${COMMENT}\n.env*\n!.env.example\n!.env.template\n`);
    expect(gitignoreIgnoresEnv(out.content)).toBe(true);
    if (outcome.kind === 'fixed') expect(outcome.change.summary).toContain('!.env.example');
  });

  it('keeps a byte-order mark at the start of the file', async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('dist\n')]);
    const outcome = await GITIGNORE_FIXER.fix(finding, memorySnapshot({ '.gitignore': original }));
    if (outcome.kind !== 'fixed') throw new Error('expected a fix');
    expect(outcome.change.patch.content.equals(Buffer.concat([original, Buffer.from(`${COMMENT}\n.env*\n`)]))).toBe(true);
  });

  it('says the finding is gone when .gitignore already ignores .env', async () => {
    const outcome = await GITIGNORE_FIXER.fix(finding, memorySnapshot({ '.gitignore': 'dist\n.env\n' }));
    expect(outcome).toMatchObject({ kind: 'gone', reason: expect.stringMatching(/already ignores \.env/) });
  });

  it('still fixes a .gitignore whose later rule un-ignores .env', async () => {
    const out = patched(await GITIGNORE_FIXER.fix(finding, memorySnapshot({ '.gitignore': '.env*\n!.env\n' })));
    expect(gitignoreIgnoresEnv(out.content)).toBe(true);
  });
});
