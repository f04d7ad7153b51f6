/**
 * What a service start does before the rest of the service is loaded (src/server.ts imports only this,
 * the configuration and the logger up front): try the address it will listen on, and open the database,
 * so that the database opens and migrates while the service's modules load (src/main.ts) instead of
 * after them. `startServer` does both itself when it is given no database opened before it.
 */
import { createServer as createNetServer } from 'node:net';
import { openStorage, type Storage } from './adapters/storage/database.js';
import { AppError } from './core/errors.js';
import type { Config } from './config/index.js';

/** The service's database as its configuration names it, opened and migrated. */
export function openConfiguredStorage(config: Config): Promise<Storage> {
  return openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, poolMin: config.dbPoolMin });
}

const LISTEN_PROBLEMS: Readonly<Record<string, string>> = Object.freeze({
  EADDRINUSE: 'the port is already in use by another process. Stop that process or set PORT to a free port',
  EACCES: 'permission denied (ports below 1024 usually need privileges). Set PORT to 1024 or above',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s. Set HOST to a local address (0.0.0.0 for all)',
});

/**
 * Fails at once, before the database opens, when the address cannot be listened on for a reason
 * LISTEN_PROBLEMS explains (a port in use, most often): opening the database, creating it on a first
 * start, and loading the scanners take seconds, and a start that was bound to fail should not make its
 * user wait for them. The listen after them stays the authority: another process may still take the
 * port in between, and an error the probe cannot explain is left for that listen to report.
 */
export async function probeListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createNetServer();
  const failure = await new Promise<unknown>((resolve) => {
    probe.once('error', resolve);
    probe.listen({ host, port, exclusive: true }, () => resolve(undefined));
  });
  if (failure === undefined) await new Promise<void>((resolve) => probe.close(() => resolve()));
  const explained = listenFailure(failure, host, port);
  if (failure !== undefined && explained !== failure) throw explained;
}

/** A listen error as one line naming the address and what to do; other errors pass unchanged. */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = code !== undefined && Object.hasOwn(LISTEN_PROBLEMS, code) ? LISTEN_PROBLEMS[code] : undefined;
  if (problem === undefined) return error;
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return new AppError('unavailable', `cannot listen on ${address}: ${problem}.`, { cause: error });
}
