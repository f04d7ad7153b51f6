import { existsSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { AdminOperations } from '../http/admin/operations.js';
import { loadConfig } from '../config/index.js';
import { VERSION } from '../core/version.js';
import type { Runtime } from '../main.js';
import { accountCommands } from './commands/accounts.js';
import { aiCommands } from './commands/ai.js';
import { keyCommands } from './commands/keys.js';
import { osvCommands } from './commands/osv.js';
import { scanCommands } from './commands/scan.js';
import { workerCommand } from './commands/worker.js';
import { describeError } from './errors.js';
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
import { runFastScan } from './fast-scan.js';

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether stderr is a terminal (progress is shown only then). */
  readonly isTTY?: boolean;
  /** Aborted when the reader of standard output went away (EPIPE): streaming commands stop quietly. */
  readonly outputClosed?: AbortSignal;
}

const EXIT_CODES_HELP = `
Exit codes:
  0  done (for scans: no finding at or above --fail-on)
  1  a scan found something at or above --fail-on
  2  usage error (unknown command, option or value) or the command could not run

Set VIGIL_DEBUG=1 to see the stack trace of an unexpected error.`;

/** Opens the runtime for one command and always closes it. */
export type WithRuntime = <T>(work: (runtime: Runtime) => Promise<T>) => Promise<T>;

/** Runs account and key administration on the database, or through the running service that holds it. */
export type WithAdmin = <T>(work: (admin: AdminOperations) => Promise<T>) => Promise<T>;

export function buildProgram(io: CliIo, setExitCode: (code: number) => void = () => undefined): Command {
  // The service's wiring (database, accounts, AI …) is loaded only by the commands that use it,
  // so `vigil --version`, `vigil scan` and the AI commands start without it.
  const withRuntime: WithRuntime = async (work) => {
    const { createRuntime } = await import('../main.js');
    const runtime = await createRuntime(loadConfig(io.env, io.cwd));
    try {
      return await work(runtime);
    } finally {
      await runtime.close();
    }
  };
  // With the embedded database held by a running service, the service does the work
  // (admin socket); with PostgreSQL, or with the service stopped, the CLI opens the database.
  const withAdmin: WithAdmin = async (work) => {
    const [{ localAdmin }, { EmbeddedDatabaseInUse }] = await Promise.all([import('../http/admin/operations.js'), import('../adapters/storage/index.js')]);
    try {
      return await withRuntime((runtime) => work(localAdmin(runtime)));
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      const [{ adminSocketPath }, { remoteAdmin }] = await Promise.all([import('../http/admin/socket.js'), import('../http/admin/client.js')]);
      const socket = adminSocketPath(loadConfig(io.env, io.cwd).dataDir);
      if (!existsSync(socket)) throw error;
      return work(remoteAdmin(socket));
    }
  };
  const program = new Command('vigil')
    .description('Vigil security scanning service: administration and scanning from the command line')
    .version(VERSION)
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  program.addCommand(accountCommands(io, withAdmin));
  program.addCommand(keyCommands(io, withAdmin));
  program.addCommand(scanCommands(io, setExitCode));
  program.addCommand(osvCommands(io, withAdmin));
  program.addCommand(workerCommand(io));
  for (const command of aiCommands(io, setExitCode)) program.addCommand(command);
  applyToAll(program, (cmd) => cmd.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }).addHelpText('after', EXIT_CODES_HELP));
  return program;
}

/** Commands built apart and added later do not inherit settings: apply them to the whole tree. */
function applyToAll(command: Command, apply: (cmd: Command) => void): void {
  apply(command);
  for (const sub of command.commands) applyToAll(sub, apply);
}

/** Runs the CLI and returns the process exit code (see EXIT_CODES_HELP). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const fast = await runFastScan(argv, io);
  if (fast !== undefined) return fast;
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    // Commander has printed its message; --help and --version end with 0, usage errors with 2.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    io.err(`vigil: ${describeError(error, io.env)}\n`);
    return EXIT_ERROR;
  }
}
