import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMailer } from '../../../src/adapters/mail/mailer.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  // A link longer than a quoted-printable line (76 characters) with '=' in it, as sign-in links are.
  const link = `http://vigil.example.test:8080/signin#token=${'A'.repeat(43)}`;

  it('writes each message as an .eml and a plain-text copy with the link whole, readable by the owner only', async () => {
    const mailer = outboxMailer(join(dir, 'outbox'), 'Vigil <vigil@test>');
    await mailer.send({ to: 'dana@example.test', subject: 'Sign in to Vigil', text: `Open this link:\n\n${link}\n` });
    const names = (await readdir(join(dir, 'outbox'))).sort();
    expect(names).toHaveLength(2);
    const [eml, txt] = names as [string, string];
    expect(eml.endsWith('.eml')).toBe(true);
    expect(txt).toBe(eml.replace(/\.eml$/, '.txt'));
    const plain = await readFile(join(dir, 'outbox', txt), 'utf8');
    expect(plain.split('\n')).toContain(link);
    expect(plain).toContain('To: dana@example.test');
    const raw = await readFile(join(dir, 'outbox', eml), 'utf8');
    expect(raw).toContain('Subject: Sign in to Vigil');
    expect(raw.split('\n')).not.toContain(link); // quoted-printable: the reason for the .txt
    for (const name of names) expect((await stat(join(dir, 'outbox', name))).mode & 0o777).toBe(0o600);
  });
});
