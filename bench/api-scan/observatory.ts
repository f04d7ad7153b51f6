/**
 * The MDN HTTP Observatory (@mdn/mdn-http-observatory), run two ways on the same target:
 *  - its CLI exactly as installed (`mdn-http-observatory-scan HOST`: a wrapper process that
 *    spawns a second Node process running src/scan.js), and
 *  - its JS API (`scan(hostname)` from the package's main) in this process, like Vigil's scan.
 * It takes a host (with an optional :port), not a URL: it GETs http://HOST/ and https://HOST/ at
 * once, then /robots.txt and one CORS preflight on whichever answered.
 *
 * Its postinstall script downloads conf/hsts-preload.json (Chromium's HSTS preload list); the
 * benchmark installs packages with --ignore-scripts, so that file is missing and every scan
 * fails reading it. For the in-process run only, the read of that one path answers an empty
 * list when the file is absent: a loopback host is on no preload list, so the verdicts are the
 * same. The CLI run is left as installed and reports what it says.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { errorText } from './stats.js';

const PACKAGE = '@mdn/mdn-http-observatory';
/** The only version on the registry; it allows Node 20. */
const OBSERVATORY_VERSION = '1.4.8';

export interface Verdict {
  readonly grade: string;
  readonly score: number;
  readonly passed: number;
  readonly total: number;
  readonly failedTests: readonly string[];
  /** Its CORS test's result, pass or fail. */
  readonly cors: string;
}

interface ScanOutput {
  readonly scan: { readonly grade: string; readonly score: number; readonly testsPassed: number; readonly testsQuantity: number };
  readonly tests: Readonly<Record<string, { readonly pass: boolean; readonly result: string }>>;
}

interface ObservatoryModule {
  scan(hostname: string): Promise<ScanOutput>;
}

export interface Observatory {
  readonly version: string;
  readonly root: string;
  readonly bin: string;
  /** conf/hsts-preload.json is absent (postinstall skipped). */
  readonly preloadMissing: boolean;
  /** The JS API in this process. */
  scanInProcess(host: string): Promise<Verdict>;
  /**
   * The installed CLI in child processes; rejects with its own `{"error": …}` message. With
   * `shim`, NODE_OPTIONS preloads the same empty-preload-list fallback into both processes.
   */
  scanCli(host: string, timeoutMs: number, shim: boolean): Promise<Verdict>;
}

function verdict(output: ScanOutput): Verdict {
  const failedTests: string[] = [];
  for (const [name, test] of Object.entries(output.tests)) if (!test.pass) failedTests.push(`${name}: ${test.result}`);
  const cors = output.tests['cross-origin-resource-sharing'];
  const corsText = cors === undefined ? 'absent' : `${cors.result} (${cors.pass ? 'pass' : 'fail'})`;
  return { grade: output.scan.grade, score: output.scan.score, passed: output.scan.testsPassed, total: output.scan.testsQuantity, failedTests, cors: corsText };
}

/** Answers `{}` for the preload list when, and only when, the file is absent. */
function shimPreloadList(preloadPath: string): void {
  const original = fs.readFileSync;
  const patched = function (this: unknown, ...args: Parameters<typeof fs.readFileSync>) {
    if (args[0] === preloadPath && !fs.existsSync(preloadPath)) return '{}';
    return original.apply(this, args);
  };
  Object.defineProperty(fs, 'readFileSync', { value: patched, writable: true, configurable: true });
}

/** NODE_OPTIONS for the CLI's processes: the fallback of shimPreloadList as a data: module. */
function shimOptions(preloadPath: string): string {
  const code = [
    'import fs from "node:fs";',
    `const path = ${JSON.stringify(preloadPath)};`,
    'const original = fs.readFileSync;',
    'fs.readFileSync = function (...args) { return args[0] === path && !fs.existsSync(path) ? "{}" : original.apply(this, args); };',
  ].join(' ');
  return [process.env.NODE_OPTIONS ?? '', `--import=data:text/javascript,${encodeURIComponent(code)}`].join(' ').trim();
}

function runCli(bin: string, host: string, timeoutMs: number, nodeOptions: string | undefined): Promise<string> {
  const env = nodeOptions === undefined ? process.env : { ...process.env, NODE_OPTIONS: nodeOptions };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, host], { timeout: timeoutMs, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env }, (error, stdout, stderr) => {
      const out = stdout.trim();
      if (out.startsWith('{')) return resolve(out);
      reject(new Error(error ? `${errorText(error)} ${stderr.trim()}`.trim() : `no JSON on stdout: ${stderr.trim()}`));
    });
  });
}

/**
 * The Observatory is not a dependency of the project: its install script downloads a
 * certificate bundle from the internet, which breaks `npm ci` on machines without it. The
 * benchmark installs it on first use into bench/.tools (git-ignored), scripts disabled.
 */
const TOOLS = fileURLToPath(new URL('../.tools/', import.meta.url));

function resolveManifest(): string {
  const require = createRequire(join(TOOLS, 'package.json'));
  try {
    return require.resolve(`${PACKAGE}/package.json`);
  } catch {
    fs.mkdirSync(TOOLS, { recursive: true });
    if (!fs.existsSync(join(TOOLS, 'package.json'))) fs.writeFileSync(join(TOOLS, 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${PACKAGE}@${OBSERVATORY_VERSION}`], { cwd: TOOLS, stdio: 'ignore' });
    return require.resolve(`${PACKAGE}/package.json`);
  }
}

export async function loadObservatory(): Promise<Observatory> {
  const manifestPath = resolveManifest();
  const root = dirname(manifestPath);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { version: string; main: string; bin: Record<string, string> };
  const binEntry = Object.values(manifest.bin)[0];
  if (binEntry === undefined) throw new Error(`${PACKAGE} declares no bin`);
  const preloadPath = join(root, 'conf', 'hsts-preload.json');
  const preloadMissing = !fs.existsSync(preloadPath);
  if (preloadMissing) shimPreloadList(preloadPath);
  // A computed specifier: the package ships JavaScript without type declarations.
  const specifier: string = pathToFileURL(join(root, manifest.main)).href;
  const mod = (await import(specifier)) as ObservatoryModule;
  const bin = join(root, binEntry);
  return {
    version: manifest.version,
    root,
    bin,
    preloadMissing,
    scanInProcess: async (host) => verdict(await mod.scan(host)),
    scanCli: async (host, timeoutMs, shim) => {
      const parsed = JSON.parse(await runCli(bin, host, timeoutMs, shim ? shimOptions(preloadPath) : undefined)) as Partial<ScanOutput> & { error?: string };
      if (parsed.error !== undefined || parsed.scan === undefined || parsed.tests === undefined) throw new Error(`CLI said: ${JSON.stringify({ error: parsed.error })}`);
      return verdict(parsed as ScanOutput);
    },
  };
}
