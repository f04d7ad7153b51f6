/**
 * A bare clone of a repository over HTTPS for history scans, within a size
 * and a time limit. The token travels in an `Authorization` header set
 * through git's environment configuration (GIT_CONFIG_COUNT/KEY/VALUE), never
 * in the URL or the command line, so it shows in no process list and no git
 * message. Other configuration (system, global, credential helpers) is
 * ignored and other protocols are refused.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../../core/errors.js';
import { formatBytes, type HistoryLimits } from '../limits.js';
import { gitMissing, spawnGit } from './command.js';

export interface CloneOptions {
  /** https://host/owner/repo.git (http only when the configured GitHub URL is http: tests). */
  readonly url: string;
  readonly token?: string;
  readonly limits: HistoryLimits;
  readonly signal?: AbortSignal;
  /** owner/repo, for messages. */
  readonly name: string;
}

export interface Clone {
  /** The bare repository's folder. */
  readonly dir: string;
  readonly bytes: number;
  dispose(): Promise<void>;
}

const PREFIX = 'History clone failed';
const POLL_MS = 200;

/** Environment-only git configuration: the header with the token, no helpers, one protocol. */
export function cloneEnvironment(url: URL, token: string | undefined, home: string): Record<string, string> {
  const entries: [string, string][] = [
    ['credential.helper', ''],
    ['protocol.allow', 'never'],
    [`protocol.${url.protocol.replace(':', '')}.allow`, 'always'],
    // A redirect must not carry the header to another host.
    ['http.followRedirects', 'false'],
    ['core.hooksPath', '/dev/null'],
    ['transfer.fsckObjects', 'false'],
  ];
  if (token !== undefined) entries.push(['http.extraHeader', `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`]);
  const env: Record<string, string> = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: home,
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_CONFIG_COUNT: String(entries.length),
  };
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += await stat(join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
  }
  return total;
}

/** What git's last message says went wrong, in the service's words (never echoing the header). */
function failure(stderr: string, name: string, authenticated: boolean): AppError {
  const text = stderr.toLowerCase();
  if (/authentication failed|could not read username|terminal prompts disabled|\b401\b|\b403\b/.test(text)) {
    return new AppError(
      'forbidden',
      `Access denied: git could not read ${name}${authenticated ? '; the token cannot read its contents' : '; send a token that can read it'}`,
    );
  }
  if (/not found|\b404\b|does not appear to be a git repository/.test(text)) return new AppError('not_found', `Repository not found: git found no repository ${name}`);
  return new AppError('unavailable', `${PREFIX}: git could not fetch ${name}; retry later`, { retryAfterSeconds: 30 });
}

export async function cloneBare(options: CloneOptions): Promise<Clone> {
  const url = new URL(options.url);
  if (url.username !== '' || url.password !== '') throw new AppError('internal', `${PREFIX}: the clone URL must not carry credentials`);
  const work = await mkdtemp(join(tmpdir(), 'vigil-history-'));
  const dir = join(work, 'repo.git');
  const dispose = () => rm(work, { recursive: true, force: true });
  const { limits } = options;
  let exceeded: 'size' | 'time' | undefined;
  let stderr = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawnGit(['clone', '--bare', '--quiet', '--end-of-options', url.href, dir], {
        cwd: work,
        env: cloneEnvironment(url, options.token, work),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      child.stdin.end();
      child.stdout.resume();
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 8192) stderr += chunk.toString('utf8');
      });
      const stop = (why: 'size' | 'time') => {
        exceeded ??= why;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => stop('time'), limits.cloneTimeoutMs);
      let polling = false;
      const poll = setInterval(() => {
        if (polling) return;
        polling = true;
        void folderBytes(dir).then((bytes) => {
          polling = false;
          if (bytes > limits.maxCloneBytes) stop('size');
        });
      }, POLL_MS);
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        clearInterval(poll);
        reject(error.code === 'ENOENT' ? gitMissing() : error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        clearInterval(poll);
        if (exceeded === 'size') return reject(new AppError('bad_request', `${PREFIX}: ${options.name} is larger than the ${formatBytes(limits.maxCloneBytes)} clone-size limit (VIGIL_HISTORY_MAX_CLONE_BYTES)`));
        if (exceeded === 'time') {
          return reject(new AppError('bad_request', `${PREFIX}: cloning ${options.name} did not finish within the ${Math.round(limits.cloneTimeoutMs / 1000)} s clone-time limit (VIGIL_HISTORY_CLONE_TIMEOUT_MS)`));
        }
        if (options.signal?.aborted) return reject(options.signal.reason instanceof Error ? options.signal.reason : new AppError('internal', 'The clone was aborted'));
        if (code !== 0) return reject(failure(stderr, options.name, options.token !== undefined));
        resolve();
      });
    });
    const bytes = await folderBytes(dir);
    if (bytes > limits.maxCloneBytes) throw new AppError('bad_request', `${PREFIX}: ${options.name} is larger than the ${formatBytes(limits.maxCloneBytes)} clone-size limit (VIGIL_HISTORY_MAX_CLONE_BYTES)`);
    return { dir, bytes, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * Where git clones from, for a GitHub API base URL: github.com for api.github.com,
 * the host itself for GitHub Enterprise Server (…/api/v3), else the same origin (tests' fake).
 */
export function gitBaseUrl(githubApiUrl: string, override?: string): string {
  if (override) return override.replace(/\/+$/, '');
  const api = new URL(githubApiUrl);
  if (api.hostname === 'api.github.com') return 'https://github.com';
  const path = api.pathname.replace(/\/+$/, '');
  return `${api.origin}${path.endsWith('/api/v3') ? path.slice(0, -'/api/v3'.length) : path}`;
}
