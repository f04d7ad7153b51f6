import { Command, CommanderError } from 'commander';

import { loadConfig } from '../config/index.js';
import { VERSION } from '../core/version.js';
import { createRuntime, type Runtime } from '../main.js';
import { accountCommands } from './commands/accounts.js';
import { aiCommands } from './commands/ai.js';
import { keyCommands } from './commands/keys.js';
import { osvCommands } from './commands/osv.js';
import { EXIT_ERROR, scanCommands } from './commands/scan.js';

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether stderr is a terminal (progress is shown only then). */
  readonly isTTY?: boolean;
}

/** Opens the runtime for one command and always closes it. */
export type WithRuntime = <T>(work: (runtime: Runtime) => Promise<T>) => Promise<T>;

export function buildProgram(io: CliIo, setExitCode: (code: number) => void = () => undefined): Command {
  const withRuntime: WithRuntime = async (work) => {
    const runtime = await createRuntime(loadConfig(io.env, io.cwd));
    try {
      return await work(runtime);
    } finally {
      await runtime.close();
    }
  };
  const program = new Command('vigil')
    .description('Vigil security scanning service: administration and scanning from the command line')
    .version(VERSION)
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  program.addCommand(accountCommands(io, withRuntime));
  program.addCommand(keyCommands(io, withRuntime));
  program.addCommand(scanCommands(io, setExitCode));
  program.addCommand(osvCommands(io, withRuntime));
  for (const command of aiCommands(io, setExitCode)) program.addCommand(command);
  applyToAll(program, (cmd) => cmd.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }));
  return program;
}

/** Commands built apart and added later do not inherit settings: apply them to the whole tree. */
function applyToAll(command: Command, apply: (cmd: Command) => void): void {
  apply(command);
  for (const sub of command.commands) applyToAll(sub, apply);
}

/** Runs the CLI and returns the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.err(`vigil: ${error instanceof Error ? error.message : String(error)}\n`);
    // A scan that could not run must not look like "findings found" to CI.
    return ['scan', 'explain', 'fix', 'triage'].includes(argv[0] ?? '') ? EXIT_ERROR : 1;
  }
}

