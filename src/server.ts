import pino from 'pino';
import { ConfigError, loadConfig } from './config/index.js';
import { AppError } from './core/errors.js';
import { tuneCompilerForScans } from './core/v8-flags.js';
import type { Server } from './main.js';
import { openConfiguredStorage, probeListen } from './startup.js';

/** Entry point: load config, start, print the owner key once, stop cleanly on SIGTERM/SIGINT. */
async function run(): Promise<void> {
  // Log lines are written off the event loop (a slow reader of stdout, such as a pipe a busy
  // process drains, once held a request for 88 ms in write(2)); whatever is still buffered is
  // written synchronously when the process exits, so an orderly stop or a fatal error loses nothing.
  const logStream = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => {
    try {
      logStream.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  // Signals are taken from the very start, so one that arrives while the
  // database opens still ends in an orderly stop rather than a kill.
  const state: { server?: Server; signal?: string } = {};
  const stop = (signal: string): void => {
    state.signal = signal;
    const server = state.server;
    if (!server) return;
    server.app.log.info({ signal }, 'shutting down');
    void server.shutdown().then((outcome) => {
      if (outcome === 'timeout') server.app.log.warn('in-flight requests did not finish in time; exiting');
      process.exit(outcome === 'clean' ? 0 : 1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  // Before the scan threads start (they start with the server): V8 flags are process-wide.
  tuneCompilerForScans();
  const config = loadConfig();
  await probeListen(config.host, config.port);
  // The database opens and migrates while the rest of the service loads (about 0.7 s each here): the two
  // overlap instead of following each other. startServer awaits it and reports its failure.
  const storage = openConfiguredStorage(config);
  storage.catch(() => undefined);
  const { ownerBanner, startServer } = await import('./main.js');
  const server = await startServer(config, { logStream, storage });
  state.server = server;
  if (server.ownerKey) process.stderr.write(ownerBanner(server.ownerKey));
  if (state.signal !== undefined) stop(state.signal);
}

run().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AppError) {
    process.stderr.write(`vigil: ${error.message}\n`);
  } else {
    process.stderr.write(`vigil: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
