import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { rateLimitAnswer, type FakeRateLimit } from './rate-limit.js';
import { fakeSha, filesFromDirectory, filesFromMap, tarballStream, topFolder, type EntrySource } from './tarball.js';

export type { FakeEntry } from './tarball.js';
export type { FakeRateLimit } from './rate-limit.js';

export interface FakeRepoOptions {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch?: string;
  /** Further branch or tag names the tarball endpoint accepts (any 7–40 hex SHA is accepted too). */
  readonly refs?: readonly string[];
  readonly private?: boolean;
  readonly archived?: boolean;
  /** The commit SHA every ref resolves to. Default: derived from owner/repo. */
  readonly sha?: string;
  /** Content: a map of paths, a fixture folder, or an entry generator (links, devices, many files). */
  readonly files?: Readonly<Record<string, string | Buffer>>;
  readonly dir?: string;
  readonly entries?: EntrySource;
  /** Bytes served as-is by codeload instead of a built archive (bombs, traversal). */
  readonly rawTarball?: () => Readable | Buffer;
  readonly tarballFailure?: { readonly kind: 'truncate' } | { readonly kind: 'status'; readonly status: number };
  readonly rateLimit?: FakeRateLimit;
  /** What a token without access to this private repository gets: GitHub answers 404 (classic PAT) or 403 (fine-grained, SSO). */
  readonly deniedStatus?: 403 | 404;
}

export interface FakeToken {
  readonly scopes: readonly string[];
  /** full_names the token may read when private; default: every repository, given the repo scope. */
  readonly repos?: readonly string[];
}

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
  close(): Promise<void>;
}

interface Context {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly token: string | undefined;
  readonly base: string;
}

const DOCS = 'https://docs.github.com/rest';

function send(ctx: Context, status: number, body: unknown, headers: Record<string, string> = {}): void {
  ctx.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  ctx.res.end(JSON.stringify(body));
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
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const repos = new Map<string, FakeRepoOptions>();
  const tokens = new Map<string, FakeToken>();
  const codeloadTokens = new Set<string>();
  const requests: RecordedRequest[] = [];

  const key = (owner: string, repo: string): string => `${owner}/${repo}`.toLowerCase();

  /** undefined when allowed; otherwise the answer already sent. */
  function deny(ctx: Context, repo: FakeRepoOptions | undefined): boolean {
    if (repo === undefined) return send(ctx, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' }), true;
    if (repo.private !== true) return false;
    const grant = ctx.token === undefined ? undefined : tokens.get(ctx.token);
    const fullName = `${repo.owner}/${repo.repo}`;
    if (grant !== undefined && grant.scopes.includes('repo') && (grant.repos?.includes(fullName) ?? true)) return false;
    if (grant !== undefined && repo.deniedStatus === 403) {
      send(ctx, 403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS, status: '403' }, { 'x-accepted-oauth-scopes': 'repo' });
    } else {
      send(ctx, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    }
    return true;
  }

  function limited(ctx: Context, repo: FakeRepoOptions, on: 'metadata' | 'tarball'): boolean {
    const answer = rateLimitAnswer(repo.rateLimit, on, ctx.token !== undefined);
    if (answer === undefined) return false;
    send(ctx, answer.status, answer.body, answer.headers);
    return true;
  }

  function metadata(ctx: Context, repo: FakeRepoOptions): void {
    const fullName = `${repo.owner}/${repo.repo}`;
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
      size: 1,
    });
  }

  function knownRef(repo: FakeRepoOptions, ref: string): boolean {
    return ref === (repo.defaultBranch ?? 'main') || (repo.refs?.includes(ref) ?? false) || /^[0-9a-f]{7,40}$/.test(ref);
  }

  function tarballRedirect(ctx: Context, repo: FakeRepoOptions, ref: string): void {
    if (!knownRef(repo, ref)) return send(ctx, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    const location = new URL(`/_codeload/${repo.owner}/${repo.repo}/legacy.tar.gz/${ref.split('/').map(encodeURIComponent).join('/')}`, ctx.base);
    if (repo.private === true) {
      const once = randomBytes(12).toString('hex');
      codeloadTokens.add(once);
      location.searchParams.set('token', once);
    }
    ctx.res.writeHead(302, { location: location.toString(), 'content-length': '0' });
    ctx.res.end();
  }

  async function codeload(ctx: Context, repo: FakeRepoOptions, ref: string, query: URLSearchParams): Promise<void> {
    if (repo.private === true && !codeloadTokens.delete(query.get('token') ?? '')) {
      ctx.res.writeHead(404, { 'content-type': 'text/plain' });
      return void ctx.res.end('404: Not Found');
    }
    const failure = repo.tarballFailure;
    if (failure?.kind === 'status') {
      ctx.res.writeHead(failure.status, { 'content-type': 'text/plain' });
      return void ctx.res.end('upstream failure');
    }
    const sha = repo.sha ?? fakeSha(`${repo.owner}/${repo.repo}`);
    const headers = { 'content-type': 'application/x-gzip', 'content-disposition': `attachment; filename=${topFolder(repo.owner, repo.repo, sha)}.tar.gz` };
    const raw = repo.rawTarball?.();
    const stream = raw ?? tarballStream(source(repo), topFolder(repo.owner, repo.repo, sha), sha);
    if (failure?.kind === 'truncate') {
      const bytes = Buffer.isBuffer(stream) ? stream : Buffer.concat(await stream.toArray());
      ctx.res.writeHead(200, { ...headers, 'content-length': String(bytes.length) });
      ctx.res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => ctx.res.destroy());
      return;
    }
    ctx.res.writeHead(200, headers);
    if (Buffer.isBuffer(stream)) return void ctx.res.end(stream);
    stream.on('error', () => ctx.res.destroy());
    stream.pipe(ctx.res);
  }

  function source(repo: FakeRepoOptions): Iterable<import('./tarball.js').FakeEntry> | AsyncIterable<import('./tarball.js').FakeEntry> {
    if (repo.entries !== undefined) return repo.entries();
    if (repo.dir !== undefined) return filesFromDirectory(repo.dir);
    return filesFromMap(repo.files ?? {});
  }

  async function route(ctx: Context): Promise<void> {
    const url = new URL(ctx.req.url ?? '/', ctx.base);
    const parts = url.pathname.split('/').slice(1).map((p) => decodeURIComponent(p));
    if (ctx.token !== undefined && !tokens.has(ctx.token)) {
      return send(ctx, 401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    }
    const [head, owner = '', name = '', action, ...rest] = parts;
    const repo = repos.get(key(owner, name));
    if (ctx.req.method !== 'GET') return send(ctx, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    if (head === '_codeload' && repo !== undefined && action === 'legacy.tar.gz') return codeload(ctx, repo, rest.join('/'), url.searchParams);
    if (head !== 'repos' || deny(ctx, repo) || repo === undefined) return;
    if (action === undefined && !limited(ctx, repo, 'metadata')) return metadata(ctx, repo);
    if (action === 'tarball' && !limited(ctx, repo, 'tarball')) return tarballRedirect(ctx, repo, rest.join('/') || (repo.defaultBranch ?? 'main'));
    if (!ctx.res.headersSent) send(ctx, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
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
    addRepo: (options) => void repos.set(key(options.owner, options.repo), options),
    addToken: (token, options) => void tokens.set(token, options),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
