/**
 * `npm test`: provisions what the suite needs (see prerequisites.ts), then
 * type-checks, lints and runs Vitest. Extra arguments go to Vitest
 * (`npm test -- test/api`). Servers it started are stopped at the end.
 */
import { spawn } from 'node:child_process';
import {
  ensureChromium,
  ensureCommand,
  postgresAnswers,
  PrerequisiteError,
  redisAnswers,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivateServer,
} from './prerequisites.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const say = (line: string): void => {
  process.stderr.write(`test: ${line}\n`);
};

async function provision(started: PrivateServer[]): Promise<NodeJS.ProcessEnv> {
  await ensureCommand('openssl', 'openssl', 'the TLS tests of the outbound client', say);
  // git is also a runtime dependency (history scans); the tests serve repositories with `git http-backend`.
  await ensureCommand('git', 'git', 'the history-scan tests', say);
  const chromium = await ensureChromium(say);
  const env: NodeJS.ProcessEnv = { ...process.env, VIGIL_CHROMIUM: chromium };

  const backends = [
    { name: 'PostgreSQL', variable: 'VIGIL_TEST_DATABASE_URL', standard: DEFAULT_DATABASE_URL, answers: postgresAnswers, startPrivate: startPrivatePostgres },
    { name: 'Redis', variable: 'VIGIL_TEST_REDIS_URL', standard: DEFAULT_REDIS_URL, answers: redisAnswers, startPrivate: startPrivateRedis },
  ];
  for (const backend of backends) env[backend.variable] = await backendUrl(backend, started);
  return env;
}

interface Backend {
  readonly name: string;
  readonly variable: string;
  readonly standard: string;
  answers(url: string): Promise<boolean>;
  startPrivate(say: (line: string) => void): Promise<PrivateServer>;
}

/** The configured server (which must answer), else the one on the standard port, else a private one. */
async function backendUrl(backend: Backend, started: PrivateServer[]): Promise<string> {
  const configured = process.env[backend.variable];
  if (configured !== undefined) {
    if (await backend.answers(configured)) return configured;
    throw new PrerequisiteError(`${backend.variable} is set but no ${backend.name} server answers there (${redactUrl(configured)})`);
  }
  if (await backend.answers(backend.standard)) return backend.standard;
  say(`no ${backend.name} server answers at ${backend.standard}; starting a private one for this run`);
  const server = await backend.startPrivate(say);
  started.push(server);
  say(`${backend.name} for this run: ${server.url}`);
  return server.url;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** Runs one step; resolves to its exit code. A signal to this process reaches the step too. */
function step(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + 15 : 1));
    });
    child.once('error', (error) => {
      say(`could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

async function main(): Promise<number> {
  const started: PrivateServer[] = [];
  try {
    let env: NodeJS.ProcessEnv;
    try {
      env = await provision(started);
    } catch (error) {
      if (error instanceof PrerequisiteError) {
        say(error.message);
        return 1;
      }
      throw error;
    }
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    for (const script of ['typecheck', 'lint']) {
      const code = await step(npm, ['run', '--silent', script], env);
      if (code !== 0) return code;
    }
    return await step(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], env);
  } finally {
    for (const server of started.reverse()) await server.stop();
  }
}

process.exitCode = await main();
