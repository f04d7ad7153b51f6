import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerDashboard } from '../../src/http/plugins/dashboard.js';
import { registerErrorHandling } from '../../src/http/plugins/errors.js';
import { registerSecurityHeaders } from '../../src/http/plugins/security-headers.js';
import type { WebBundle } from '../../src/http/dashboard/bundle.js';

/**
 * A stand-in for the service's /auth and /v1 endpoints, as the dashboard
 * contract (docs/dashboard-ui.md) describes them, around the real dashboard
 * plugin. Browser tests of the front end run against it until the real back
 * end is merged; it keeps what the browser sent, for assertions.
 */
export const STUB_EMAIL = 'dev@example.test';
export const STUB_TOKEN = 'stub-sign-in-token-0123456789abcdefghij';
export const STUB_CSRF = 'stub-csrf-token';
export const STUB_KEY = 'vgl_live_stubkey0123456789abcdefghijklmnop';
const COOKIE = 'vigil_session=stub-session';

export const STUB_FINDINGS = [
  finding('SEC-AAAAAA', 'CRITICAL', 'AWS access key', 'secrets', 'secrets', 'config/prod.env', 3),
  finding('SEC-BBBBBB', 'HIGH', 'GitHub token', 'secrets', 'secrets', 'scripts/deploy.sh', 12),
  finding('DEP-CCCCCC', 'MEDIUM', 'lodash: prototype pollution (CVE-2020-8203)', 'supply_chain', 'supply_chain', 'package-lock.json', 40),
  finding('CODE-DDDDDD', 'LOW', 'eval of request data', 'code', 'code', 'src/app.js', 7),
];

function finding(id: string, severity: string, title: string, category: string, scanner: string, path: string, line: number) {
  return {
    id,
    severity,
    title,
    category,
    scanner_name: scanner,
    description: `${title} found in ${path}.`,
    evidence: `KEY=****REDACTED****`,
    remediation: 'Remove it and rotate the credential.',
    confidence: 0.9,
    owasp_categories: ['A02:2021'],
    rule_id: id.toLowerCase(),
    location: { target: 'octo/demo', path, line, column: 1, url: null, method: null },
  };
}

export const STUB_SCAN = {
  scan_id: 'scan0001',
  status: 'completed',
  target_type: 'github',
  target: 'octo/demo',
  started_at: '2026-03-01T10:00:00.000Z',
  completed_at: '2026-03-01T10:00:05.000Z',
  finding_count: STUB_FINDINGS.length,
  findings: STUB_FINDINGS,
};

export const STUB_WEBHOOK_SECRET = ['whsec', 'stubsecretforthedashboardtest'].join('_');

export const STUB_COMMIT = 'c784ae812555e05204af357d0ec2a0e68d01406e';

/** A history scan: a live secret found at the commit that added it, and one the provider could not check. */
export const STUB_HISTORY_SCAN = {
  ...STUB_SCAN,
  scan_id: 'scan0003',
  finding_count: 2,
  stats: { repository: { html_url: 'https://github.com/octo/demo' }, history: { commits: 120, blobs: 900 } },
  findings: [
    {
      ...finding('SEC-EEEEEE', 'CRITICAL', 'Stripe secret key', 'secrets', 'secrets', 'config/billing.env', 2),
      verified: true,
      verified_at: '2026-03-01T10:00:04.000Z',
      present_at_head: false,
      location: { ...finding('SEC-EEEEEE', 'CRITICAL', '', '', '', 'config/billing.env', 2).location, commit: STUB_COMMIT, commit_date: '2026-02-11T09:30:00Z', commit_author: 'Dev One' },
    },
    { ...finding('SEC-FFFFFF', 'HIGH', 'Slack bot token', 'secrets', 'secrets', 'scripts/notify.sh', 5), verified: null },
  ],
};

export interface StubOptions {
  readonly bundle: WebBundle;
  /** The streamed explanation ends with this [SERVICE_ERROR] message instead of finishing. */
  readonly explainFailsWith?: string;
}

export interface StubService {
  readonly app: FastifyInstance;
  /** Requests that changed state, with the CSRF header they carried. */
  readonly writes: { method: string; url: string; csrf: string | undefined; progressId?: string }[];
  /** The JSON bodies of the scan requests, in order. */
  readonly scanBodies: { url: string; body: unknown }[];
  /** Lets the repository scans waiting so far answer. */
  readonly releaseScans: () => void;
  /** Whether the account still waits for its first key (a first sign-in); false at the start. */
  readonly setKeyPending: (pending: boolean) => void;
  /** The account's plan as /auth/session reports it; 'free' at the start. */
  readonly setPlan: (plan: 'free' | 'pro' | 'team') => void;
  /** Lets the suggested fixes waiting so far send the rest of their answer (STUB_FIX_REST). */
  readonly releaseFixes: () => void;
}

/**
 * The suggested fix the stub streams: Markdown with a heading, a list and the
 * start of the answer first; then, once releaseFixes() is called, a fenced code
 * block, links and attempts to get markup or script into the page.
 */
export const STUB_FIX_FIRST = '## Summary\n\nRotate the key, then:\n\n- remove it from `config/prod.env`\n- read it from the environment\n\n';
export const STUB_FIX_REST = [
  '## Fix\n\n',
  '```diff\n-AWS_KEY=<redacted>\n+AWS_KEY=${AWS_KEY}\n```\n\n',
  '1. Deploy the change.\n2. Revoke the old key.\n\n',
  'Read [the AWS guide](https://docs.aws.example/rotate) and [the docs](/docs).\n\n',
  '<img src=x onerror="window.__vigilPwned = 1">\n\n',
  'Inline <script>window.__vigilPwned = 2</script> and <b onclick="window.__vigilPwned = 3">bold</b>.\n\n',
  '[click me](javascript:window.__vigilPwned=4) ![tracker](https://tracker.example/pixel.png)\n',
].join('');

function signedIn(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(/;\s*/).includes(COOKIE);
}

export async function createStubService(options: StubOptions): Promise<StubService> {
  const app = Fastify({ logger: false });
  const writes: StubService['writes'] = [];
  let keyPending = false;
  let plan: 'free' | 'pro' | 'team' = 'free';
  registerErrorHandling(app, 1024 * 1024);
  registerSecurityHeaders(app);
  registerDashboard(app, options.bundle);

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (request.method !== 'GET') {
      const csrf = request.headers['x-csrf-token'];
      const progress = request.headers['x-vigil-progress-id'];
      writes.push({ method: request.method, url, csrf: typeof csrf === 'string' ? csrf : undefined, ...(typeof progress === 'string' ? { progressId: progress } : {}) });
    }
    const open = url.startsWith('/auth/config') || url.startsWith('/auth/email') || url.startsWith('/auth/verify');
    if ((url.startsWith('/v1/') || url.startsWith('/auth/')) && !open && !signedIn(request)) {
      return reply.code(401).send({ detail: 'Sign in first' });
    }
    if (request.method !== 'GET' && !open && request.headers['x-csrf-token'] !== STUB_CSRF) {
      return reply.code(403).send({ detail: 'Missing or invalid CSRF token' });
    }
  });

  const account = () => ({
    email: STUB_EMAIL,
    plan,
    limits: { scans: 10, ai: 20, account: 100 },
    usage: { scans: 3, ai: 18, account: 5 },
    window: { started_at: '2026-03-01T10:00:00.000Z', resets_at: new Date(Date.now() + 1_800_000).toISOString() },
    key: keyPending ? null : { prefix: 'vgl_live_stub', created_at: '2026-03-01T10:00:00.000Z' },
  });

  app.get('/auth/config', () => ({ github_oauth: true }));
  app.post('/auth/email', (_request, reply) => reply.code(202).send({ message: 'If the address can receive mail, a sign-in link is on its way.' }));
  app.post('/auth/verify', (request: FastifyRequest<{ Body: { token?: string } }>, reply: FastifyReply) => {
    if (request.body.token !== STUB_TOKEN) return reply.code(400).send({ detail: 'This sign-in link is invalid, expired or has been used; ask for a new one' });
    return reply.header('set-cookie', `${COOKIE}; HttpOnly; SameSite=Lax; Path=/`).send({ email: STUB_EMAIL, first_sign_in: keyPending, csrf_token: STUB_CSRF });
  });
  app.get('/auth/session', () => ({ email: STUB_EMAIL, csrf_token: STUB_CSRF, key_pending: keyPending, account: account() }));
  app.post('/auth/first-key', (_request, reply) => {
    if (!keyPending) return reply.code(409).send({ detail: 'The first key was already issued' });
    keyPending = false;
    return { api_key: STUB_KEY, key_prefix: 'vgl_live_stub', created_at: new Date().toISOString(), emailed: true };
  });
  app.post('/auth/signout', (_request, reply) => reply.header('set-cookie', 'vigil_session=; Max-Age=0; Path=/').code(204).send());

  app.get('/v1/scans', () => ({ items: [{ ...STUB_SCAN, findings: undefined }], next_cursor: null }));
  app.get('/v1/scans/scan0001', () => STUB_SCAN);
  app.get('/v1/scans/scan0003', () => STUB_HISTORY_SCAN);
  app.get('/v1/fix/pr/supported', () => ({ titles: ['AWS access key'] }));
  app.post('/v1/explain', async (_request, reply) => {
    const parts = ['The key ', 'grants access ', 'to your AWS account.'];
    const tail = options.explainFailsWith !== undefined ? `\n[SERVICE_ERROR] ${options.explainFailsWith}\n` : '';
    async function* body() {
      for (const part of parts) {
        yield part;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      if (tail !== '') yield tail;
    }
    return reply.type('text/plain; charset=utf-8').send(Readable.from(body()));
  });
  const fixes = gate();
  app.post('/v1/fix', (_request, reply) => {
    async function* body() {
      yield STUB_FIX_FIRST;
      await fixes.wait();
      yield STUB_FIX_REST;
    }
    return reply.type('text/plain; charset=utf-8').send(Readable.from(body()));
  });
  app.post('/v1/triage', (_request, reply) => reply.type('text/plain; charset=utf-8').send(Readable.from(['1. Rotate the AWS key.\n', '2. Remove the GitHub token.\n'])));
  // Plan gates as the service applies them (src/http/plugins/access.ts), so a page that sent anyway would show the 403.
  app.post('/v1/fix/pr', (_request, reply) => {
    if (plan === 'free') return reply.code(403).send({ detail: 'Opening fix pull requests requires the Pro or Team plan; this account is on the Free plan' });
    return { pr_url: 'https://github.test/octo/demo/pull/7', message: 'Pull request opened; rotate the credential too.' };
  });
  app.post('/v1/account/rotate-key', () => ({
    api_key: `${STUB_KEY}-rotated`,
    key_prefix: 'vgl_live_rot',
    created_at: new Date().toISOString(),
    emailed: true,
    message: 'New key issued and mailed; the previous key no longer works. Store this key now: it will not be shown again.',
  }));
  app.get('/v1/scans/scan0001/sarif', (_request, reply) =>
    reply.type('application/sarif+json').header('content-disposition', 'attachment; filename="scan0001.sarif"').send({ version: '2.1.0', runs: [] }),
  );
  registerWebhookRoutes(app);
  const scanBodies: StubService['scanBodies'] = [];
  const releaseScans = registerScanRoutes(app, () => plan, scanBodies);
  await app.ready();
  return {
    app,
    writes,
    scanBodies,
    releaseScans,
    setKeyPending: (pending) => {
      keyPending = pending;
    },
    setPlan: (next) => {
      plan = next;
    },
    releaseFixes: fixes.release,
  };
}

/** Requests wait() until release(); after a release, new requests wait again. */
function gate(): { wait: () => Promise<void>; release: () => void } {
  let open: () => void = () => undefined;
  let closed = new Promise<void>((resolve) => (open = resolve));
  return {
    wait: () => closed,
    release: () => {
      open();
      closed = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

/** The account's webhooks, in memory: one delivery log (a delivered and a pending event) for every webhook. */
function registerWebhookRoutes(app: FastifyInstance): void {
  const hooks: { id: string; url: string; created_at: string }[] = [];
  app.get('/v1/webhooks', () => ({ items: hooks }));
  app.post('/v1/webhooks', (request: FastifyRequest<{ Body: { url?: string } }>, reply: FastifyReply) => {
    const hook = { id: `wh${hooks.length + 1}`, url: request.body.url ?? '', created_at: '2026-03-01T10:00:00.000Z' };
    hooks.push(hook);
    return reply.code(201).send({ ...hook, secret: STUB_WEBHOOK_SECRET });
  });
  app.delete('/v1/webhooks/:id', (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const at = hooks.findIndex((h) => h.id === request.params.id);
    if (at === -1) return reply.code(404).send({ detail: `Webhook ${request.params.id} not found` });
    hooks.splice(at, 1);
    return reply.code(204).send();
  });
  app.get('/v1/webhooks/:id/deliveries', () => ({
    items: [
      { id: 'd2', event: 'scan.failed', scan_id: 'scan0002', status: 'pending', attempts: 2, last_status: 503, last_error: null, created_at: '2026-03-01T10:05:00.000Z', delivered_at: null, next_attempt_at: '2026-03-01T10:07:00.000Z' },
      { id: 'd1', event: 'scan.completed', scan_id: 'scan0001', status: 'delivered', attempts: 1, last_status: 200, last_error: null, created_at: '2026-03-01T10:00:05.000Z', delivered_at: '2026-03-01T10:00:06.000Z', next_attempt_at: null },
    ],
  }));
}

/**
 * Repository scans stay open until releaseScans() (so a test sees the progress
 * without timing); while open, the progress id they carried reports 12 of 40
 * files. "octo/limited" hits the hourly quota.
 */
function registerScanRoutes(app: FastifyInstance, plan: () => string, scanBodies: StubService['scanBodies']): () => void {
  const known = new Set<string>();
  const scans = gate();
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'POST' && request.url.startsWith('/v1/scan/')) scanBodies.push({ url: request.url, body: request.body });
    done();
  });
  app.post('/v1/scan/github', async (request: FastifyRequest<{ Body: { repository?: string; token?: string } }>, reply: FastifyReply) => {
    if (request.body.token !== undefined && plan() === 'free') {
      return reply.code(403).send({ detail: 'Scanning a private repository (a request with a token) requires the Pro or Team plan; this account is on the Free plan' });
    }
    if (request.body.repository === 'octo/limited') {
      return reply.code(429).header('retry-after', '1200').send({ detail: 'Hourly limit of 10 scans reached for the Free plan; it resets at 2026-03-01T11:00:00.000Z (in 1200 s)' });
    }
    const id = request.headers['x-vigil-progress-id'];
    if (typeof id === 'string') known.add(id);
    await scans.wait();
    return STUB_SCAN;
  });
  app.get('/v1/scans/progress/:id', (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    if (!known.has(request.params.id)) return reply.code(404).send({ detail: 'No scan in progress with this id' });
    return { stage: 'scanning', files_done: 12, files_total: 40 };
  });
  app.post('/v1/scan/api', () => ({ ...STUB_SCAN, scan_id: 'scan0002', target_type: 'api', target: 'https://api.example.test', findings: [], finding_count: 0 }));
  return scans.release;
}
