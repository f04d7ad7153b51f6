import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/services/accounts/keys.js';
import { builtinExplain } from '../../../src/services/ai/builtin/explain.js';
import { builtinFix } from '../../../src/services/ai/builtin/fix.js';
import { explainPrompt } from '../../../src/services/ai/prompts/explain.js';
import { triagePrompt } from '../../../src/services/ai/prompts/triage.js';
import { REDACTED, redactPrompt, redactText } from '../../../src/services/ai/redact.js';
import { withBase62Crc32Checksum } from '../../../src/scanners/secrets/checksums.js';
import { repoFinding, scanOf } from './fixtures.js';

// Built at run time from pieces: no token-shaped literal in the source.
const AWS = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const GITHUB = withBase62Crc32Checksum('gh' + 'p_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a');
const KEY_BODY = Buffer.from(Array.from({ length: 144 }, (_, i) => (i * 37 + 11) % 256)).toString('base64');
const PRIVATE_KEY = ['-----BEGIN RSA ', 'PRIVATE KEY-----\n', KEY_BODY.slice(0, 64), '\n', KEY_BODY.slice(64), '\n-----END RSA ', 'PRIVATE KEY-----'].join('');
const DB_PASSWORD = ['Xk7p', 'Q2mVw9Lz4R'].join('');
const POSTGRES = `postgres://app_user:${DB_PASSWORD}@db-prod.c9akciq32.eu-west-1.rds.amazonaws.com:5432/app`;
const VIGIL_KEY = generateApiKey();
const PLANTED = [AWS, GITHUB, KEY_BODY.slice(0, 64), KEY_BODY.slice(64), DB_PASSWORD, VIGIL_KEY];

const leaky = repoFinding({
  title: `Leak ${AWS}`,
  description: `Found while reviewing: token ${GITHUB}\nand the database URL ${POSTGRES}\nVigil key: ${VIGIL_KEY}`,
  evidence: `key file:\n${PRIVATE_KEY}`,
  remediation: `aws_access_key_id = "${AWS}"`,
});

function expectClean(text: string): void {
  for (const secret of PLANTED) expect(text).not.toContain(secret);
}

describe('redactPrompt', () => {
  it('removes every planted secret from a built explain prompt', () => {
    const built = explainPrompt.build({ finding: leaky });
    expect(built.prompt).toContain(GITHUB); // the prompt builder itself does not redact
    const redacted = redactPrompt(built);
    expectClean(redacted.prompt);
    expectClean(redacted.system);
    expect(redacted.prompt).toContain(REDACTED);
    expect(redacted.prompt).toContain('-----BEGIN RSA PRIVATE KEY-----');
    expect(redacted.redactions).toBeGreaterThanOrEqual(6);
  });

  it('removes planted secrets from a triage prompt', () => {
    const redacted = redactPrompt(triagePrompt.build({ scan: scanOf([leaky, repoFinding({ id: 'SEC-BBBBBB' })]) }));
    expectClean(redacted.prompt);
  });

  it('redacts anything in Vigil key format, even with a wrong checksum', () => {
    const broken = `${VIGIL_KEY.slice(0, -1)}${VIGIL_KEY.endsWith('A') ? 'B' : 'A'}`;
    const { text, redactions } = redactText(`key=${broken}`);
    expect(text).toBe(`key=${REDACTED}`);
    expect(redactions).toBe(1);
  });

  it('redacts passwords in URLs of any scheme', () => {
    const { text } = redactText(`amqp://worker:${DB_PASSWORD}@mq.internal.acme.net:5672/`);
    expect(text).toBe(`amqp://worker:${REDACTED}@mq.internal.acme.net:5672/`);
  });

  it('leaves text without secrets unchanged', () => {
    const prompt = explainPrompt.build({ finding: repoFinding() }, { boundary: 'B0123456789' });
    const redacted = redactPrompt(prompt);
    expect(redacted).toEqual({ ...prompt, redactions: 0 });
  });
});

describe('values the scanner finds through structure', () => {
  const TWILIO = ['ebdb24c36397e9dd', '0834ed5be6a382f3'].join('');

  it('redacts a provider credential under its provider’s section, whatever its own key is called', () => {
    for (const text of [`twilio:\n  primary: ${TWILIO}\n`, `{\n  "Twilio": {\n    "Primary": "${TWILIO}"\n  }\n}`, `[twilio]\nprimary = ${TWILIO}\n`]) {
      expect(redactText(text).text, text).not.toContain(TWILIO);
    }
  });

  it('redacts base64 data of a Kubernetes Secret written as JSON', () => {
    const encoded = Buffer.from(AWS).toString('base64');
    const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ci' }, data: { id: encoded } }, null, 2);
    expect(redactText(manifest).text).not.toContain(encoded);
  });
});

describe('offline answers', () => {
  it('never echo secrets a client pasted into a finding', () => {
    expectClean(builtinExplain(leaky));
    expectClean(builtinFix(leaky));
  });
});

describe('values of secret-named keys', () => {
  it.each([
    ['DB_PASS=hunter22', 'DB_PASS=[REDACTED]'],
    ['"client_secret": "abc 123"', '"client_secret": "[REDACTED]"'],
    ['smtp:\n  password: Summer2026', 'smtp:\n  password: [REDACTED]'],
    ['<add key="ApiToken" value="tok-1" />', '<add key="ApiToken" value="[REDACTED]" />'],
    ['<db.password>tiger-7</db.password>', '<db.password>[REDACTED]</db.password>'],
    ['ENV NPM_TOKEN 0penSesame', 'ENV NPM_TOKEN [REDACTED]'],
    ["-H 'Authorization: Basic dXNlcjpwdw=='", "-H 'Authorization: Basic [REDACTED]'"],
  ])('%j', (input, expected) => {
    expect(redactText(input).text).toBe(expected);
  });

  it.each([
    'password: Rotate it in the console.',
    'token = process.env.API_TOKEN',
    'secret: ${{ secrets.DEPLOY_KEY }}',
    'The password expired.',
    'author = "Jane Doe"',
  ])('leaves %j alone', (input) => {
    expect(redactText(input).text).toBe(input);
  });
});
