import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretToVerify } from '../../../src/core/verification.js';
import { PROVIDERS, TWILIO_SID } from '../../../src/adapters/verify/providers.js';
import { signRequest } from '../../../src/adapters/verify/sigv4.js';
import { createVerifier } from '../../../src/adapters/verify/verifier.js';
import { startFakeProviders, type FakeProviders } from '../../fakes/verify/server.js';

const LIVE = 'live-secret-value-1234567890';
const DEAD = 'revoked-secret-value-0987654321';
const AWS_ID = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const AWS_SECRET = ['wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYzEXAMPLEKEY01'].join('');
const SID = `AC${'0123456789abcdef'.repeat(2)}`;

let fakes: FakeProviders;

beforeAll(async () => {
  fakes = await startFakeProviders({
    live: {
      github: [LIVE],
      gitlab: [LIVE],
      slack: [LIVE],
      stripe: [LIVE],
      openai: [LIVE],
      anthropic: [LIVE],
      sendgrid: [LIVE],
      npm: [LIVE],
      twilio: [`${SID}:${LIVE}`],
      aws: [`${AWS_ID}:${AWS_SECRET}`],
    },
    slow: [],
  });
});

afterAll(async () => {
  await fakes.close();
});

const RULES: Record<string, string> = {
  github: 'github-token',
  gitlab: 'gitlab-personal-access-token',
  slack: 'slack-bot-token',
  stripe: 'stripe-secret-key',
  openai: 'openai-api-key',
  anthropic: 'anthropic-api-key',
  sendgrid: 'sendgrid-api-key',
  npm: 'npm-access-token',
};

const item = (id: string, ruleId: string, secret: string, companions: SecretToVerify['companions'] = []): SecretToVerify => ({ id, ruleId, secret, companions });
const NOW = new Date('2026-01-02T03:04:05.000Z');

describe('secret validity checks against the providers (loopback fakes)', () => {
  it('tells live from revoked for each bearer-style provider, through its own endpoint', async () => {
    const verify = createVerifier({ baseUrls: fakes.baseUrls, now: () => NOW });
    const items = Object.entries(RULES).flatMap(([provider, rule]) => [item(`${provider}-live`, rule, LIVE), item(`${provider}-dead`, rule, DEAD)]);
    const results = await verify(items);
    for (const provider of Object.keys(RULES)) {
      expect(results.get(`${provider}-live`), provider).toEqual({ verified: true, verifiedAt: NOW.toISOString() });
      expect(results.get(`${provider}-dead`), provider).toEqual({ verified: false, verifiedAt: NOW.toISOString() });
    }
    const paths = new Set(fakes.requests.map((r) => `${r.provider} ${r.method} ${r.path}`));
    expect(paths).toEqual(
      new Set([
        'github GET /user',
        'gitlab GET /api/v4/user',
        'slack POST /api/auth.test',
        'stripe GET /v1/balance',
        'openai GET /v1/models',
        'anthropic GET /v1/models',
        'sendgrid GET /v3/scopes',
        'npm GET /-/whoami',
      ]),
    );
  });

  it('signs STS GetCallerIdentity with SigV4 for an AWS key pair, and cannot tell a key id alone', async () => {
    const verify = createVerifier({ baseUrls: fakes.baseUrls, now: () => new Date() });
    const results = await verify([
      item('secret', 'aws-secret-access-key', AWS_SECRET, [{ ruleId: 'aws-access-key-id', secret: AWS_ID }]),
      item('id', 'aws-access-key-id', AWS_ID, [{ ruleId: 'aws-secret-access-key', secret: AWS_SECRET }]),
      item('wrong', 'aws-secret-access-key', AWS_SECRET.replace('01', '02'), [{ ruleId: 'aws-access-key-id', secret: AWS_ID }]),
      item('alone', 'aws-access-key-id', AWS_ID),
    ]);
    expect(results.get('secret')?.verified).toBe(true);
    expect(results.get('id')?.verified).toBe(true);
    expect(results.get('wrong')?.verified).toBe(false);
    expect(results.get('alone')?.verified).toBeNull();
  });

  it('checks a Twilio auth token with the account SID found beside it', async () => {
    const verify = createVerifier({ baseUrls: fakes.baseUrls });
    const results = await verify([
      item('live', 'twilio-auth-token', LIVE, [{ ruleId: TWILIO_SID, secret: SID }]),
      item('dead', 'twilio-auth-token', DEAD, [{ ruleId: TWILIO_SID, secret: SID }]),
      item('nosid', 'twilio-auth-token', LIVE),
    ]);
    expect([results.get('live')?.verified, results.get('dead')?.verified, results.get('nosid')?.verified]).toEqual([true, false, null]);
  });

  it('answers null when the provider is unreachable or too slow, and leaves rules without a check alone', async () => {
    const unreachable = createVerifier({ baseUrls: { ...fakes.baseUrls, github: fakes.closedUrl } });
    expect((await unreachable([item('a', 'github-token', LIVE)])).get('a')?.verified).toBeNull();
    const slowFakes = await startFakeProviders({ live: { openai: [LIVE] }, slow: ['openai'] });
    try {
      const slow = createVerifier({ baseUrls: slowFakes.baseUrls, timeoutsMs: { openai: 200 } });
      expect((await slow([item('b', 'openai-api-key', LIVE)])).get('b')?.verified).toBeNull();
    } finally {
      await slowFakes.close();
    }
    expect((await unreachable([item('c', 'generic-secret-assignment', LIVE)])).has('c')).toBe(false);
  });

  it("checks Vigil's own keys locally, without a request", async () => {
    const before = fakes.requests.length;
    const verify = createVerifier({ baseUrls: fakes.baseUrls, vigilKey: (key) => Promise.resolve(key === LIVE) });
    const results = await verify([item('v1', 'vigil-api-key', LIVE), item('v2', 'vigil-api-key', DEAD)]);
    expect([results.get('v1')?.verified, results.get('v2')?.verified]).toEqual([true, false]);
    expect(fakes.requests.length).toBe(before);
  });

  it('holds every check to the global concurrency limit', async () => {
    const delayed = await startFakeProviders({ live: { github: [LIVE] }, delayMs: 50 });
    try {
      const verify = createVerifier({ baseUrls: delayed.baseUrls, concurrency: 2 });
      const results = await verify(Array.from({ length: 6 }, (_, i) => item(`g${i}`, 'github-token', LIVE)));
      expect([...results.values()].every((r) => r.verified === true)).toBe(true);
      expect(delayed.requests).toHaveLength(6);
      expect(delayed.maxInFlight()).toBeLessThanOrEqual(2);
    } finally {
      await delayed.close();
    }
  });

  it('covers every provider it declares', () => {
    expect(Object.keys(fakes.baseUrls).sort()).toEqual([...PROVIDERS].sort());
  });
});

describe('SigV4', () => {
  it("matches AWS's published get-vanilla test vector", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      body: '',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 'service',
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});
