import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AppError } from '../../../core/errors.js';
import { mapGitHubError, type GitHubClient, type GitHubErrorContext } from '../../github/client.js';
import { limitExceeded, resolveLimits, type SourceLimits } from '../limits.js';
import type { Workspace, WorkspaceRepository } from '../workspace.js';
import { extractTarballInThread } from './extract-thread.js';
import { isValidRef } from './repository-ref.js';

export { DEFAULT_SOURCE_LIMITS, type SourceLimits } from '../limits.js';

export interface DownloadRepositoryOptions {
  readonly client: GitHubClient;
  readonly owner: string;
  readonly repo: string;
  /** Branch, tag or commit SHA. Default: the repository's default branch. */
  readonly ref?: string;
  readonly limits?: Partial<SourceLimits>;
  readonly signal?: AbortSignal;
}

interface Metadata {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch: string;
  readonly private: boolean;
  readonly archived: boolean;
}

function context(opts: DownloadRepositoryOptions, during: GitHubErrorContext['during'], ref?: string): GitHubErrorContext {
  const { client, owner, repo } = opts;
  const redact = (text: string): string => client.redact(text);
  return { during, owner, repo, authenticated: client.authenticated, redact, ...(ref === undefined ? {} : { ref }) };
}

async function readMetadata(opts: DownloadRepositoryOptions): Promise<Metadata> {
  try {
    const { data } = await opts.client.octokit.rest.repos.get({ owner: opts.owner, repo: opts.repo, request: { signal: opts.signal } });
    // GitHub follows renames; report the canonical names.
    return { owner: data.owner.login, repo: data.name, defaultBranch: data.default_branch, private: data.private, archived: data.archived };
  } catch (error) {
    throw mapGitHubError(error, context(opts, 'metadata'));
  }
}

/** GET /repos/{owner}/{repo}/tarball/{ref}: a 302 to codeload, followed by fetch; the body as a stream. */
async function openTarball(opts: DownloadRepositoryOptions, meta: Metadata, ref: string, limits: SourceLimits): Promise<Readable> {
  const encodedRef = ref.split('/').map(encodeURIComponent).join('/');
  let response;
  try {
    response = await opts.client.octokit.request(`GET /repos/{owner}/{repo}/tarball/${encodedRef}`, {
      owner: meta.owner,
      repo: meta.repo,
      request: { parseSuccessResponseBody: false, signal: opts.signal },
    });
  } catch (error) {
    throw mapGitHubError(error, context(opts, 'download', ref));
  }
  const body = response.data as unknown as NodeReadableStream<Uint8Array> | null;
  if (body === null) throw new AppError('bad_request', 'Archive download failed: GitHub sent an empty answer');
  const length = Number(response.headers['content-length']);
  if (Number.isFinite(length) && length > limits.maxArchiveBytes) {
    await body.cancel();
    throw limitExceeded('maxArchiveBytes', limits.maxArchiveBytes);
  }
  return Readable.fromWeb(body);
}

/** The caller's abort reason, so a scan timeout surfaces as itself. */
function abortReason(signal: AbortSignal | undefined): Error | undefined {
  if (signal?.aborted !== true) return undefined;
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new AppError('internal', 'The download was aborted');
}

/**
 * Downloads a repository's tarball into a private temporary folder (0700, files 0400),
 * enforcing the limits while bytes arrive. The folder is removed on any failure.
 */
export async function downloadRepository(opts: DownloadRepositoryOptions): Promise<Workspace> {
  const limits = resolveLimits(opts.limits);
  if (opts.ref !== undefined && !isValidRef(opts.ref)) {
    throw new AppError('bad_request', 'Invalid ref: expected a branch, tag or commit SHA');
  }
  const meta = await readMetadata(opts);
  const ref = opts.ref ?? meta.defaultBranch;
  const root = await mkdtemp(join(tmpdir(), 'vigil-src-'));
  try {
    await chmod(root, 0o700);
    const body = await openTarball(opts, meta, ref, limits);
    const result = await extractTarballInThread(body, root, limits, opts.signal);
    const repository: WorkspaceRepository = {
      owner: meta.owner,
      repo: meta.repo,
      ref,
      defaultBranch: meta.defaultBranch,
      private: meta.private,
      archived: meta.archived,
      ...(result.commitSha === undefined ? {} : { commitSha: result.commitSha }),
    };
    let disposed = false;
    const dispose = async (): Promise<void> => {
      if (disposed) return;
      disposed = true;
      await rm(root, { recursive: true, force: true });
    };
    return { root, files: result.files, stats: result.stats, repository, dispose };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw abortReason(opts.signal) ?? (error instanceof AppError ? error : mapGitHubError(error, context(opts, 'download', ref)));
  }
}
