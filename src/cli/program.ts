import { Command, CommanderError } from 'commander';

import { loadConfig } from '../config/index.js';
import { VERSION } from '../core/version.js';
import { createRuntime, type Runtime } from '../main.js';
import { accountCommands } from './commands/accounts.js';
import { keyCommands } from './commands/keys.js';

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Opens the runtime for one command and always closes it. */
export type WithRuntime = <T>(work: (runtime: Runtime) => Promise<T>) => Promise<T>;

export function buildProgram(io: CliIo): Command {
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
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  program.addCommand(accountCommands(io, withRuntime));
  program.addCommand(keyCommands(io, withRuntime));
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
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.err(`vigil: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

