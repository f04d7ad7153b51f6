// `vigil scan <dir>` without commander. Loading commander (and building the whole command tree) is
// a fixed cost of every start (about 68 M instructions of a 800 M empty-folder scan, mostly parsing
// and compiling its code); the plain directory scan is the command run most often, so the simple
// forms of it are recognised here. Anything this parser is not sure of (help, an unknown or repeated
// option, a value that starts with "-", a subcommand, "--") returns undefined and goes to commander,
// which then prints the same help, errors and suggestions as before (docs/decisions.md, 2026-11-26).
import { describeError } from './errors.js';
import { FORMATS, scanDirectory, type Format, type ScanDirectoryOptions } from './commands/scan-directory.js';
import { EXIT_ERROR } from './exit-codes.js';
import type { CliIo } from './program.js';
import { SCAN_SUBCOMMANDS } from './scan-subcommands.js';

const VALUE_OPTIONS = { '--format': 'format', '--output': 'output', '--fail-on': 'failOn', '--target': 'target', '--since': 'since', '--branch': 'branch' } as const;
const FLAG_OPTIONS = { '--check-cves': 'checkCves', '--history': 'history', '--verify': 'verify' } as const;

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/** The directory and options of a plain `vigil scan <dir> [options]`, or undefined when commander should parse it. */
export function parseFastScan(argv: readonly string[]): { dir: string; opts: ScanDirectoryOptions } | undefined {
  if (argv[0] !== 'scan') return undefined;
  const values: Record<string, string> = {};
  const flags: Record<string, boolean> = {};
  let dir: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i] ?? '';
    if (!token.startsWith('-')) {
      if (dir !== undefined || SCAN_SUBCOMMANDS.has(token) || token === '') return undefined;
      dir = token;
      continue;
    }
    const equals = token.indexOf('=');
    const name = equals === -1 ? token : token.slice(0, equals);
    if (has(FLAG_OPTIONS, name)) {
      const key = FLAG_OPTIONS[name];
      if (equals !== -1 || key in flags) return undefined;
      flags[key] = true;
      continue;
    }
    if (!has(VALUE_OPTIONS, name)) return undefined;
    const key = VALUE_OPTIONS[name];
    const value = equals === -1 ? argv[++i] : token.slice(equals + 1);
    if (value === undefined || value === '' || value.startsWith('-') || key in values) return undefined;
    values[key] = value;
  }
  if (dir === undefined) return undefined;
  const format = values.format ?? 'table';
  if (!(FORMATS as readonly string[]).includes(format)) return undefined;
  const opts: ScanDirectoryOptions = {
    format: format as Format,
    failOn: values.failOn ?? 'none',
    checkCves: flags.checkCves ?? false,
    history: flags.history ?? false,
    verify: flags.verify ?? false,
    ...(values.output === undefined ? {} : { output: values.output }),
    ...(values.target === undefined ? {} : { target: values.target }),
    ...(values.since === undefined ? {} : { since: values.since }),
    ...(values.branch === undefined ? {} : { branch: values.branch }),
  };
  return { dir, opts };
}

/** Runs a plain `vigil scan <dir>` and returns its exit code; undefined when the arguments are for commander. */
export async function runFastScan(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const parsed = parseFastScan(argv);
  if (parsed === undefined) return undefined;
  let exitCode = 0;
  try {
    await scanDirectory(io, (code) => (exitCode = code), parsed.dir, parsed.opts);
    return exitCode;
  } catch (error) {
    io.err(`vigil: ${describeError(error, io.env)}\n`);
    return EXIT_ERROR;
  }
}
