import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadPepper } from './services/accounts/pepper.js';
import { localAdmin } from './http/admin/operations.js';
import { startAdminSocket, type AdminSocket } from './http/admin/socket.js';
import { DatabaseQuotaStore } from './services/accounts/database-quotas.js';
import { connectRedis, Quotas, RedisQuotaStore, type QuotaStore } from './services/accounts/quotas.js';
import { AccountService, type IssuedKey } from './services/accounts/service.js';
import { buildApp } from './http/app.js';
import type { Config } from './config/index.js';
import { AppError } from './core/errors.js';
import { VERSION } from './core/version.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { openStorage, type Storage } from './adapters/storage/index.js';

/**
 * The composition root: the only place that turns configuration into real
 * dependencies (database, quota store, mailer). The server and the CLI use it.
 */
export interface Runtime {
  readonly config: Config;
  readonly storage: Storage;
  readonly mailer: Mailer;
  readonly accounts: AccountService;
  close(): Promise<void>;
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const pepper = loadPepper(config.keyPepper, config.dataDir);
  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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

export interface Server {
  readonly app: FastifyInstance;
  readonly runtime: Runtime;
  readonly ownerKey: IssuedKey | undefined;
  /** Stops accepting, lets in-flight requests finish (up to the configured timeout), closes storage. */
  shutdown(): Promise<'clean' | 'timeout'>;
}

/** dist/web/ of this checkout, whether this module runs from src/ (tsx) or dist/. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web/', import.meta.url));

export async function startServer(config: Config, options: { logStream?: DestinationStream; webDir?: string } = {}): Promise<Server> {
  const runtime = await createRuntime(config);
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
    });
    // Ready before the service announces itself, so the CLI finds it as soon as the service is up.
    if (runtime.storage.kind === 'embedded') adminSocket = await openAdminSocket(runtime, app);
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

const LISTEN_PROBLEMS: Readonly<Record<string, string>> = Object.freeze({
  EADDRINUSE: 'the port is already in use by another process. Stop that process or set PORT to a free port',
  EACCES: 'permission denied (ports below 1024 usually need privileges). Set PORT to 1024 or above',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s. Set HOST to a local address (0.0.0.0 for all)',
});

/** A listen error as one line naming the address and what to do; other errors pass unchanged. */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = code !== undefined && Object.hasOwn(LISTEN_PROBLEMS, code) ? LISTEN_PROBLEMS[code] : undefined;
  if (problem === undefined) return error;
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return new AppError('unavailable', `cannot listen on ${address}: ${problem}.`, { cause: error });
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
