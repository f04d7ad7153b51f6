import { Command, Option } from 'commander';
import { parseFailOn } from '../../outputs/fail-on.js';
import { loadConfig } from '../../config/index.js';
import { MAX_PATHS } from '../../scanners/http/limits.js';
import type { CliIo } from '../program.js';
import { finish, FORMATS, progress, scanDirectory, verifier, withScans, type OutputOptions, type ScanDirectoryOptions } from './scan-directory.js';

export { FORMATS, INLINE_SCAN_BYTES, INLINE_SCAN_FILES } from './scan-directory.js';

const outputOptions = (cmd: Command): Command =>
  cmd
    .addOption(new Option('--format <format>', 'report format').choices(FORMATS).default('table'))
    .option('--output <file>', 'write the report to a file instead of standard output')
    .option('--fail-on <severity>', 'exit with code 1 when a finding is at or above: critical, high, medium, low, info or none', 'none');

const VERIFY = ['--verify', "check each found secret with its provider (one read-only identity call to the provider's official API); live ones become CRITICAL"] as const;
const CHECK_CVES = ['--check-cves', 'also look the pinned dependency versions up for known vulnerabilities (OSV; see OSV_MODE)'] as const;

export function scanCommands(io: CliIo, setExitCode: (code: number) => void): Command {
  const scan = outputOptions(
    new Command('scan')
      .description('Scan a local directory (or, with "scan github", a GitHub repository) and report findings')
      // Options after "github" belong to that subcommand, not to this one.
      .enablePositionalOptions()
      .argument('<dir>', 'directory to scan (write ./github for a folder named github)')
      .option('--target <name>', 'name used in finding ids and locations (give owner/repo to get the same ids as the API)')
      .option(...CHECK_CVES, false)
      .option('--history', "scan the git history instead of the files: every blob reachable from the repository's refs, secrets rules only", false)
      .option('--since <rev>', 'with --history: only commits after this one')
      .option('--branch <ref>', 'with --history: only this branch (default: every ref)')
      .option(...VERIFY, false),
  ).action(async (dir: string, opts: ScanDirectoryOptions) => {
    await scanDirectory(io, setExitCode, dir, opts);
  });

  outputOptions(
    scan
      .command('github')
      .description('Download a GitHub repository archive and scan it')
      .argument('<repository>', 'owner/repo, an https URL or an SSH URL')
      .option('--ref <ref>', 'branch, tag or commit SHA (default: the default branch)')
      .option('--token <token>', 'GitHub token for private repositories (default: $GITHUB_TOKEN)')
      .option(...CHECK_CVES, false)
      .option('--history', 'clone the repository bare and scan its git history for secrets (every branch and tag; --ref limits it to one)', false)
      .option('--since <rev>', 'with --history: only commits after this one')
      .option(...VERIFY, false),
  ).action(async (repository: string, opts: OutputOptions & { ref?: string; token?: string; checkCves: boolean; history: boolean; since?: string; verify: boolean }) => {
    if (opts.since !== undefined && !opts.history) throw new Error('--since goes with --history');
    if (opts.history && opts.checkCves) throw new Error('--check-cves does not go with --history: only secrets rules run over the history');
    parseFailOn(opts.failOn);
    const config = loadConfig(io.env, io.cwd);
    const show = progress(io);
    const verify = opts.verify ? await verifier() : undefined;
    const result = await withScans(
      config,
      opts.checkCves,
      (scans) =>
        scans.run(
          {
            request: {
              kind: 'github',
              repository,
              checkCves: opts.checkCves,
              ...(opts.ref ? { ref: opts.ref } : {}),
              ...(opts.token ? { token: opts.token } : {}),
              ...(opts.history ? { history: true, ...(opts.since ? { since: opts.since } : {}) } : {}),
              ...(verify ? { verify: true } : {}),
            },
          },
          {
            onProgress: (event) =>
              show(event.stage === 'downloading' ? `Downloading ${repository}…` : event.stage === 'scanning' ? `Scanning ${event.filesDone ?? 0}/${event.filesTotal ?? '?'} files…` : ''),
          },
        ),
      verify,
    );
    setExitCode(await finish(io, result, opts, () => show('')));
  });

  outputOptions(
    scan
      .command('api')
      .description('Check an API base URL for security headers and CORS mistakes (public addresses only, unless SCAN_API_ALLOW_CIDRS allows more)')
      .argument('<url>', 'http or https URL')
      .option('--path <path...>', `also check the headers of these GET paths on the same origin (at most ${MAX_PATHS})`)
      .option('--openapi <url>', 'also probe the GET operations of this OpenAPI 3.x / Swagger 2.0 document (JSON or YAML) on the same origin'),
  ).action(async (url: string, opts: OutputOptions & { path?: string[]; openapi?: string }) => {
    parseFailOn(opts.failOn);
    const paths = opts.path ?? [];
    if (paths.length > MAX_PATHS || paths.some((p) => !p.startsWith('/'))) {
      throw new Error(`--path takes at most ${MAX_PATHS} paths, each starting with /`);
    }
    const config = loadConfig(io.env, io.cwd);
    const show = progress(io);
    show(`Scanning ${url}…`);
    const result = await withScans(config, false, (scans) =>
      scans.run({ request: { kind: 'api', url, ...(paths.length > 0 ? { paths } : {}), ...(opts.openapi === undefined ? {} : { openapiUrl: opts.openapi }) } }),
    );
    setExitCode(await finish(io, result, opts, () => show('')));
  });

  return scan;
}
