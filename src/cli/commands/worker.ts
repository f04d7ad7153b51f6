import { Command } from 'commander';
import { loadConfig } from '../../config/index.js';
import { lowerWholeProcess } from '../../core/thread-priority.js';
import { heapTrimmer } from '../../core/heap-trim.js';
import { tuneCompilerForScans } from '../../core/v8-flags.js';
import { VERSION } from '../../core/version.js';
import type { ScanLogger } from '../../services/scans/runner.js';
import type { CliIo } from '../program.js';

/** JSON lines like the service's logs (pino's level numbers), on standard output. */
function jsonLogger(io: CliIo): ScanLogger {
  const write = (level: number, object: object, msg: string) => {
    const fields = Object.fromEntries(
      Object.entries(object).map(([k, v]) => [k, v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v]),
    );
    io.out(`${JSON.stringify({ level, time: Date.now(), name: 'vigil-worker', pid: process.pid, ...fields, msg })}\n`);
  };
  return { info: (o, m) => write(30, o, m), warn: (o, m) => write(40, o, m), error: (o, m) => write(50, o, m) };
}

/**
 * `vigil worker`: runs scans from the Redis queue until SIGTERM or SIGINT,
 * then takes no new scan and lets the running ones finish; a second signal
 * stops at once (those scans are then run again by another worker).
 */
export function workerCommand(io: CliIo): Command {
  return new Command('worker')
    .description('Run queued scans (needs REDIS_URL and DATABASE_URL); start any number, on any machine reaching both')
    .action(async () => {
      const config = loadConfig(io.env, io.cwd);
      if (config.scanQueue !== 'redis') {
        throw new Error('vigil worker needs REDIS_URL and DATABASE_URL (PostgreSQL), shared with the service; without them the service runs scans itself');
      }
      // Loaded here: the other commands (and --version) need none of the service.
      const [{ loadPepper }, { createAdvisorySource }, { createScanEngine }, { startScanWorkers }, { openStorage }, { createVerifier }] = await Promise.all([
        import('../../services/accounts/pepper.js'),
        import('../../services/scans/advisories.js'),
        import('../../engine/runtime.js'),
        import('../../services/scans/setup.js'),
        import('../../adapters/storage/index.js'),
        import('../../adapters/verify/verifier.js'),
      ]);
      const log = jsonLogger(io);
      // A worker process is background work through and through: lower all of it (not only the
      // scanner threads), so a service process and PostgreSQL on the same machine come first.
      const lowered = lowerWholeProcess(config.scanThreadNice);
      // Before the scan threads start: V8 flags are process-wide.
      tuneCompilerForScans();
      const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, poolMin: config.dbPoolMin });
      const engine = createScanEngine({
        workers: config.scanWorkers,
        timeoutMs: config.scanTimeoutMs,
        findingLimits: config.findingLimits,
        threadNice: config.scanThreadNice,
        advisories: createAdvisorySource(config, `vigil-worker/${VERSION}`, storage),
        keepThreads: true,
      });
      try {
        // Scanner threads started and loaded before the first job (AppDeps.warmScanThreads says why).
        await engine.warm();
        const workers = await startScanWorkers({
          config,
          engine,
          storage,
          userAgent: `vigil/${VERSION}`,
          log,
          secret: loadPepper(config.keyPepper, config.dataDir),
          // Vigil's own keys are checked by the service that holds the accounts; here they answer null.
          verifier: createVerifier(),
          afterScan: heapTrimmer(),
        });
        const { github, api } = { github: config.maxConcurrentScans, api: config.maxConcurrentApiScans };
        log.info({ repositoryScans: github, apiScans: api, prefix: config.queuePrefix, nice: lowered > 0 ? config.scanThreadNice : 0 }, 'scan worker ready');
        const signal = await new Promise<NodeJS.Signals>((resolve) => {
          process.once('SIGTERM', () => resolve('SIGTERM'));
          process.once('SIGINT', () => resolve('SIGINT'));
        });
        log.info({ signal }, 'scan worker stopping: running scans finish first (send the signal again to stop at once)');
        const force = () => void workers.close(true);
        process.once('SIGTERM', force);
        process.once('SIGINT', force);
        await workers.close();
        log.info({}, 'scan worker stopped');
      } finally {
        await engine.close();
        await storage.close();
      }
    });
}
