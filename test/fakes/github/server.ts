import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { archiveRoutes } from './archive.js';
import { FakeGit, type FakeCommit, type FakePull } from './git.js';
import { DOCS, send, sendNotFound, type Context } from './http.js';
import type { FakeRepoOptions, FakeToken } from './options.js';
import { rateLimitAnswer, type RateLimitedRequest } from './rate-limit.js';
import { fakeSha, filesFromDirectory, filesFromMap, type FakeEntry } from './tarball.js';
import { createFakeOAuth, type FakeOAuth } from './oauth.js';
import { gitRoute, isWriteRoute } from './writes.js';
import { serveSmartHttp } from './smart-http.js';

export type { FakeEntry } from './tarball.js';
export type { FakeRateLimit } from './rate-limit.js';
export type { FakeCommit, FakePull } from './git.js';
export type { FakeRepoOptions, FakeToken } from './options.js';
export { blobSha } from './git.js';
export type { FakeOAuth, FakeOAuthEmail, FakeOAuthUser } from './oauth.js';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: boolean;
  readonly status: number;
}

export interface FakeGitHub {
  /** API base URL (pass as baseUrl to the client). */
  readonly url: string;
  readonly requests: RecordedRequest[];
  addRepo(options: FakeRepoOptions): void;
  addToken(token: string, options: FakeToken): void;
  /** A file's bytes at a branch or commit; undefined when missing. */
  readFile(owner: string, repo: string, ref: string, path: string): Promise<Buffer | undefined>;
  /** Branch name → commit SHA. */
  branches(owner: string, repo: string): Promise<Record<string, string>>;
  /** First-parent history of a ref, newest first. */
  log(owner: string, repo: string, ref: string): Promise<FakeCommit[]>;
  pulls(owner: string, repo: string): Promise<readonly FakePull[]>;
  /** Pushes a commit to a branch (null deletes a path); returns its SHA. */
  commit(owner: string, repo: string, branch: string, changes: Readonly<Record<string, string | Buffer | null>>, message?: string): Promise<string>;
  /** OAuth apps, the user who approves at the authorize page, and /user/emails. */
  readonly oauth: FakeOAuth;
  /** Runs `action` once, just before the first request whose method and path match is handled. */
  intercept(method: string, path: RegExp, action: () => void | Promise<void>): void;
  close(): Promise<void>;
}

function commonHeaders(res: ServerResponse, token: string | undefined, tokens: Map<string, FakeToken>): void {
  const limit = token === undefined ? 60 : 5000;
  res.setHeader('x-github-request-id', randomBytes(8).toString('hex').toUpperCase());
  res.setHeader('x-ratelimit-limit', String(limit));
  res.setHeader('x-ratelimit-remaining', String(limit - 1));
  res.setHeader('x-ratelimit-used', '1');
  res.setHeader('x-ratelimit-reset', String(Math.floor(Date.now() / 1000) + 3600));
  res.setHeader('x-ratelimit-resource', 'core');
  res.setHeader('x-github-api-version-selected', '2022-11-28');
  const known = token === undefined ? undefined : tokens.get(token);
  if (known !== undefined) res.setHeader('x-oauth-scopes', known.scopes.join(', '));
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  // git over HTTPS: Basic with the token as the password (x-access-token:<token>).
  const basic = /^basic\s+(\S+)$/i.exec(header);
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? undefined : decoded.slice(colon + 1) || undefined;
  }
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const repos = new Map<string, FakeRepoOptions>();
  const tokens = new Map<string, FakeToken>();
  const models = new Map<string, FakeGit>();
  const requests: RecordedRequest[] = [];
  const intercepts: { method: string; path: RegExp; action: () => void | Promise<void> }[] = [];
  const oauth = createFakeOAuth((token, scopes) => void tokens.set(token, { scopes, write: false }));

  const key = (owner: string, repo: string): string => `${owner}/${repo}`.toLowerCase();
  const initialSha = (repo: FakeRepoOptions): string => repo.sha ?? fakeSha(`${repo.owner}/${repo.repo}`);

  /** The repository's history, built from its files on first use; undefined for generated or raw archives. */
  async function gitOf(repo: FakeRepoOptions): Promise<FakeGit | undefined> {
    const k = key(repo.owner, repo.repo);
    const known = models.get(k);
    if (known !== undefined) return known;
    if (repo.entries !== undefined || repo.rawTarball !== undefined) return undefined;
    const files = new Map<string, Buffer>();
    for await (const entry of source(repo)) {
      if ((entry.type ?? 'file') === 'file') files.set(entry.path, Buffer.from(entry.content ?? ''));
    }
    const git = models.get(k) ?? new FakeGit(repo.defaultBranch ?? 'main', initialSha(repo), files, repo.refs ?? []);
    models.set(k, git);
    return git;
  }

  async function gitNamed(owner: string, name: string): Promise<FakeGit> {
    const repo = repos.get(key(owner, name));
    const git = repo === undefined ? undefined : await gitOf(repo);
    if (git === undefined) throw new Error(`fake GitHub: ${owner}/${name} has no file history`);
    return git;
  }

  /** undefined when allowed; otherwise the answer already sent. */
  function deny(ctx: Context, repo: FakeRepoOptions | undefined): boolean {
    if (repo === undefined) return sendNotFound(ctx), true;
    if (repo.private !== true) return false;
    const grant = ctx.token === undefined ? undefined : tokens.get(ctx.token);
    const fullName = `${repo.owner}/${repo.repo}`;
    if (grant !== undefined && grant.scopes.includes('repo') && (grant.repos?.includes(fullName) ?? true)) return false;
    if (grant !== undefined && repo.deniedStatus === 403) {
      send(ctx, 403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS, status: '403' }, { 'x-accepted-oauth-scopes': 'repo' });
    } else {
      sendNotFound(ctx);
    }
    return true;
  }

  function mayWrite(grant: FakeToken | undefined, repo: FakeRepoOptions): boolean {
    if (grant === undefined || grant.write === false || grant.role === 'read') return false;
    return grant.scopes.includes('repo') || (repo.private !== true && grant.scopes.includes('public_repo'));
  }

  /** false when the token may write; otherwise GitHub's refusal was sent. */
  function refuseWrite(ctx: Context, repo: FakeRepoOptions): boolean {
    if (ctx.token === undefined) return send(ctx, 401, { message: 'Requires authentication', documentation_url: DOCS, status: '401' }), true;
    if (mayWrite(tokens.get(ctx.token), repo)) return false;
    send(ctx, 403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS, status: '403' });
    return true;
  }

  function limited(ctx: Context, repo: FakeRepoOptions, on: RateLimitedRequest): boolean {
    const answer = rateLimitAnswer(repo.rateLimit, on, ctx.token !== undefined);
    if (answer === undefined) return false;
    send(ctx, answer.status, answer.body, answer.headers);
    return true;
  }

  function metadata(ctx: Context, repo: FakeRepoOptions): void {
    const fullName = `${repo.owner}/${repo.repo}`;
    const grant = ctx.token === undefined ? undefined : tokens.get(ctx.token);
    const push = grant !== undefined && grant.role !== 'read';
    send(ctx, 200, {
      id: 1000 + repos.size,
      name: repo.repo,
      full_name: fullName,
      owner: { login: repo.owner, type: 'User' },
      private: repo.private === true,
      visibility: repo.private === true ? 'private' : 'public',
      archived: repo.archived === true,
      disabled: false,
      fork: false,
      default_branch: repo.defaultBranch ?? 'main',
      html_url: `${ctx.base}/${fullName}`,
      clone_url: `${ctx.base}/${fullName}.git`,
      size: repo.sizeKb ?? 1,
      // GitHub shows the user's role on the repository (not what the token may do).
      ...(grant === undefined ? {} : { permissions: { admin: false, maintain: false, push, triage: true, pull: true } }),
    });
  }

  function source(repo: FakeRepoOptions): Iterable<FakeEntry> | AsyncIterable<FakeEntry> {
    if (repo.entries !== undefined) return repo.entries();
    if (repo.dir !== undefined) return filesFromDirectory(repo.dir);
    return filesFromMap(repo.files ?? {});
  }

  const archives = archiveRoutes({ historyOf: (repo) => models.get(key(repo.owner, repo.repo)), source, initialSha });

  async function runIntercepts(method: string, path: string): Promise<void> {
    const index = intercepts.findIndex((i) => i.method === method && i.path.test(path));
    if (index < 0) return;
    const [hit] = intercepts.splice(index, 1);
    await hit?.action();
  }

  async function route(ctx: Context): Promise<void> {
    const url = new URL(ctx.req.url ?? '/', ctx.base);
    const method = ctx.req.method ?? 'GET';
    const parts = url.pathname.split('/').slice(1).map((p) => decodeURIComponent(p));
    if (url.pathname.startsWith('/login/oauth/') && (await oauth.route(ctx, method, url))) return;
    if (ctx.token !== undefined && !tokens.has(ctx.token)) {
      return send(ctx, 401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    }
    await runIntercepts(method, url.pathname);
    if (url.pathname === '/user/emails' && (await oauth.route(ctx, method, url))) return;
    const [head, owner = '', name = '', action, ...rest] = parts;
    // git's smart HTTP: /{owner}/{repo}.git/info/refs, /git-upload-pack …
    const gitRepo = owner.endsWith('.git') ? repos.get(key(head ?? '', owner.slice(0, -4))) : undefined;
    if (gitRepo?.gitDir !== undefined) {
      if (gitRepo.private === true) {
        const grant = ctx.token === undefined ? undefined : tokens.get(ctx.token);
        if (grant === undefined || !grant.scopes.includes('repo')) {
          ctx.res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' });
          return void ctx.res.end('Invalid username or token.');
        }
      }
      const suffix = url.pathname.slice(`/${head ?? ''}/${owner}`.length);
      return serveSmartHttp(ctx, gitRepo.gitDir, suffix, url.search.replace(/^\?/, ''));
    }
    const repo = repos.get(key(owner, name));
    if (head === '_codeload' && method === 'GET' && repo !== undefined && action === 'legacy.tar.gz') return archives.codeload(ctx, repo, rest.join('/'), url.searchParams);
    if (head !== 'repos' || deny(ctx, repo) || repo === undefined) return;
    const repoParts = action === undefined ? [] : [action, ...rest];
    if (isWriteRoute(method, repoParts) && (refuseWrite(ctx, repo) || limited(ctx, repo, 'write'))) return;
    if (method === 'GET' && action === undefined && !limited(ctx, repo, 'metadata')) return metadata(ctx, repo);
    if (method === 'GET' && action === 'tarball' && !limited(ctx, repo, 'tarball')) return archives.redirect(ctx, repo, rest.join('/') || (repo.defaultBranch ?? 'main'));
    if (ctx.res.headersSent) return;
    if (method === 'GET' && action === 'tags' && rest.length === 0) {
      // Paged like GitHub: per_page (default 30, at most 100) and page from 1.
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30) || 30);
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const all = Object.entries(repo.tags ?? {}).map(([name, sha]) => ({
        name,
        commit: { sha, url: `${ctx.base}/repos/${repo.owner}/${repo.repo}/commits/${sha}` },
        zipball_url: `${ctx.base}/repos/${repo.owner}/${repo.repo}/zipball/refs/tags/${name}`,
        tarball_url: `${ctx.base}/repos/${repo.owner}/${repo.repo}/tarball/refs/tags/${name}`,
        node_id: `TAG_${name}`,
      }));
      return send(ctx, 200, all.slice((page - 1) * perPage, page * perPage));
    }
    const git = action === 'git' || action === 'contents' || action === 'pulls' ? await gitOf(repo) : undefined;
    const served = git !== undefined && (await gitRoute({ ctx, owner: repo.owner, repo: repo.repo, git, parts: repoParts, query: url.searchParams, ...(repo.pullFailure ? { pullFailure: repo.pullFailure } : {}) }));
    if (!served) sendNotFound(ctx);
  }

  const server = createServer((req, res) => {
    const token = bearer(req);
    const ctx: Context = { req, res, token, base };
    commonHeaders(res, token, tokens);
    res.on('finish', () => requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] ?? '', authorization: token !== undefined, status: res.statusCode }));
    route(ctx).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    oauth,
    addRepo: (options) => {
      repos.set(key(options.owner, options.repo), options);
      models.delete(key(options.owner, options.repo));
    },
    addToken: (token, options) => void tokens.set(token, options),
    readFile: async (owner, name, ref, path) => (await gitNamed(owner, name)).resolve(ref)?.files.get(path),
    branches: async (owner, name) => Object.fromEntries((await gitNamed(owner, name)).branches),
    log: async (owner, name, ref) => (await gitNamed(owner, name)).log(ref),
    pulls: async (owner, name) => (await gitNamed(owner, name)).pulls,
    commit: async (owner, name, branch, changes, message = 'Update files') => {
      const bytes = Object.fromEntries(Object.entries(changes).map(([path, content]) => [path, content === null ? null : Buffer.from(content)]));
      return (await gitNamed(owner, name)).commit(branch, bytes, message).sha;
    },
    intercept: (method, path, action) => void intercepts.push({ method, path, action }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
