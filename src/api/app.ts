import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LookupFunction } from 'node:net';
import type { DestinationStream } from 'pino';
import { PLAN_LIMITS, type Plan, type PlanLimits } from '../accounts/plans.js';
import type { Quotas } from '../accounts/quotas.js';
import type { AccountService } from '../accounts/service.js';
import type { Config } from '../config/index.js';
import type { Storage } from '../storage/index.js';
import { loggerOptions } from './logging.js';
import { registerAccess } from './plugins/access.js';
import { registerDashboard } from './plugins/dashboard.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { healthRoutes } from './routes/health.js';
import { accountRoutes } from './routes/v1/account.js';
import { aiRoutes } from './routes/v1/ai.js';
import { fixPullRequestRoutes } from './routes/v1/fix-pr.js';
import { scanApiRoutes } from './routes/v1/scan-api.js';
import { scanGitHubRoutes } from './routes/v1/scan-github.js';
import { scanHistoryRoutes } from './routes/v1/scans.js';
import { createAdvisorySource } from '../scans/advisories.js';
import { createScanEngine, type ScanEngine } from '../scans/engine.js';
import { loadWebBundle } from '../dashboard/bundle.js';

export interface AppDeps {
  readonly config: Config;
  readonly storage: Storage;
  readonly accounts: AccountService;
  readonly quotas: Quotas;
  readonly version: string;
  /** Where JSON logs go (default stdout). */
  readonly logStream?: DestinationStream;
  /** Plan limits; the default is the plan table. Benchmarks raise them. */
  readonly limitsFor?: (plan: Plan) => PlanLimits;
  /** Worker pool and scan slots; when absent the app creates its own and closes it with the app. */
  readonly scanEngine?: ScanEngine;
  /** DNS for API scans (tests resolve made-up names); the system resolver otherwise. */
  readonly apiScanLookup?: LookupFunction;
  /**
   * The built dashboard (dist/web/), read once here. Absent or not built: the
   * dashboard's paths answer 503 and the API works as before.
   */
  readonly webDir?: string;
  /** Extra /v1 routes (used by tests of shared behaviour and by later features). */
  readonly extraV1Routes?: (scope: FastifyInstance) => void;
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
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

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
  const engine =
    deps.scanEngine ??
    createScanEngine({
      workers: config.scanWorkers,
      maxConcurrentScans: config.maxConcurrentScans,
      timeoutMs: config.scanTimeoutMs,
      advisories: createAdvisorySource(config, `vigil/${deps.version}`, deps.storage),
    });
  if (!deps.scanEngine) app.addHook('onClose', async () => engine.close());
  const githubSettings = {
    githubApiUrl: config.githubApiUrl,
    userAgent: `vigil/${deps.version}`,
    sourceLimits: config.sourceLimits,
    retries: config.githubRetries,
    ...(config.githubToken ? { defaultToken: config.githubToken } : {}),
  };

  const aiSettings = {
    provider: config.aiProvider,
    ...(config.aiApiKey ? { apiKey: config.aiApiKey } : {}),
    ...(config.aiBaseUrl ? { baseUrl: config.aiBaseUrl } : {}),
    ...(config.aiModel ? { model: config.aiModel } : {}),
  };

  registerErrorHandling(app, deps.config.bodyLimitBytes);
  registerSecurityHeaders(app);
  await registerDocs(app, deps.version);

  healthRoutes(app, { storage: deps.storage, version: deps.version });

  const webBundle = deps.webDir === undefined ? undefined : await loadWebBundle(deps.webDir);
  if (deps.webDir !== undefined && webBundle === undefined) app.log.warn({ webDir: deps.webDir }, 'the dashboard is not built; run npm run build');
  registerDashboard(app, webBundle);

  await app.register(
    (scope, _opts, done) => {
      registerAccess(scope, { accounts: deps.accounts, quotas: deps.quotas, limitsFor });
      accountRoutes(scope, { accounts: deps.accounts, quotas: deps.quotas, limitsFor });
      scanHistoryRoutes(scope, { storage: deps.storage });
      scanGitHubRoutes(scope, { storage: deps.storage, engine, settings: githubSettings });
      fixPullRequestRoutes(scope, { settings: githubSettings });
      scanApiRoutes(scope, {
        storage: deps.storage,
        capacity: engine.capacity,
        settings: { allowCidrs: config.scanApiAllowCidrs, timeoutMs: config.scanTimeoutMs, ...(deps.apiScanLookup ? { lookup: deps.apiScanLookup } : {}) },
      });
      aiRoutes(scope, { settings: aiSettings, timeoutMs: config.aiTimeoutMs });
      deps.extraV1Routes?.(scope);
      done();
    },
    { prefix: '/v1' },
  );

  return app;
}
