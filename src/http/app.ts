import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Plan, PlanLimits } from '../services/accounts/plans.js';
import type { Quotas } from '../services/accounts/quotas.js';
import type { AccountService } from '../services/accounts/service.js';
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
import type { ScanService } from '../services/scans/service.js';
import type { WebhookService } from '../services/webhooks/service.js';
import { webhookRoutes } from './routes/v1/webhooks.js';
import { loadWebBundle } from './dashboard/bundle.js';
import type { ScanProgress } from '../services/scans/progress.js';
import { registerCookies } from './plugins/session.js';
import type { AuthRouteDeps } from './routes/auth/deps.js';
import { emailSignInRoutes } from './routes/auth/email.js';
import { githubSignInRoutes } from './routes/auth/github.js';
import { sessionRoutes } from './routes/auth/session.js';
import { scanExportRoutes } from './routes/v1/scan-exports.js';
import { scanProgressRoutes } from './routes/v1/scan-progress.js';

/** The services the routes call, built by the composition root (src/main.ts). */
export interface AppServices {
  readonly storage: Storage;
  readonly accounts: AccountService;
  readonly quotas: Quotas;
  readonly limitsFor: (plan: Plan) => PlanLimits;
  readonly scans: ScanService;
  readonly progress: ScanProgress;
  readonly webhooks: WebhookService;
  /** Sessions, sign-in and (when configured) GitHub OAuth for the /auth routes and the /v1 session check. */
  readonly auth: AuthRouteDeps;
}

/** What the HTTP layer itself is configured with. */
export interface HttpOptions {
  readonly config: Config;
  readonly version: string;
  /**
   * The built dashboard (dist/web/), read once here. Absent or not built: the
   * dashboard's paths answer 503 and the API works as before.
   */
  readonly webDir?: string;
  /** Extra /v1 routes (used by tests of shared behaviour and by later features). */
  readonly extraV1Routes?: (scope: FastifyInstance) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The Fastify instance with Vigil's server options and shutdown behaviour; no routes yet (registerApp). */
export function createHttpServer(config: Config, logStream?: DestinationStream) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // Slow clients: the whole request must arrive within requestTimeout, its headers within
    // headersTimeout, checked every second; the response may take as long as the work needs.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler,
    return503OnClosing: true,
    // verbose: errors carry their schema, so 400s can say what a field must be (plugins/validation-messages.ts);
    // x-expected is that text for a pattern, an annotation AJV must know in strict mode.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, verbose: true, keywords: [EXPECTED_KEYWORD] } },
    // A response schema with anyOf/oneOf (findings, scan states) is serialised with Ajv checks that
    // fast-json-stringify otherwise compiles on the first response that reaches them: 100-250 ms on
    // the event loop during the first burst of scans (issue 21). Compiled with the routes instead.
    serializerOpts: { compileValidators: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are JSON only (docs/api.md): a text/plain body is a 415 like any other type, not a
  // string that fails validation later.
  app.removeContentTypeParser('text/plain');
  app.server.maxConnections = config.maxConnections;
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);

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
  return app;
}

export type HttpServer = ReturnType<typeof createHttpServer>;

/** Registers the plugins and the routes over built services. */
export async function registerApp(app: HttpServer, services: AppServices, options: HttpOptions): Promise<void> {
  const { config } = options;
  const { limitsFor, auth, scans } = services;
  const githubSettings = {
    githubApiUrl: config.githubApiUrl,
    userAgent: `vigil/${options.version}`,
    sourceLimits: config.sourceLimits,
    archiveMemoryBytes: config.archiveMemoryBytes,
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

  registerErrorHandling(app, config.bodyLimitBytes);
  registerSecurityHeaders(app);
  registerTextGuard(app);
  await registerCookies(app);
  await registerDocs(app, options.version);

  await app.register(healthRoutes, { storage: services.storage, version: options.version });

  const webBundle = options.webDir === undefined ? undefined : await loadWebBundle(options.webDir);
  if (options.webDir !== undefined && webBundle === undefined) app.log.warn({ webDir: options.webDir }, 'the dashboard is not built; run npm run build');
  registerDashboard(app, webBundle);

  // Route plugins are typed by the TypeBox provider (FastifyPluginCallbackTypebox): bodies, params and
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
      registerAccess(scope, { accounts: services.accounts, quotas: services.quotas, limitsFor, sessions: auth.sessions, publicUrl: config.publicUrl });
      await scope.register(accountRoutes, { accounts: services.accounts, quotas: services.quotas, limitsFor });
      await scope.register(scanHistoryRoutes, { storage: services.storage });
      await scope.register(scanProgressRoutes, { progress: services.progress });
      await scope.register(scanExportRoutes, { storage: services.storage });
      await scope.register(scanGitHubRoutes, { scans });
      await scope.register(fixPullRequestRoutes, { settings: githubSettings });
      await scope.register(scanApiRoutes, { scans });
      await scope.register(webhookRoutes, { webhooks: services.webhooks });
      await scope.register(aiRoutes, { settings: aiSettings, timeoutMs: config.aiTimeoutMs });
      options.extraV1Routes?.(scope);
    },
    { prefix: '/v1' },
  );
}
