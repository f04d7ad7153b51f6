import { describe, expect, it } from 'vitest';
import { assignedTo } from '../../../src/scanners/secrets/assigned.js';
import { familyOf } from '../../../src/scanners/secrets/docs.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { createSecretsScanner } from '../../../src/scanners/secrets/scanner.js';
import { nestedRepetition } from '../../helpers/regex-safety.js';

const VALUE = ['Q7mWk3Rz9Lp4Tn8V', 'b2Xc6Yd1Fh5Gj0Ks'].join('');
const secretOf = (pattern: RegExp, text: string) => pattern.exec(text)?.groups?.secret;

describe('assignedTo (provider-named assignments)', () => {
  const pattern = assignedTo('acmepay', '[A-Za-z0-9]{32}');

  it('takes the value from an assignment on the line, in any case and quoting', () => {
    expect(secretOf(pattern, `ACMEPAY_API_KEY=${VALUE}`)).toBe(VALUE);
    expect(secretOf(pattern, `  "acmepayApiKey": "${VALUE}",`)).toBe(VALUE);
    expect(secretOf(pattern, `require('acmepay')('${VALUE}')`)).toBe(VALUE);
  });

  it('takes the value from a key under a provider section', () => {
    expect(secretOf(pattern, `acmepay:\n  endpoint: https://api.example.com\n  api_key: ${VALUE}\n`)).toBe(VALUE);
    expect(secretOf(pattern, `[acmepay]\nsecret = "${VALUE}"\n`)).toBe(VALUE);
    expect(secretOf(pattern, `acmepay:\n  a: 1\n  b: 2\n  c: 3\n  api_key: ${VALUE}\n`)).toBeUndefined();
  });

  it('leaves identifiers and addresses alone', () => {
    expect(secretOf(pattern, `ACMEPAY_ORG_ID=${VALUE}`)).toBeUndefined();
    expect(secretOf(pattern, `acmepay:\n  project_id: ${VALUE}\n`)).toBeUndefined();
    expect(secretOf(pattern, `ACMEPAY_API_KEY=${VALUE}X`)).toBeUndefined();
  });

  it('requires the key words after the provider name when given', () => {
    const secretOnly = assignedTo('acmepay', '[A-Za-z0-9]{32}', 'secret');
    expect(secretOf(secretOnly, `ACMEPAY_CLIENT_SECRET=${VALUE}`)).toBe(VALUE);
    expect(secretOf(secretOnly, `ACMEPAY_CLIENT_KEY=${VALUE}`)).toBeUndefined();
    expect(nestedRepetition(secretOnly)).toBeUndefined();
  });

  it('is reported by a rule built on it across lines', () => {
    const scanner = createSecretsScanner();
    const findings = scanner.scanFile({ path: 'config/services.yml', text: `# services\nmessagebird:\n  access_key: ${VALUE.slice(0, 25)}\n` });
    expect(findings.map((f) => [f.ruleId, f.line])).toContainEqual(['messagebird-api-key', 3]);
  });
});

describe('rule families in the docs', () => {
  it('reads the provider from the title', () => {
    const family = (id: string) => familyOf(SECRET_RULES.find((r) => r.id === id) ?? SECRET_RULES[0]!);
    expect(family('new-relic-user-api-key')).toBe('New Relic');
    expect(family('vonage-api-secret')).toBe('Vonage (Nexmo)');
    expect(family('wandb-api-key')).toBe('Weights & Biases');
    expect(family('private-key')).toMatch(/^Private key/);
  });
});
