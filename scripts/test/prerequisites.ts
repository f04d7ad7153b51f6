/**
 * What the test suite needs from the machine, found or provisioned:
 * openssl (throw-away TLS certificates), Chromium (browser tests), a
 * PostgreSQL server and a Redis server (the backends' tests).
 *
 * Order of preference for each: what the caller configured, what already
 * runs on the standard port, then a private throw-away server started from
 * the installed binaries, installing the Debian package first when the
 * binaries are missing and the process may install (root or passwordless sudo).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { access, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type Say = (line: string) => void;

/** A server started for this run; stop() ends it and removes its files. */
export interface PrivateServer {
  readonly url: string;
  stop(): Promise<void>;
}

export class PrerequisiteError extends Error {}

/** Absolute path of an executable on PATH (or in the extra folders), or undefined. */
export function which(command: string, extraDirs: readonly string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...extraDirs].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** How this process may install Debian packages: directly as root, through sudo -n, or not at all. */
async function installer(): Promise<string[] | undefined> {
  if (process.env.VIGIL_TEST_NO_INSTALL === '1') return undefined;
  if (!which('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (!which('sudo')) return undefined;
  try {
    await run('sudo', ['-n', 'true']);
    return ['sudo', '-n'];
  } catch {
    return undefined;
  }
}

/**
 * Installs Debian packages, or throws a PrerequisiteError that says which
 * command the user should run when this process cannot install.
 */
export async function aptInstall(packages: readonly string[], why: string, say: Say): Promise<void> {
  const prefix = await installer();
  const manual = `apt-get install -y ${packages.join(' ')}`;
  if (!prefix) {
    throw new PrerequisiteError(`${why} needs ${packages.join(', ')}, which is not installed. Install it (${manual}) and run the tests again.`);
  }
  say(`installing ${packages.join(', ')} from Debian's packages (${why}) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const command = prefix[0] ?? 'apt-get';
  const args = prefix.length > 0 ? [...prefix.slice(1), 'apt-get'] : [];
  try {
    await run(command, [...args, 'update', '-qq'], { env, maxBuffer: 64 << 20 });
    await run(command, [...args, 'install', '-y', '-qq', '--no-install-recommends', ...packages], { env, maxBuffer: 64 << 20 });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n').slice(-3).join(' ') : String(error);
    throw new PrerequisiteError(`could not install ${packages.join(', ')} (${detail}). Install it yourself: ${manual}`);
  }
}

/** Makes sure an executable exists, installing its Debian package when missing. */
export async function ensureCommand(command: string, debianPackage: string, why: string, say: Say): Promise<string> {
  const found = which(command);
  if (found) return found;
  await aptInstall([debianPackage], why, say);
  const installed = which(command);
  if (!installed) throw new PrerequisiteError(`${debianPackage} was installed but ${command} is still not on PATH`);
  return installed;
}

/** The Chromium the browser tests drive: VIGIL_CHROMIUM, else Debian's /usr/bin/chromium (installed when missing). */
export async function ensureChromium(say: Say): Promise<string> {
  const configured = process.env.VIGIL_CHROMIUM;
  const path = configured ?? '/usr/bin/chromium';
  if (await isExecutable(path)) return path;
  if (configured) throw new PrerequisiteError(`VIGIL_CHROMIUM points at ${configured}, which is not an executable`);
  await aptInstall(['chromium'], 'the dashboard browser tests', say);
  if (!(await isExecutable(path))) throw new PrerequisiteError(`chromium was installed but ${path} is missing`);
  return path;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether a PostgreSQL server answers `select 1` at the URL (as the tests will connect). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a Redis server answers PING at the URL. */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.once('error', () => done(false));
    let reply = '';
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''), () => socket.write('PING\r\n'));
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl), or undefined. */
export function postgresBinDir(): string | undefined {
  const fromPath = which('initdb');
  if (fromPath && which('pg_ctl')) return join(fromPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/**
 * PostgreSQL refuses to run as root; as root the private server runs as the
 * `postgres` user the Debian package creates (or `nobody`).
 */
function serverUser(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const line = readPasswd().find((entry) => entry.startsWith(`${name}:`));
      if (!line) continue;
      const [, , uid, gid] = line.split(':');
      return { uid: Number(uid), gid: Number(gid), name };
    } catch {
      /* next */
    }
  }
  throw new PrerequisiteError('running as root, and neither a postgres nor a nobody user exists to run a private PostgreSQL server');
}

function readPasswd(): string[] {
  return readFileSync('/etc/passwd', 'utf8').split('\n');
}

async function asServerUser(binary: string, args: readonly string[], user: ReturnType<typeof serverUser>): Promise<void> {
  if (!user) {
    await run(binary, [...args], { maxBuffer: 16 << 20 });
    return;
  }
  await run('runuser', ['-u', user.name, '--', binary, ...args], { maxBuffer: 16 << 20 });
}

/**
 * A throw-away PostgreSQL cluster in a temporary folder: trust authentication
 * on 127.0.0.1 only, a free port, a database named `test`; stop() removes it.
 */
export async function startPrivatePostgres(say: Say): Promise<PrivateServer> {
  let bin = postgresBinDir();
  if (!bin) {
    await aptInstall(['postgresql'], 'the PostgreSQL backend tests', say);
    bin = postgresBinDir();
    if (!bin) throw new PrerequisiteError('postgresql was installed but initdb was not found');
  }
  const user = serverUser();
  const dir = await mkdtemp(join(tmpdir(), 'vigil-test-pg-'));
  const dataDir = join(dir, 'data');
  if (user) await chown(dir, user.uid, user.gid);
  await chmod(dir, 0o700);
  const port = await freePort();
  const initdb = join(bin, 'initdb');
  const pgCtl = join(bin, 'pg_ctl');
  try {
    await asServerUser(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], user);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
    await asServerUser(pgCtl, ['-D', dataDir, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], user);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new PrerequisiteError(`could not start a private PostgreSQL server: ${error instanceof Error ? error.message : String(error)}`);
  }
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database test');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    async stop() {
      await asServerUser(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], user).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A throw-away Redis server on 127.0.0.1 and a free port, keeping nothing on disk. */
export async function startPrivateRedis(say: Say): Promise<PrivateServer> {
  let binary = which('redis-server', ['/usr/sbin', '/usr/bin']);
  if (!binary) {
    await aptInstall(['redis-server'], 'the Redis quota and limiter tests', say);
    binary = which('redis-server', ['/usr/sbin', '/usr/bin']);
    if (!binary) throw new PrerequisiteError('redis-server was installed but is not on PATH');
  }
  const dir = await mkdtemp(join(tmpdir(), 'vigil-test-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    if (await redisAnswers(url)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new PrerequisiteError(`could not start a private Redis server with ${binary}`);
}
