import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { loadConfig, type Config } from '../../config/index.js';
import { newId } from '../../core/ids.js';
import { VERSION } from '../../core/version.js';
import { scanWorkspace } from '../../engine/scan.js';
import { breachesThreshold, parseFailOn } from '../../outputs/fail-on.js';
import { buildScanResponse, type ScanResponse } from '../../outputs/scan-response.js';
import { toSarif } from '../../outputs/sarif.js';
import { renderTable } from '../../outputs/table.js';
import { createAdvisorySource } from '../../scans/advisories.js';
import { createScanEngine, type ScanEngine } from '../../scans/engine.js';
import { MAX_PATHS } from '../../scans/api.js';
import type { ScanService } from '../../scans/service.js';
import { createLocalScanService, SINGLE_SCAN } from '../../scans/setup.js';
import { openLocalDirectory } from '../../sources/local.js';
import { openStorage } from '../../storage/index.js';
import type { CliIo } from '../program.js';

export const FORMATS = ['table', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

interface OutputOptions {
  format: Format;
  output?: string;
  failOn: string;
}

/** Exit codes: 0 clean (or below --fail-on), 1 findings at or above --fail-on, 2 the scan could not run. */
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;


function render(scan: ScanResponse, format: Format): string {
  if (format === 'json') return `${JSON.stringify(scan, null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(toSarif(scan.findings), null, 2)}\n`;
  return renderTable(scan);
}

/** Writes beside the target and renames, so a failed run never leaves half a report. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, text, { mode: 0o644 });
  await rename(temporary, path);
}

/** Progress on stderr, only when it is a terminal; one line rewritten in place. */
function progress(io: CliIo): (text: string) => void {
  if (!io.isTTY) return () => undefined;
  return (text) => io.err(`\r\x1b[2K${text}`);
}

async function finish(io: CliIo, scan: ScanResponse, opts: OutputOptions, clear: () => void): Promise<number> {
  clear();
  const threshold = parseFailOn(opts.failOn);
  const text = render(scan, opts.format);
  if (opts.output) {
    await writeAtomically(resolve(io.cwd, opts.output), text);
    io.err(`Wrote ${scan.finding_count} finding(s) to ${opts.output}\n`);
  } else {
    io.out(text);
  }
  return breachesThreshold(scan.findings, threshold) ? EXIT_FINDINGS : 0;
}

/** A scan engine for one command; with --check-cves, the vulnerability source too (offline mode opens the database). */
async function withEngine<T>(config: Config, checkCves: boolean, work: (engine: ScanEngine) => Promise<T>): Promise<T> {
  const storage = checkCves && config.osvMode === 'offline' ? await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : undefined;
  const engine = createScanEngine({
    workers: config.scanWorkers,
    timeoutMs: config.scanTimeoutMs,
    findingLimits: config.findingLimits,
    ...(checkCves ? { advisories: createAdvisorySource(config, `vigil-cli/${VERSION}`, storage) } : {}),
  });
  try {
    return await work(engine);
  } finally {
    await engine.close();
    await storage?.close();
  }
}

/** A scan service for one command: the embedded queue, one scan at a time, nothing stored. */
function withScans<T>(config: Config, checkCves: boolean, work: (scans: ScanService) => Promise<T>): Promise<T> {
  return withEngine(config, checkCves, async (engine) => {
    const scans = createLocalScanService({ config, engine, userAgent: `vigil-cli/${VERSION}`, limits: SINGLE_SCAN, waitMs: CLI_WAIT_MS });
    try {
      return await work(scans);
    } finally {
      await scans.close();
    }
  });
}

/** A command waits as long as its scan runs (the scan's own time limits end it). */
const CLI_WAIT_MS = 24 * 60 * 60 * 1000;

const outputOptions = (cmd: Command): Command =>
  cmd
    .addOption(new Option('--format <format>', 'report format').choices(FORMATS).default('table'))
    .option('--output <file>', 'write the report to a file instead of standard output')
    .option('--fail-on <severity>', 'exit with code 1 when a finding is at or above: critical, high, medium, low, info or none', 'none');

const CHECK_CVES = ['--check-cves', 'also look the pinned dependency versions up for known vulnerabilities (OSV; see OSV_MODE)'] as const;

export function scanCommands(io: CliIo, setExitCode: (code: number) => void): Command {
  const scan = outputOptions(
    new Command('scan')
      .description('Scan a local directory (or, with "scan github", a GitHub repository) and report findings')
      // Options after "github" belong to that subcommand, not to this one.
      .enablePositionalOptions()
      .argument('<dir>', 'directory to scan (write ./github for a folder named github)')
      .option('--target <name>', 'name used in finding ids and locations (give owner/repo to get the same ids as the API)')
      .option(...CHECK_CVES, false),
  ).action(async (dir: string, opts: OutputOptions & { target?: string; checkCves: boolean }) => {
    parseFailOn(opts.failOn);
    const config = loadConfig(io.env, io.cwd);
    const show = progress(io);
    const started = new Date();
    const ws = await openLocalDirectory(resolve(io.cwd, dir), config.sourceLimits);
    try {
      const target = opts.target ?? basename(resolve(io.cwd, dir));
      const outcome = await withEngine(config, opts.checkCves, (engine) =>
        scanWorkspace(ws, target, {
          pool: engine.pool,
          timeoutMs: engine.timeoutMs,
          limits: engine.findingLimits,
          checkCves: opts.checkCves,
          ...(engine.advisories ? { advisories: engine.advisories } : {}),
          onProgress: (done, total) => show(`Scanning ${done}/${total} files…`),
        }),
      );
      const result = buildScanResponse({ scanId: newId(), targetType: 'directory', target, startedAt: started, completedAt: new Date(), outcome });
      setExitCode(await finish(io, result, opts, () => show('')));
    } finally {
      await ws.dispose();
    }
  });

  outputOptions(
    scan
      .command('github')
      .description('Download a GitHub repository archive and scan it')
      .argument('<repository>', 'owner/repo, an https URL or an SSH URL')
      .option('--ref <ref>', 'branch, tag or commit SHA (default: the default branch)')
      .option('--token <token>', 'GitHub token for private repositories (default: $GITHUB_TOKEN)')
      .option(...CHECK_CVES, false),
  ).action(async (repository: string, opts: OutputOptions & { ref?: string; token?: string; checkCves: boolean }) => {
    parseFailOn(opts.failOn);
    const config = loadConfig(io.env, io.cwd);
    const show = progress(io);
    const result = await withScans(config, opts.checkCves, (scans) =>
      scans.run(
        { request: { kind: 'github', repository, checkCves: opts.checkCves, ...(opts.ref ? { ref: opts.ref } : {}), ...(opts.token ? { token: opts.token } : {}) } },
        {
          onProgress: (event) =>
            show(event.stage === 'downloading' ? `Downloading ${repository}…` : event.stage === 'scanning' ? `Scanning ${event.filesDone ?? 0}/${event.filesTotal ?? '?'} files…` : ''),
        },
      ),
    );
    setExitCode(await finish(io, result, opts, () => show('')));
  });

  outputOptions(
    scan
      .command('api')
      .description('Check an API base URL for security headers and CORS mistakes (public addresses only, unless SCAN_API_ALLOW_CIDRS allows more)')
      .argument('<url>', 'http or https URL')
      .option('--path <path...>', `also check the headers of these GET paths on the same origin (at most ${MAX_PATHS})`),
  ).action(async (url: string, opts: OutputOptions & { path?: string[] }) => {
    parseFailOn(opts.failOn);
    const paths = opts.path ?? [];
    if (paths.length > MAX_PATHS || paths.some((p) => !p.startsWith('/'))) {
      throw new Error(`--path takes at most ${MAX_PATHS} paths, each starting with /`);
    }
    const config = loadConfig(io.env, io.cwd);
    const show = progress(io);
    show(`Scanning ${url}…`);
    const result = await withScans(config, false, (scans) => scans.run({ request: { kind: 'api', url, ...(paths.length > 0 ? { paths } : {}) } }));
    setExitCode(await finish(io, result, opts, () => show('')));
  });

  return scan;
}
