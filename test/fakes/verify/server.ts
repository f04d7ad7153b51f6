/**
 * Loopback fakes of the providers' identity endpoints that secret validity
 * checks call, answering as each provider documents: a live secret gets its
 * identity, a revoked one the provider's refusal. One server per provider,
 * so each check must reach its own base URL. AWS STS checks the SigV4
 * signature itself (with an implementation of its own, not the client's).
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Provider } from '../../../src/adapters/verify/providers.js';

export interface FakeProviders {
  readonly baseUrls: Record<Provider, string>;
  /** A base URL where nothing listens (unreachable). */
  readonly closedUrl: string;
  /** Requests seen: provider, method, path, and the secret-bearing header's presence. */
  readonly requests: { provider: Provider; method: string; path: string }[];
  /** Most requests in flight at once, across every provider. */
  readonly maxInFlight: () => number;
  close(): Promise<void>;
}

export interface FakeProviderSecrets {
  /** Secrets (or `sid:token`, `keyId:secretKey` pairs) each provider accepts. */
  readonly live: Partial<Record<Provider, readonly string[]>>;
  /** Providers that wait longer than any check's time limit. */
  readonly slow?: readonly Provider[];
  /** Every answer waits this long (to observe concurrency). */
  readonly delayMs?: number;
}

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bearerOf = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

/** SigV4 as STS checks it, written here independently of src/adapters/verify/sigv4.ts. */
function stsSignatureValid(req: IncomingMessage, body: string, secrets: Map<string, string>): boolean {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) return false;
  const [, keyId = '', day = '', region = '', service = '', signed = '', signature = ''] = auth;
  const secret = secrets.get(keyId);
  if (secret === undefined) return false;
  const headerLines = signed.split(';').map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join('');
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `${req.method ?? ''}\n/\n\n${headerLines}\n${signed}\n${sha(body)}`;
  const toSign = `AWS4-HMAC-SHA256\n${String(req.headers['x-amz-date'])}\n${day}/${region}/${service}/aws4_request\n${sha(canonical)}`;
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex') === signature;
}

function handlers(live: FakeProviderSecrets['live']): Record<Provider, Handler> {
  const has = (provider: Provider, value: string | undefined) => value !== undefined && (live[provider] ?? []).includes(value);
  const aws = new Map((live.aws ?? []).map((pair) => pair.split(':') as [string, string]));
  return {
    github: (req, _b, res) =>
      req.url === '/user' && has('github', bearerOf(req))
        ? json(res, 200, { login: 'octo', id: 1 })
        : json(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' }),
    gitlab: (req, _b, res) =>
      req.url === '/api/v4/user' && has('gitlab', req.headers['private-token'] as string | undefined) ? json(res, 200, { id: 1, username: 'tanuki' }) : json(res, 401, { message: '401 Unauthorized' }),
    slack: (req, _b, res) =>
      req.url === '/api/auth.test' && req.method === 'POST'
        ? json(res, 200, has('slack', bearerOf(req)) ? { ok: true, url: 'https://acme.slack.com/', team: 'Acme', user: 'bot' } : { ok: false, error: 'invalid_auth' })
        : json(res, 404, { ok: false, error: 'unknown_method' }),
    stripe: (req, _b, res) =>
      req.url === '/v1/balance' && has('stripe', bearerOf(req))
        ? json(res, 200, { object: 'balance', available: [] })
        : json(res, 401, { error: { message: 'Invalid API Key provided', type: 'invalid_request_error' } }),
    aws: (req, body, res) => {
      if (req.method === 'POST' && body === 'Action=GetCallerIdentity&Version=2011-06-15' && stsSignatureValid(req, body, aws)) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        return void res.end('<GetCallerIdentityResponse><GetCallerIdentityResult><Arn>arn:aws:iam::123456789012:user/ci</Arn></GetCallerIdentityResult></GetCallerIdentityResponse>');
      }
      res.writeHead(403, { 'content-type': 'text/xml' });
      res.end('<ErrorResponse><Error><Type>Sender</Type><Code>InvalidClientTokenId</Code><Message>The security token included in the request is invalid.</Message></Error></ErrorResponse>');
    },
    openai: (req, _b, res) =>
      req.url === '/v1/models' && has('openai', bearerOf(req))
        ? json(res, 200, { object: 'list', data: [] })
        : json(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }),
    anthropic: (req, _b, res) =>
      req.url === '/v1/models' && req.headers['anthropic-version'] !== undefined && has('anthropic', req.headers['x-api-key'] as string | undefined)
        ? json(res, 200, { data: [], has_more: false })
        : json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }),
    sendgrid: (req, _b, res) =>
      req.url === '/v3/scopes' && has('sendgrid', bearerOf(req)) ? json(res, 200, { scopes: ['mail.send'] }) : json(res, 401, { errors: [{ field: null, message: 'authorization required' }] }),
    twilio: (req, _b, res) => {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const pair = basic === undefined ? undefined : Buffer.from(basic, 'base64').toString('utf8');
      const sid = pair?.split(':')[0];
      if (req.url === `/2010-04-01/Accounts/${sid}.json` && has('twilio', pair)) return json(res, 200, { sid, status: 'active' });
      json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    },
    npm: (req, _b, res) => (req.url === '/-/whoami' && has('npm', bearerOf(req)) ? json(res, 200, { username: 'npmuser' }) : json(res, 401, { error: 'Unauthorized' })),
  };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startFakeProviders(secrets: FakeProviderSecrets): Promise<FakeProviders> {
  const requests: FakeProviders['requests'] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const servers: Server[] = [];
  const baseUrls = {} as Record<Provider, string>;
  for (const [provider, handle] of Object.entries(handlers(secrets.live)) as [Provider, Handler][]) {
    const { server, url } = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ provider, method: req.method ?? '', path: req.url ?? '' });
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        res.on('close', () => inFlight--);
        const wait = secrets.slow?.includes(provider) ? 5_000 : (secrets.delayMs ?? 0);
        if (wait > 0) return void setTimeout(() => handle(req, Buffer.concat(chunks).toString('utf8'), res), wait).unref();
        handle(req, Buffer.concat(chunks).toString('utf8'), res);
      });
    });
    servers.push(server);
    baseUrls[provider] = url;
  }
  const closed = await listen(() => undefined);
  await new Promise<void>((resolve) => closed.server.close(() => resolve()));
  return {
    baseUrls,
    closedUrl: closed.url,
    requests,
    maxInFlight: () => maxInFlight,
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    },
  };
}
