/**
 * GitHub's archive download: GET /repos/{o}/{r}/tarball/{ref} answers 302 to
 * codeload, which streams the gzipped tarball. Once a repository has a
 * history (after a write), archives are built from the ref's commit, so a
 * scan of a fix branch sees the fix.
 */
import { randomBytes } from 'node:crypto';
import type { FakeGit } from './git.js';
import { sendNotFound, type Context } from './http.js';
import type { FakeRepoOptions } from './options.js';
import { tarballStream, topFolder, type FakeEntry } from './tarball.js';

export interface ArchiveDeps {
  /** The repository's history when it has one already (never builds it). */
  readonly historyOf: (repo: FakeRepoOptions) => FakeGit | undefined;
  /** The repository's configured content. */
  readonly source: (repo: FakeRepoOptions) => Iterable<FakeEntry> | AsyncIterable<FakeEntry>;
  /** The commit every ref resolves to before any write. */
  readonly initialSha: (repo: FakeRepoOptions) => string;
}

export interface ArchiveRoutes {
  redirect(ctx: Context, repo: FakeRepoOptions, ref: string): void;
  codeload(ctx: Context, repo: FakeRepoOptions, ref: string, query: URLSearchParams): Promise<void>;
}

export function archiveRoutes(deps: ArchiveDeps): ArchiveRoutes {
  const codeloadTokens = new Set<string>();

  function knownRef(repo: FakeRepoOptions, ref: string): boolean {
    if (deps.historyOf(repo)?.resolve(ref) !== undefined) return true;
    return ref === (repo.defaultBranch ?? 'main') || (repo.refs?.includes(ref) ?? false) || /^[0-9a-f]{7,40}$/.test(ref);
  }

  function redirect(ctx: Context, repo: FakeRepoOptions, ref: string): void {
    if (!knownRef(repo, ref)) return sendNotFound(ctx);
    const location = new URL(`/_codeload/${repo.owner}/${repo.repo}/legacy.tar.gz/${ref.split('/').map(encodeURIComponent).join('/')}`, ctx.base);
    if (repo.private === true) {
      const once = randomBytes(12).toString('hex');
      codeloadTokens.add(once);
      location.searchParams.set('token', once);
    }
    ctx.res.writeHead(302, { location: location.toString(), 'content-length': '0' });
    ctx.res.end();
  }

  /** The files and commit an archive of `ref` carries: the history once there is one, else the configured content. */
  function archiveOf(repo: FakeRepoOptions, ref: string): { entries: Iterable<FakeEntry> | AsyncIterable<FakeEntry>; sha: string } {
    const commit = deps.historyOf(repo)?.resolve(ref);
    if (commit === undefined) return { entries: deps.source(repo), sha: deps.initialSha(repo) };
    return { entries: [...commit.files.entries()].map(([path, content]) => ({ path, content })), sha: commit.sha };
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
    const archive = archiveOf(repo, ref);
    const top = topFolder(repo.owner, repo.repo, archive.sha);
    const headers = { 'content-type': 'application/x-gzip', 'content-disposition': `attachment; filename=${top}.tar.gz` };
    const raw = repo.rawTarball?.();
    const stream = raw ?? tarballStream(archive.entries, top, archive.sha);
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

  return { redirect, codeload };
}
