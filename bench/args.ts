/** `--flag N` from the command line: a positive integer, or `fallback` when the flag is absent. */
export function positiveIntArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${flag}: expected a positive integer`);
  return value;
}

/** `--flag VALUE` from the command line, or undefined when the flag is absent; a flag with no value is an error. */
export function stringArg(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag}: expected a value`);
  return value;
}

/**
 * Every value of a repeatable flag, given as `--flag=VALUE` or `--flag VALUE` (the value may itself
 * start with `--`, as a Node option passed through does).
 */
export function repeatedArg(flag: string): string[] {
  return process.argv.flatMap((a, i) => (a.startsWith(`${flag}=`) ? [a.slice(flag.length + 1)] : a === flag ? [process.argv[i + 1] ?? ''] : [])).filter((a) => a !== '');
}

/** `--help` or `-h`: prints `usage` and ends the process before the benchmark starts anything. */
export function exitOnHelp(usage: string): void {
  if (!process.argv.includes('--help') && !process.argv.includes('-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}
