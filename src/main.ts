import type { LookupFunction } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadPepper } from './services/accounts/pepper.js';
import { localAdmin } from './http/admin/operations.js';
import { startAdminSocket, type AdminSocket } from './http/admin/socket.js';
import { DatabaseQuotaStore } from './services/accounts/database-quotas.js';
import { PLAN_LIMITS, type Plan, type PlanLimits } from './services/accounts/plans.js';
import { connectRedis, Quotas, RedisQuotaStore, type QuotaStore } from './services/accounts/quotas.js';
import { AccountService, type IssuedKey } from './services/accounts/service.js';
import { GitHubOAuth } from './services/auth/github-oauth.js';
import { DEFAULT_SIGNIN_LIMITS, SignInLimiter, type SignInLimits } from './services/auth/limits.js';
import { SessionService } from './services/auth/sessions.js';
import { SignInService } from './services/auth/signin.js';
import { createAdvisorySource } from './services/scans/advisories.js';
import { ScanProgress } from './services/scans/progress.js';
import { failInterruptedScans } from './services/scans/recovery.js';
import { TokenSeal } from './services/scans/seal.js';
import type { ScanService } from './services/scans/service.js';
import { createLocalScanService, createRedisScanService } from './services/scans/setup.js';
import { WebhookService, webhookSettings } from './services/webhooks/service.js';
import { createHttpServer, registerApp, type AppServices } from './http/app.js';
import type { AuthRouteDeps } from './http/routes/auth/deps.js';
import type { Config } from './config/index.js';
import { createScanEngine, type ScanEngine } from './engine/runtime.js';
import { warmRepositoryScanners } from './engine/scan-workspace.js';
import { warmExtractionThread } from './adapters/sources/github/extract-thread.js';
import { heapTrimmer } from './core/heap-trim.js';
import type { VerifySecrets } from './core/verification.js';
import { VERSION } from './core/version.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import type { Storage } from './adapters/storage/index.js';
import { listenFailure, openConfiguredStorage, probeListen } from './startup.js';
import { createVerifier } from './adapters/verify/verifier.js';

/**
 * The composition root: the only place that turns configuration into real
 * dependencies (database, quota store, mailer, scan engine, services) and
 * hands them to the HTTP layer. The server, the CLI and the tests use it.
 */
export interface Runtime {
  readonly config: Config;
  readonly storage: Storage;
  readonly mailer: Mailer;
  readonly accounts: AccountService;
  close(): Promise<void>;
}

/**
 * The runtime over the configured database; `opening`, when given, is that database already being opened
 * (src/server.ts starts it before the service's modules load), and is closed if the runtime cannot be made.
 */
export async function createRuntime(config: Config, opening?: Promise<Storage>): Promise<Runtime> {
  let pepper: string;
  try {
    pepper = loadPepper(config.keyPepper, config.dataDir);
  } catch (error) {
    await opening?.then((storage) => storage.close(), () => undefined);
    throw error;
  }
  const storage = await (opening ?? openConfiguredStorage(config));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir });
  const accounts = new AccountService(storage, pepper, mailer);
  return {
    config,
    storage,
    mailer,
    accounts,
    async close() {
      await Promise.allSettled([storage.close(), mailer.close()]);
    },
  };
}

/** Redis when configured (shared by every process); otherwise the database, so a restart keeps the counts. */
export function createQuotaStore(config: Config, storage: Storage): QuotaStore {
  if (config.redisUrl === undefined) return new DatabaseQuotaStore(storage);
  return new RedisQuotaStore(connectRedis(config.redisUrl));
}

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
  /**
   * Where scans run in this process (the embedded queue): start the scanner, API scan and extraction threads
   * and load the scanners before the app is built, and keep the scanner threads, so that the first burst of
   * scans does not start and compile them all at once beside the event loop (startServer sets it; tests
   * leave it off and start threads on the first scan). Such a process also trims its main thread's heap
   * between scans (src/core/heap-trim.ts).
   */
  readonly warmScanThreads?: boolean;
  /** Secret validity checks for `"verify": true`; default: the official provider endpoints (tests pass loopback fakes). */
  readonly verifier?: VerifySecrets;
  /** How scans are queued and run; when absent the app builds one from the configuration and closes it with the app. */
  readonly scanService?: ScanService;
  /** DNS for API scans (tests resolve made-up names); the system resolver otherwise. */
  readonly apiScanLookup?: LookupFunction;
  /** The built dashboard (dist/web/); absent or not built: the dashboard's paths answer 503. */
  readonly webDir?: string;
  /** Extra /v1 routes (used by tests of shared behaviour and by later features). */
  readonly extraV1Routes?: (scope: FastifyInstance) => void;
  /** Clock for sessions, sign-in links and scan progress (tests move it); Date.now otherwise. */
  readonly now?: () => number;
  /** Sign-in rate limits; the default is 5 per address per 15 min, 20 links and 60 verifications per client per hour. */
  readonly signInLimits?: SignInLimits;
}

/** Builds the HTTP application: the server, then the services (closed with it), then the routes over them. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createHttpServer(deps.config, deps.logStream);
  const services = await createAppServices(deps, app.log, (close) => app.addHook('onClose', close));
  await registerApp(app, services, {
    config: deps.config,
    version: deps.version,
    ...(deps.webDir === undefined ? {} : { webDir: deps.webDir }),
    ...(deps.extraV1Routes ? { extraV1Routes: deps.extraV1Routes } : {}),
  });
  return app;
}

/** The services of the HTTP application; those it creates are closed with it (through `onClose`). */
async function createAppServices(deps: AppDeps, log: FastifyBaseLogger, onClose: (close: () => Promise<void>) => void): Promise<AppServices> {
  const { config } = deps;
  const limitsFor = deps.limitsFor ?? ((plan: Plan) => PLAN_LIMITS[plan]);
  const progress = new ScanProgress(deps.now);
  const webhooks = new WebhookService(deps.storage, new TokenSeal(loadPepper(config.keyPepper, config.dataDir)), { ...webhookSettings(config), ...(deps.apiScanLookup ? { lookup: deps.apiScanLookup } : {}) }, log);
  // Events are delivered where scans run: here with the embedded queue, by the workers with Redis.
  if (!deps.scanService && config.scanQueue === 'local') {
    webhooks.start();
    onClose(async () => webhooks.close());
  }
  const scans = deps.scanService ?? (await createScanService(deps, log, progress, webhooks));
  // Last, after in-flight requests have their answers: waiting scans are dropped, running ones finish.
  if (!deps.scanService) onClose(async () => scans.close());
  const auth = authDeps(deps, limitsFor);
  return { storage: deps.storage, accounts: deps.accounts, quotas: deps.quotas, limitsFor, scans, progress, webhooks, auth };
}

/** The scan service of the configuration, its engine and queue closed with it. */
async function createScanService(deps: AppDeps, log: FastifyBaseLogger, progress: ScanProgress, webhooks: WebhookService): Promise<ScanService> {
  const { config } = deps;
  const engine =
    deps.scanEngine ??
    createScanEngine({
      workers: config.scanWorkers,
      timeoutMs: config.scanTimeoutMs,
      findingLimits: config.findingLimits,
      threadNice: config.scanThreadNice,
      advisories: createAdvisorySource(config, `vigil/${deps.version}`, deps.storage),
      keepThreads: deps.warmScanThreads === true && config.scanQueue === 'local',
    });
  const closeEngine = deps.scanEngine ? () => Promise.resolve() : () => engine.close();
  const common = { config, engine, storage: deps.storage, userAgent: `vigil/${deps.version}`, progress, log, onClose: closeEngine };
  if (config.scanQueue === 'redis') return createRedisScanService({ ...common, secret: loadPepper(config.keyPepper, config.dataDir) });
  if (deps.storage.kind === 'embedded') await failInterruptedScans(deps.storage, log);
  if (deps.warmScanThreads === true) {
    warmExtractionThread();
    await engine.warm();
  }
  return createLocalScanService({
    ...common,
    ...(deps.apiScanLookup ? { lookup: deps.apiScanLookup } : {}),
    apiScanThread: true,
    warmApiScanThread: deps.warmScanThreads === true,
    // A service process (not an app in a test) trims its main thread's heap between scans.
    ...(deps.warmScanThreads === true ? { afterScan: heapTrimmer() } : {}),
    onFinished: webhooks.record,
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

export interface Server {
  readonly app: FastifyInstance;
  readonly runtime: Runtime;
  readonly ownerKey: IssuedKey | undefined;
  /** Stops accepting, lets in-flight requests finish (up to the configured timeout), closes storage. */
  shutdown(): Promise<'clean' | 'timeout'>;
}

/** dist/web/ of this checkout, whether this module runs from src/ (tsx) or dist/. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web/', import.meta.url));

export async function startServer(
  config: Config,
  options: { logStream?: DestinationStream; webDir?: string; storage?: Promise<Storage> } = {},
): Promise<Server> {
  // An entry point that opened the database early (src/server.ts) tried the address before it did.
  if (options.storage === undefined) await probeListen(config.host, config.port);
  const runtime = await createRuntime(config, options.storage);
  const quotas = new Quotas(createQuotaStore(config, runtime.storage));
  let app: FastifyInstance;
  let ownerKey: IssuedKey | undefined;
  let adminSocket: AdminSocket | undefined;
  try {
    await runtime.accounts.ensureOwner(config.ownerEmail);
    app = await buildApp({
      config,
      storage: runtime.storage,
      accounts: runtime.accounts,
      quotas,
      mailer: runtime.mailer,
      version: VERSION,
      webDir: options.webDir ?? DEFAULT_WEB_DIR,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      warmScanThreads: true,
    });
    // Ready before the service announces itself, so the CLI finds it as soon as the service is up.
    if (runtime.storage.kind === 'embedded') adminSocket = await openAdminSocket(runtime, app);
    // The repository checks' modules are compiled now, not on the event loop of the first scan.
    await warmRepositoryScanners();
    await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      throw listenFailure(error, config.host, config.port);
    });
    // Only now, with the service reachable, is the owner's key issued: a start
    // that failed earlier left it pending, and this one shows it.
    ownerKey = await runtime.accounts.revealOwnerKey();
  } catch (error) {
    await Promise.allSettled([adminSocket?.close(), quotas.close(), runtime.close()]);
    throw error;
  }
  let closing: Promise<'clean' | 'timeout'> | undefined;
  const shutdown = (): Promise<'clean' | 'timeout'> => {
    closing ??= gracefulClose(app, config.shutdownTimeoutMs, async () => {
      await Promise.allSettled([adminSocket?.close(), quotas.close(), runtime.close()]);
    });
    return closing;
  };
  return { app, runtime, ownerKey, shutdown };
}

/**
 * The embedded database admits this process only, so the CLI's account and key
 * commands reach it through the admin socket. Without the socket (a data folder
 * whose path is too long for one, say) the service runs on and the CLI says the
 * database is in use, as before.
 */
async function openAdminSocket(runtime: Runtime, app: FastifyInstance): Promise<AdminSocket | undefined> {
  try {
    const socket = await startAdminSocket({ dataDir: runtime.config.dataDir, admin: localAdmin(runtime), logger: app.log });
    app.log.info({ path: socket.path }, 'admin socket listening');
    return socket;
  } catch (error) {
    app.log.warn({ err: error }, 'admin socket unavailable: vigil accounts/keys commands need the service stopped');
    return undefined;
  }
}

/**
 * Graceful stop: the server stops accepting connections at once, in-flight
 * requests get up to timeoutMs to finish, then resources (database, quota
 * store) are closed whatever happened.
 */
export async function gracefulClose(
  app: FastifyInstance,
  timeoutMs: number,
  closeResources: () => Promise<void>,
): Promise<'clean' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([app.close().then(() => 'clean' as const), timedOut]);
  } finally {
    clearTimeout(timer);
    await closeResources();
  }
}

export function ownerBanner(issued: IssuedKey): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    '  Vigil: first start. An owner account was created on the Team plan.',
    `  Email:   ${issued.account.email}`,
    `  API key: ${issued.apiKey}`,
    '',
    '  This key is shown once and never again: Vigil stores only a hash.',
    '  Keep it in a secret store. Lost it? In the Vigil folder run:',
    `    npx vigil keys rotate --email ${issued.account.email}`,
    line,
    '',
  ].join('\n');
}
