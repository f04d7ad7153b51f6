import { describe, expect, it } from 'vitest';
import { findingId } from '../../../src/engine/pipeline/fingerprint.js';
import { REDACTION_FIXERS, replaceInBytes } from '../../../src/services/fixes/redact.js';
import type { FixOutcome } from '../../../src/services/fixes/types.js';
import { TITLES } from '../../../src/scanners/secrets/rule.js';
import { findingAt, memorySnapshot, SECRETS } from './helpers.js';

const fixerFor = (title: string) => {
  const fixer = REDACTION_FIXERS.find((f) => f.titles.includes(title));
  if (fixer === undefined) throw new Error(`no fixer for ${title}`);
  return fixer;
};

function patched(outcome: FixOutcome): Buffer {
  if (outcome.kind !== 'fixed') throw new Error(`expected a fix, got: ${outcome.reason}`);
  return outcome.change.patch.content;
}

describe('redaction fixers', () => {
  it.each([
    [TITLES.awsAccessKey, SECRETS.aws, 'REDACTED_AWS_ACCESS_KEY', (s: string) => `export const key = "${s}";\n`],
    [TITLES.githubToken, SECRETS.github, 'REDACTED_GITHUB_TOKEN', (s: string) => `GH_TOKEN = '${s}'\n`],
    [TITLES.slackToken, SECRETS.slack, 'REDACTED_SLACK_TOKEN', (s: string) => `slack:\n  token: "${s}"\n`],
    [TITLES.jwt, SECRETS.jwt, 'REDACTED_JWT', (s: string) => `const auth = \`Bearer ${s}\`;\n`],
  ])('%s: replaces exactly the value with its marker, inside the quotes', async (title, secret, marker, render) => {
    const original = render(secret);
    const line = original.split('\n').findIndex((l) => l.includes(secret)) + 1;
    const outcome = await fixerFor(title).fix(findingAt(title, 'src/a.ts', line), memorySnapshot({ 'src/a.ts': original }));
    expect(patched(outcome).toString('utf8')).toBe(original.replace(secret, marker));
    if (outcome.kind !== 'fixed') return;
    expect(outcome.change.patch.path).toBe('src/a.ts');
    const texts = [outcome.change.summary, outcome.change.advice, outcome.change.commitMessage, outcome.change.prTitle, ...outcome.change.prSections];
    for (const text of texts) expect(text).not.toContain(secret);
    expect(outcome.change.prSections.join('\n')).toMatch(/rotate/i);
    expect(outcome.change.prSections.join('\n')).toMatch(/git filter-repo/);
    expect(outcome.change.prSections.join('\n')).toMatch(/bfg/i);
  });

  it('keeps CRLF line endings byte for byte', async () => {
    const original = Buffer.from(`a = 1\r\nkey = "${SECRETS.aws}"\r\nb = 2\r\n`);
    const out = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 'c.py', 2, 8), memorySnapshot({ 'c.py': original })));
    expect(out.equals(Buffer.from('a = 1\r\nkey = "REDACTED_AWS_ACCESS_KEY"\r\nb = 2\r\n'))).toBe(true);
  });

  it('keeps a missing final newline', async () => {
    const original = `first\nkey="${SECRETS.github}"`;
    const out = patched(await fixerFor(TITLES.githubToken).fix(findingAt(TITLES.githubToken, 'k.env', 2), memorySnapshot({ 'k.env': original })));
    expect(out.toString('utf8')).toBe('first\nkey="REDACTED_GITHUB_TOKEN"');
  });

  it('keeps a UTF-8 byte-order mark and multi-byte characters', async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`// café ✓\nconst t = "${SECRETS.slack}"; // ünïcode\n`)]);
    const out = patched(await fixerFor(TITLES.slackToken).fix(findingAt(TITLES.slackToken, 'x.js', 2, 12), memorySnapshot({ 'x.js': original })));
    expect(out.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(out.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// café ✓\nconst t = "REDACTED_SLACK_TOKEN"; // ünïcode\n')]))).toBe(true);
  });

  it('keeps bytes that are not valid UTF-8', async () => {
    const original = Buffer.concat([Buffer.from('x = "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`"\ny = "${SECRETS.aws}"\n`)]);
    const out = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 'b.txt', 2), memorySnapshot({ 'b.txt': original })));
    expect(out.equals(Buffer.concat([Buffer.from('x = "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"\ny = "REDACTED_AWS_ACCESS_KEY"\n')]))).toBe(true);
  });

  it('picks the secret at the reported column when a line holds two, and the whole line without a column', async () => {
    const original = `pair = ["${SECRETS.aws}", "${SECRETS.aws2}"]\n`;
    const column = original.indexOf(SECRETS.aws2) + 1;
    const snapshot = memorySnapshot({ 'p.ts': original });
    const second = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 'p.ts', 1, column), snapshot));
    expect(second.toString()).toBe(`pair = ["${SECRETS.aws}", "REDACTED_AWS_ACCESS_KEY"]\n`);
    const first = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 'p.ts', 1), snapshot));
    expect(first.toString()).toBe(`pair = ["REDACTED_AWS_ACCESS_KEY", "${SECRETS.aws2}"]\n`);
  });

  it('redacts every copy of the same value in the file (the scan reports them as one finding)', async () => {
    const original = `a = "${SECRETS.aws}"\nb = "${SECRETS.aws}"\n`;
    const out = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 'd.ts', 1), memorySnapshot({ 'd.ts': original })));
    expect(out.toString()).toBe('a = "REDACTED_AWS_ACCESS_KEY"\nb = "REDACTED_AWS_ACCESS_KEY"\n');
  });

  it('finds the secret on a nearby line when the file shifted, within 20 lines', async () => {
    const original = `${'// moved\n'.repeat(15)}key = "${SECRETS.aws}"\n`;
    const out = patched(await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 's.ts', 1, 8), memorySnapshot({ 's.ts': original })));
    expect(out.toString()).toBe(original.replace(SECRETS.aws, 'REDACTED_AWS_ACCESS_KEY'));
  });

  it('does not reach further than 20 lines, unless the stable id proves it is the same secret', async () => {
    const original = `${'// moved\n'.repeat(30)}key = "${SECRETS.aws}"\n`;
    const far = await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 's.ts', 1, 8), memorySnapshot({ 's.ts': original }));
    expect(far.kind).toBe('gone');
    const id = findingId('acme/app', {
      ruleId: 'aws-access-key-id', category: 'secrets', scanner: 'secrets', severity: 'HIGH', title: TITLES.awsAccessKey, description: '', evidence: '',
      remediation: '', confidence: 1, owaspCategories: [], path: 's.ts', line: 31, column: 8, secret: SECRETS.aws,
    });
    const proven = await fixerFor(TITLES.awsAccessKey).fix(findingAt(TITLES.awsAccessKey, 's.ts', 1, 8, { id }), memorySnapshot({ 's.ts': original }));
    expect(patched(proven).toString()).toBe(original.replace(SECRETS.aws, 'REDACTED_AWS_ACCESS_KEY'));
  });

  it('uses the rule named by rule_id, and the rules with the title when rule_id is absent or unknown', async () => {
    const original = `t = "${SECRETS.github}"\n`;
    for (const rule_id of ['github-token', 'no-such-rule', undefined]) {
      const finding = findingAt(TITLES.githubToken, 'g.ts', 1, undefined, rule_id === undefined ? {} : { rule_id });
      expect(patched(await fixerFor(TITLES.githubToken).fix(finding, memorySnapshot({ 'g.ts': original }))).toString()).toBe('t = "REDACTED_GITHUB_TOKEN"\n');
    }
    const wrongRule = findingAt(TITLES.githubToken, 'g.ts', 1, undefined, { rule_id: 'github-fine-grained-token' });
    expect((await fixerFor(TITLES.githubToken).fix(wrongRule, memorySnapshot({ 'g.ts': original }))).kind).toBe('gone');
  });

  it('says the secret is gone when the file or the value is no longer there', async () => {
    const fixer = fixerFor(TITLES.awsAccessKey);
    const missing = await fixer.fix(findingAt(TITLES.awsAccessKey, 'gone.ts', 1), memorySnapshot({}));
    expect(missing).toMatchObject({ kind: 'gone', reason: expect.stringMatching(/gone\.ts does not exist on main/) });
    const redacted = await fixer.fix(findingAt(TITLES.awsAccessKey, 'a.ts', 1), memorySnapshot({ 'a.ts': 'key = "REDACTED_AWS_ACCESS_KEY"\n' }));
    expect(redacted).toMatchObject({ kind: 'gone', reason: expect.stringMatching(/no longer contains the AWS access key/) });
  });

  it('names what a finding lacks: its path, its line, or a path inside the repository', () => {
    const fixer = fixerFor(TITLES.awsAccessKey);
    const finding = findingAt(TITLES.awsAccessKey, 'a.ts', 1);
    expect(fixer.incomplete?.({ ...finding, location: { target: 'acme/app', url: null, method: null } })).toMatch(
      /needs the file and line of the secret, but finding\.location\.path and finding\.location\.line are missing/,
    );
    expect(fixer.incomplete?.({ ...finding, location: { target: 'acme/app', path: 'a.ts', url: null, method: null } })).toMatch(/finding\.location\.line is missing/);
    expect(fixer.incomplete?.({ ...finding, location: { target: 'acme/app', line: 3, url: null, method: null } })).toMatch(/finding\.location\.path is missing/);
    expect(fixer.incomplete?.(findingAt(TITLES.awsAccessKey, 'a.ts', 0))).toMatch(/finding\.location\.line must be 1 or more/);
    expect(fixer.incomplete?.(finding)).toBeUndefined();
    for (const path of ['../etc/passwd', '/abs.ts', 'a//b.ts', 'a\\b.ts', 'x'.repeat(2000)]) {
      expect(fixer.incomplete?.(findingAt(TITLES.awsAccessKey, path, 1))).toMatch(/must be a relative path inside the repository/);
    }
  });

  it('replaceInBytes maps text offsets to byte offsets across multi-byte characters', () => {
    const text = `é ${SECRETS.aws} ü ${SECRETS.aws}`;
    const second = text.lastIndexOf(SECRETS.aws);
    expect(replaceInBytes(Buffer.from(text), text, SECRETS.aws, new Set([second]), 'X').toString()).toBe(`é ${SECRETS.aws} ü X`);
  });
});
