/**
 * Words that `vigil scan` takes as a subcommand, not as the directory to scan: read by the plain-scan
 * parser (fast-scan.ts) and by the entry (index.ts), which starts a plain directory scan's first thread
 * before it loads the rest of the command line.
 */
export const SCAN_SUBCOMMANDS: ReadonlySet<string> = new Set(['github', 'api', 'help']);
