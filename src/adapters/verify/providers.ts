/**
 * One read-only identity call per provider, to the provider's official
 * endpoint: what to send for a secret and what the answer means. Live
 * (true), revoked or refused (false), anything else unknown (null).
 */
import { signRequest } from './sigv4.js';

export const PROVIDERS = ['github', 'gitlab', 'slack', 'stripe', 'aws', 'openai', 'anthropic', 'sendgrid', 'twilio', 'npm'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The official endpoints; tests replace them with loopback fakes through createVerifier's baseUrls (never configuration). */
export const OFFICIAL_BASE_URLS: Readonly<Record<Provider, string>> = Object.freeze({
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com',
  slack: 'https://slack.com',
  stripe: 'https://api.stripe.com',
  aws: 'https://sts.amazonaws.com',
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  sendgrid: 'https://api.sendgrid.com',
  twilio: 'https://api.twilio.com',
  npm: 'https://registry.npmjs.org',
});

/** Per-provider time limits (ms): STS and Twilio answer slower than the others. */
export const PROVIDER_TIMEOUT_MS: Readonly<Record<Provider, number>> = Object.freeze({
  github: 5_000,
  gitlab: 5_000,
  slack: 5_000,
  stripe: 5_000,
  aws: 8_000,
  openai: 5_000,
  anthropic: 5_000,
  sendgrid: 5_000,
  twilio: 8_000,
  npm: 5_000,
});

export interface Companion {
  readonly ruleId: string;
  readonly secret: string;
}

export interface Check {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface ProviderCheck {
  readonly provider: Provider;
  /** The request, or undefined when the secret alone cannot be checked (an AWS key id without its secret). */
  build(secret: string, companions: readonly Companion[], base: URL, now: Date): Check | undefined;
  interpret(status: number, body: string): boolean | null;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const byStatus = (live: readonly number[], dead: readonly number[]) => (status: number): boolean | null =>
  live.includes(status) ? true : dead.includes(status) ? false : null;

const github: ProviderCheck = {
  provider: 'github',
  build: (secret) => ({ method: 'GET', path: '/user', headers: { ...bearer(secret), accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' } }),
  interpret: byStatus([200], [401]),
};

const gitlab: ProviderCheck = {
  provider: 'gitlab',
  build: (secret) => ({ method: 'GET', path: '/api/v4/user', headers: { 'private-token': secret } }),
  interpret: byStatus([200], [401]),
};

const SLACK_DEAD = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive']);
const slack: ProviderCheck = {
  provider: 'slack',
  build: (secret) => ({ method: 'POST', path: '/api/auth.test', headers: { ...bearer(secret), 'content-type': 'application/x-www-form-urlencoded' }, body: '' }),
  interpret: (status, body) => {
    if (status !== 200) return null;
    try {
      const answer = JSON.parse(body) as { ok?: boolean; error?: string };
      if (answer.ok === true) return true;
      return SLACK_DEAD.has(answer.error ?? '') ? false : null;
    } catch {
      return null;
    }
  },
};

// A restricted key without the balance permission answers 403: it is still a live key.
const stripe: ProviderCheck = {
  provider: 'stripe',
  build: (secret) => ({ method: 'GET', path: '/v1/balance', headers: bearer(secret) }),
  interpret: byStatus([200, 403], [401]),
};

const AWS_DEAD = /InvalidClientTokenId|SignatureDoesNotMatch|ExpiredToken|AccessDenied/;
const STS_BODY = 'Action=GetCallerIdentity&Version=2011-06-15';
function awsCheck(pairRule: string, isSecretKey: boolean): ProviderCheck {
  return {
    provider: 'aws',
    build: (secret, companions, base, now) => {
      const other = companions.find((c) => c.ruleId === pairRule)?.secret;
      if (other === undefined) return undefined;
      const [accessKeyId, secretAccessKey] = isSecretKey ? [other, secret] : [secret, other];
      const url = new URL('/', base);
      const headers = signRequest({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: STS_BODY,
        accessKeyId,
        secretAccessKey,
        region: 'us-east-1',
        service: 'sts',
        date: now,
      });
      // fetch sets Host itself (the same value that was signed).
      delete headers.host;
      return { method: 'POST', path: '/', headers, body: STS_BODY };
    },
    interpret: (status, body) => (status === 200 ? true : status === 403 && AWS_DEAD.test(body) ? false : null),
  };
}

const openai: ProviderCheck = {
  provider: 'openai',
  build: (secret) => ({ method: 'GET', path: '/v1/models', headers: bearer(secret) }),
  interpret: byStatus([200], [401]),
};

const anthropic: ProviderCheck = {
  provider: 'anthropic',
  build: (secret) => ({ method: 'GET', path: '/v1/models', headers: { 'x-api-key': secret, 'anthropic-version': '2023-06-01' } }),
  interpret: byStatus([200], [401]),
};

const sendgrid: ProviderCheck = {
  provider: 'sendgrid',
  build: (secret) => ({ method: 'GET', path: '/v3/scopes', headers: bearer(secret) }),
  interpret: byStatus([200], [401]),
};

const twilio: ProviderCheck = {
  provider: 'twilio',
  build: (secret, companions) => {
    const sid = companions.find((c) => c.ruleId === TWILIO_SID)?.secret;
    if (sid === undefined) return undefined;
    return { method: 'GET', path: `/2010-04-01/Accounts/${sid}.json`, headers: { authorization: `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}` } };
  },
  interpret: byStatus([200], [401]),
};

const npm: ProviderCheck = {
  provider: 'npm',
  build: (secret) => ({ method: 'GET', path: '/-/whoami', headers: bearer(secret) }),
  interpret: byStatus([200], [401]),
};

/** Not a secret rule: Twilio account SIDs found next to a secret, so its auth token can be checked. */
export const TWILIO_SID = 'twilio-account-sid';
const TWILIO_SID_PATTERN = /\bAC[0-9a-f]{32}\b/g;

/** Secret rule id → the identifier its check needs from the same file (Twilio checks a token with its account SID). */
const COMPANION_IDENTIFIERS: Readonly<Record<string, { readonly ruleId: string; readonly pattern: RegExp }>> = Object.freeze({
  'twilio-auth-token': { ruleId: TWILIO_SID, pattern: TWILIO_SID_PATTERN },
});

/** Whether a secret of this rule is checked with an identifier found beside it. */
export function needsCompanions(ruleId: string): boolean {
  return Object.hasOwn(COMPANION_IDENTIFIERS, ruleId);
}

/** The identifiers in `text` that the checks of these rules' secrets pair with them, each once. */
export function companionIdentifiers(ruleIds: Iterable<string>, text: string): { ruleId: string; secret: string }[] {
  const out = new Map<string, { ruleId: string; secret: string }>();
  for (const id of new Set(ruleIds)) {
    const wanted = COMPANION_IDENTIFIERS[id];
    if (wanted === undefined) continue;
    for (const secret of text.match(wanted.pattern) ?? []) out.set(`${wanted.ruleId}\0${secret}`, { ruleId: wanted.ruleId, secret });
  }
  return [...out.values()];
}

/** Rule id → its check. Vigil's own keys are checked locally (see verifier.ts). */
export const CHECKS: Readonly<Record<string, ProviderCheck>> = Object.freeze({
  'github-token': github,
  'github-fine-grained-token': github,
  'gitlab-personal-access-token': gitlab,
  'slack-bot-token': slack,
  'slack-user-token': slack,
  'slack-legacy-token': slack,
  'stripe-secret-key': stripe,
  'stripe-restricted-key': stripe,
  'stripe-test-secret-key': stripe,
  'aws-access-key-id': awsCheck('aws-secret-access-key', false),
  'aws-secret-access-key': awsCheck('aws-access-key-id', true),
  'openai-api-key': openai,
  'openai-admin-key': openai,
  'anthropic-api-key': anthropic,
  'sendgrid-api-key': sendgrid,
  'twilio-auth-token': twilio,
  'npm-access-token': npm,
  'npmrc-auth-token': npm,
});
