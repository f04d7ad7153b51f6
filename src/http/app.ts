import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LookupFunction } from 'node:net';
import type { DestinationStream } from 'pino';
import { PLAN_LIMITS, type Plan, type PlanLimits } from '../services/accounts/plans.js';
import type { Quotas } from '../services/accounts/quotas.js';
import type { AccountService } from '../services/accounts/service.js';
import type { VerifySecrets } from '../engine/verification.js';
import { createVerifier } from '../adapters/verify/verifier.js';
import type { Config } from '../config/index.js';
import type { Storage } from '../adapters/storage/index.js';
import { clientErrorHandler, limitConnectionsPerAddress } from './connections.js';
import { loggerOptions } from './logging.js';
import { registerAccess } from './plugins/access.js';
import { registerDashboard } from './plugins/dashboard.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { EXPECTED_KEYWORD } from './plugins/validation-messages.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { healthRoutes } from './routes/health.js';
import { accountRoutes } from './routes/v1/account.js';
import { aiRoutes } from './routes/v1/ai.js';
import { fixPullRequestRoutes } from './routes/v1/fix-pr.js';
import { scanApiRoutes } from './routes/v1/scan-api.js';
import { scanGitHubRoutes } from './routes/v1/scan-github.js';
import { scanHistoryRoutes } from './routes/v1/scans.js';
import { createAdvisorySource } from '../services/scans/advisories.js';
import { createScanEngine, type ScanEngine } from '../engine/runtime.js';
import { failInterruptedScans } from '../services/scans/recovery.js';
import type { ScanLogger } from '../services/scans/runner.js';
import type { ScanService } from '../services/scans/service.js';
import { createLocalScanService, createRedisScanService } from '../services/scans/setup.js';
import { loadPepper } from '../services/accounts/pepper.js';
import { TokenSeal } from '../services/scans/seal.js';
import { WebhookService, webhookSettings } from '../services/webhooks/service.js';
import { webhookRoutes } from './routes/v1/webhooks.js';
import { loadWebBundle } from './dashboard/bundle.js';
import { ScanProgress } from '../services/scans/progress.js';
import { GitHubOAuth } from '../services/auth/github-oauth.js';
import { DEFAULT_SIGNIN_LIMITS, SignInLimiter, type SignInLimits } from '../services/auth/limits.js';
import { SessionService } from '../services/auth/sessions.js';
import { SignInService } from '../services/auth/signin.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { registerCookies } from './plugins/session.js';
import type { AuthRouteDeps } from './routes/auth/deps.js';
import { emailSignInRoutes } from './routes/auth/email.js';
import { githubSignInRoutes } from './routes/auth/github.js';
import { sessionRoutes } from './routes/auth/session.js';
import { scanExportRoutes } from './routes/v1/scan-exports.js';
import { scanProgressRoutes } from './routes/v1/scan-progress.js';

export interface AppDeps {
  readonly config: Config;
  readonly storage: Storage;
  readonly accounts: AccountService;
  readonly quotas: Quotas;
  /** Sends the dashboard's sign-in links (keys go through AccountService). */
  readonly mailer: Mailer;
  readonly version: string;
  /** Where JSON logs go (default stdout). */
  readonly logStream?: DestinationStream;
  /** Plan limits; the default is the plan table. Benchmarks raise them. */
  readonly limitsFor?: (plan: Plan) => PlanLimits;
  /** Worker pool for the embedded scan queue; when absent the app creates its own and closes it with the app. */
  readonly scanEngine?: ScanEngine;
  /** Secret validity checks for `"verify": true`; default: the official provider endpoints (tests pass loopback fakes). */
  readonly verifier?: VerifySecrets;
  /** How scans are queued and run; when absent the app builds one from the configuration and closes it with the app. */
  readonly scanService?: ScanService;
  /** DNS for API scans (tests resolve made-up names); the system resolver otherwise. */
  readonly apiScanLookup?: LookupFunction;
  /**
   * The built dashboard (dist/web/), read once here. Absent or not built: the
   * dashboard's paths answer 503 and the API works as before.
   */
  readonly webDir?: string;
  /** Extra /v1 routes (used by tests of shared behaviour and by later features). */
  readonly extraV1Routes?: (scope: FastifyInstance) => void;
  /** Clock for sessions, sign-in links and scan progress (tests move it); Date.now otherwise. */
  readonly now?: () => number;
  /** Sign-in rate limits; the default is 5 per address per 15 min, 20 links and 60 verifications per client per hour. */
  readonly signInLimits?: SignInLimits;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP application from its dependencies. server.ts/main.ts only listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // Slow clients: the whole request must arrive within requestTimeout, its headers within
    // headersTimeout, checked every second; the response may take as long as the work needs.
    requestTimeout: deps.config.requestTimeoutMs,
    keepAliveTimeout: deps.config.keepAliveTimeoutMs,
    http: { headersTimeout: deps.config.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler,
    return503OnClosing: true,
    // verbose: errors carry their schema, so 400s can say what a field must be (plugins/validation-messages.ts);
    // x-expected is that text for a pattern, an annotation AJV must know in strict mode.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, verbose: true, keywords: [EXPECTED_KEYWORD] } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are JSON only (docs/api.md): a text/plain body is a 415 like any other type, not a
  // string that fails validation later.
  app.removeContentTypeParser('text/plain');
  app.server.maxConnections = deps.config.maxConnections;
  limitConnectionsPerAddress(app.server, deps.config.maxConnectionsPerAddress);

  const limitsFor = deps.limitsFor ?? ((plan: Plan) => PLAN_LIMITS[plan]);

  // While closing, answers tell keep-alive clients to hang up, so in-flight
  // requests finish and their connections do not hold the shutdown open.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });

  const config = deps.config;
  const progress = new ScanProgress(deps.now);
  const webhooks = new WebhookService(deps.storage, new TokenSeal(loadPepper(config.keyPepper, config.dataDir)), { ...webhookSettings(config), ...(deps.apiScanLookup ? { lookup: deps.apiScanLookup } : {}) }, app.log);
  // Events are delivered where scans run: here with the embedded queue, by the workers with Redis.
  const delivering = !deps.scanService && config.scanQueue === 'local';
  if (delivering) {
    webhooks.start();
    app.addHook('onClose', async () => webhooks.close());
  }
  const scans = deps.scanService ?? (await createAppScanService(deps, app.log, progress, webhooks));
  // Last, after in-flight requests have their answers: waiting scans are dropped, running ones finish.
  if (!deps.scanService) app.addHook('onClose', async () => scans.close());
  const githubSettings = {
    githubApiUrl: config.githubApiUrl,
    userAgent: `vigil/${deps.version}`,
    sourceLimits: config.sourceLimits,
    retries: config.githubRetries,
    historyLimits: config.historyLimits,
    ...(config.githubGitUrl ? { githubGitUrl: config.githubGitUrl } : {}),
    ...(config.githubToken ? { defaultToken: config.githubToken } : {}),
  };

  const aiSettings = {
    provider: config.aiProvider,
    ...(config.aiApiKey ? { apiKey: config.aiApiKey } : {}),
    ...(config.aiBaseUrl ? { baseUrl: config.aiBaseUrl } : {}),
    ...(config.aiModel ? { model: config.aiModel } : {}),
    builtinPaceMs: config.aiBuiltinPaceMs,
  };

  registerErrorHandling(app, deps.config.bodyLimitBytes);
  registerSecurityHeaders(app);
  registerTextGuard(app);
  await registerCookies(app);
  await registerDocs(app, deps.version);

  await app.register(healthRoutes, { storage: deps.storage, version: deps.version });

  const webBundle = deps.webDir === undefined ? undefined : await loadWebBundle(deps.webDir);
  if (deps.webDir !== undefined && webBundle === undefined) app.log.warn({ webDir: deps.webDir }, 'the dashboard is not built; run npm run build');
  registerDashboard(app, webBundle);

  const auth = authDeps(deps, limitsFor);
  // Route plugins are typed by the TypeBox provider (FastifyPluginAsyncTypebox): bodies, params and
  // querystrings come typed from their schemas. /v1 routes run behind the access plugin, which
  // authenticates once for the scope: handlers read `request.caller`.
  await app.register(
    async (scope) => {
      for (const routes of [emailSignInRoutes, sessionRoutes, githubSignInRoutes]) await scope.register(routes, auth);
    },
    { prefix: '/auth' },
  );

  await app.register(
    async (scope) => {
      registerAccess(scope, { accounts: deps.accounts, quotas: deps.quotas, limitsFor, sessions: auth.sessions, publicUrl: config.publicUrl });
      await scope.register(accountRoutes, { accounts: deps.accounts, quotas: deps.quotas, limitsFor });
      await scope.register(scanHistoryRoutes, { storage: deps.storage });
      await scope.register(scanProgressRoutes, { progress });
      await scope.register(scanExportRoutes, { storage: deps.storage });
      await scope.register(scanGitHubRoutes, { scans });
      await scope.register(fixPullRequestRoutes, { settings: githubSettings });
      await scope.register(scanApiRoutes, { scans });
      await scope.register(webhookRoutes, { webhooks });
      await scope.register(aiRoutes, { settings: aiSettings, timeoutMs: config.aiTimeoutMs });
      deps.extraV1Routes?.(scope);
    },
    { prefix: '/v1' },
  );

  return app;
}

/** The scan service of the configuration, its engine and queue closed with it. */
async function createAppScanService(deps: AppDeps, log: ScanLogger, progress: ScanProgress, webhooks: WebhookService): Promise<ScanService> {
  const { config } = deps;
  const engine =
    deps.scanEngine ??
    createScanEngine({
      workers: config.scanWorkers,
      timeoutMs: config.scanTimeoutMs,
      findingLimits: config.findingLimits,
      advisories: createAdvisorySource(config, `vigil/${deps.version}`, deps.storage),
    });
  const closeEngine = deps.scanEngine ? () => Promise.resolve() : () => engine.close();
  if (config.scanQueue === 'redis') {
    return createRedisScanService({
      config,
      engine,
      storage: deps.storage,
      userAgent: `vigil/${deps.version}`,
      progress,
      log,
      secret: loadPepper(config.keyPepper, config.dataDir),
      onClose: closeEngine,
    });
  }
  if (deps.storage.kind === 'embedded') await failInterruptedScans(deps.storage, log);
  return createLocalScanService({
    config,
    engine,
    storage: deps.storage,
    userAgent: `vigil/${deps.version}`,
    progress,
    log,
    ...(deps.apiScanLookup ? { lookup: deps.apiScanLookup } : {}),
    onFinished: webhooks.record,
    onClose: closeEngine,
    verifier: deps.verifier ?? createVerifier({ vigilKey: async (key) => (await deps.accounts.authenticate(key)) !== undefined }),
  });
}

/** Sessions, sign-in and (when configured) GitHub OAuth for the /auth routes and the /v1 session check. */
function authDeps(deps: AppDeps, limitsFor: (plan: Plan) => PlanLimits): AuthRouteDeps {
  const { config } = deps;
  const sessions = new SessionService(deps.storage, deps.now);
  const limiter = new SignInLimiter(deps.quotas, deps.signInLimits ?? DEFAULT_SIGNIN_LIMITS, deps.now);
  const signIn = new SignInService({
    storage: deps.storage,
    accounts: deps.accounts,
    sessions,
    mailer: deps.mailer,
    limiter,
    publicUrl: config.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const oauth = config.githubOAuth
    ? new GitHubOAuth({
        ...config.githubOAuth,
        oauthUrl: config.githubOAuthUrl,
        apiUrl: config.githubApiUrl,
        publicUrl: config.publicUrl,
        userAgent: `vigil/${deps.version}`,
      })
    : undefined;
  return { accounts: deps.accounts, quotas: deps.quotas, limitsFor, sessions, signIn, limiter, oauth, publicUrl: config.publicUrl };
}
