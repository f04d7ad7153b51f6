import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadPepper } from './accounts/pepper.js';
import { connectRedis, MemoryQuotaStore, Quotas, RedisQuotaStore, type QuotaStore } from './accounts/quotas.js';
import { AccountService, type IssuedKey } from './accounts/service.js';
import { buildApp } from './api/app.js';
import type { Config } from './config/index.js';
import { VERSION } from './core/version.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { openStorage, type Storage } from './storage/index.js';

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

export function createQuotaStore(config: Config): QuotaStore {
  if (config.redisUrl === undefined) return new MemoryQuotaStore();
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
  const quotas = new Quotas(createQuotaStore(config));
  let app: FastifyInstance;
  let ownerKey: IssuedKey | undefined;
  try {
    ownerKey = await runtime.accounts.bootstrapOwner(config.ownerEmail);
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
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await Promise.allSettled([quotas.close(), runtime.close()]);
    throw error;
  }
  let closing: Promise<'clean' | 'timeout'> | undefined;
  const shutdown = (): Promise<'clean' | 'timeout'> => {
    closing ??= gracefulClose(app, config.shutdownTimeoutMs, async () => {
      await Promise.allSettled([quotas.close(), runtime.close()]);
    });
    return closing;
  };
  return { app, runtime, ownerKey, shutdown };
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
    '  Keep it in a secret store. Lost it? Run: vigil keys rotate --email ' + issued.account.email,
    line,
    '',
  ].join('\n');
}
