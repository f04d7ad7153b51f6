/**
 * No secret reaches an AI provider: a finding carrying the docs "ng" examples
 * of every secrets rule goes through /v1/explain, /v1/fix and /v1/triage to a
 * fake provider on 127.0.0.1, and none of the values the rules report in those
 * examples, nor any value assigned to a secret-named key, is in what it receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { SecretDetector } from '../../src/scanners/secrets/detect.js';
import { SECRET_RULES } from '../../src/scanners/secrets/rules/index.js';
import { CASES, KEYS } from '../services/ai/providers/harness.js';
import type { FakeAi } from '../fakes/ai/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

interface Example {
  readonly rule: string;
  readonly text: string;
  /** The values the rule reports in the example (as the file holds them). */
  readonly secrets: readonly string[];
}

const EXAMPLES: readonly Example[] = SECRET_RULES.flatMap((rule) => {
  const detector = new SecretDetector([rule]);
  return rule.docs.bad.map((text) => ({ rule: rule.id, text, secrets: [...new Set(detector.scan(rule.docs.path ?? 'src/example.txt', text).map((m) => m.secret))] }));
});

const AKIA_B64 = Buffer.from(['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('')).toString('base64');

/** Values a weak rule would not report but prompt redaction must still remove: assigned to secret-named keys, encoded in a manifest. */
const ASSIGNED: readonly Example[] = [
  { rule: 'Kubernetes Secret data (provider key, base64)', text: `apiVersion: v1\nkind: Secret\ndata:\n  AWS_ACCESS_KEY_ID: ${AKIA_B64}\n`, secrets: [AKIA_B64] },
  { rule: 'secret-named key (weak value)', text: 'DB_PASSWORD=hunter22\nsmtp:\n  password: "Summer2026"', secrets: ['hunter22', 'Summer2026'] },
  { rule: 'secret-named key (XML)', text: '<add key="ApiToken" value="tok-31337" />\n<password>tiger-77</password>', secrets: ['tok-31337', 'tiger-77'] },
  { rule: 'Authorization header (short token)', text: "curl -H 'Authorization: Bearer abc.def.1' https://api.corp-net.io", secrets: ['abc.def.1'] },
];

/** Examples packed into descriptions that stay under the prompt's field cap. */
function pack(examples: readonly Example[], max: number): Example[][] {
  const groups: Example[][] = [[]];
  let size = 0;
  for (const e of examples) {
    if (size + e.text.length + 2 > max && (groups.at(-1)?.length ?? 0) > 0) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)?.push(e);
    size += e.text.length + 2;
  }
  return groups;
}

const finding = (description: string, i: number) => ({
  id: `SEC-${String(i).padStart(6, '0')}`,
  category: 'secrets',
  severity: 'HIGH',
  title: 'Hard-coded secret',
  description,
  evidence: description.split('\n')[0] ?? '',
  location: { target: 'acme/demo', path: 'src/config.ts', line: 3, column: 1, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Rotate it.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
  rule_id: 'generic-secret-assignment',
});

/** Every string in a JSON body, so escaping in the wire format cannot hide a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

let ts: TestStorage;
let fake: FakeAi;
let t: TestApp;
let base: string;
let key: string;
const c = CASES.find((x) => x.provider === 'openai') ?? CASES[0];

beforeAll(async () => {
  if (!c) throw new Error('no provider case');
  ts = await openTestStorage('embedded');
  const serverKey = KEYS[c.provider]();
  fake = await c.start({ apiKey: serverKey });
  t = await createTestApp(ts, {
    env: { AI_PROVIDER: c.provider, AI_API_KEY: serverKey, AI_BASE_URL: `${fake.url}${c.root}`, VIGIL_AI_TIMEOUT_MS: '5000' },
    limitsFor: () => ({ ...PLAN_LIMITS.team, ai: null }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  key = await t.newAccount('pro');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await ts?.cleanup();
});

async function post(path: string, body: unknown): Promise<string> {
  const res = await fetch(`${base}/v1${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.text();
}

/** What the provider received since `from`, as one text. */
const received = (from: number) => fake.requests.slice(from).flatMap((r) => strings(r.body)).join('\n');

/** Whether `value` occurs in `text` as a value of its own, not as a piece of a longer token (a 32-hex key inside a 64-hex MAC). */
function occurs(text: string, value: string): boolean {
  for (let i = text.indexOf(value); i !== -1; i = text.indexOf(value, i + 1)) {
    const before = text.charAt(i - 1);
    const after = text.charAt(i + value.length);
    if (!(/[A-Za-z0-9]/.test(value.charAt(0)) && /[A-Za-z0-9]/.test(before)) && !(/[A-Za-z0-9]/.test(value.at(-1) ?? '') && /[A-Za-z0-9]/.test(after))) return true;
  }
  return false;
}

function leaks(text: string, examples: readonly Example[]): string[] {
  return examples.flatMap((e) => e.secrets.filter((s) => occurs(text, s)).map((s) => `${e.rule}: ${s.slice(0, 6)}…`));
}

describe('AI prompts carry no secret of any rule', () => {
  it('has an example with a reported value for every rule', () => {
    const covered = new Set(EXAMPLES.filter((e) => e.secrets.length > 0).map((e) => e.rule));
    expect(SECRET_RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  const all = [...EXAMPLES, ...ASSIGNED];

  it.each(['/explain', '/fix'])('%s', async (path) => {
    const from = fake.requests.length;
    const groups = pack(all, 3500);
    for (const [i, group] of groups.entries()) await post(path, { finding: finding(group.map((e) => e.text).join('\n\n'), i) });
    expect(fake.requests.length - from).toBe(groups.length);
    const sent = received(from);
    expect(sent).toContain('[REDACTED]');
    expect(leaks(sent, all)).toEqual([]);
  }, 120_000);

  it('/triage', async () => {
    const from = fake.requests.length;
    // One finding per example, in scans of up to 50 (the findings a triage prompt quotes).
    const groups = pack(all, Number.POSITIVE_INFINITY).flat();
    for (let i = 0; i < groups.length; i += 50) {
      const findings = groups.slice(i, i + 50).map((e, j) => finding(e.text, i + j));
      await post('/triage', { scan: { scan_id: `s${i}`, status: 'completed', target_type: 'github', target: 'acme/demo', started_at: '2026-11-25T10:00:00.000Z', completed_at: '2026-11-25T10:00:01.000Z', finding_count: findings.length, findings } });
    }
    const sent = received(from);
    expect(sent).toContain('[REDACTED]');
    expect(leaks(sent, all)).toEqual([]);
  }, 120_000);
});
