import { ConfigError, loadConfig } from './config/index.js';
import { AppError } from './core/errors.js';
import { ownerBanner, startServer } from './main.js';

/** Entry point: load config, start, print the owner key once, stop cleanly on SIGTERM/SIGINT. */
async function run(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (server.ownerKey) process.stderr.write(ownerBanner(server.ownerKey));

  const stop = (signal: string): void => {
    server.app.log.info({ signal }, 'shutting down');
    void server.shutdown().then((outcome) => {
      if (outcome === 'timeout') server.app.log.warn('in-flight requests did not finish in time; exiting');
      process.exit(outcome === 'clean' ? 0 : 1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

run().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AppError) {
    process.stderr.write(`vigil: ${error.message}\n`);
  } else {
    process.stderr.write(`vigil: failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  }
  process.exit(1);
});
