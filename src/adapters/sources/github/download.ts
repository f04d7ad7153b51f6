import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AppError } from '../../../core/errors.js';
import { mapGitHubError, type GitHubClient, type GitHubErrorContext } from '../../github/client.js';
import { ArrivalQueue } from '../arrivals.js';
import { DEFAULT_ARCHIVE_MEMORY_BYTES, limitExceeded, resolveLimits, type SourceLimits } from '../limits.js';
import type { Workspace, WorkspaceFile, WorkspaceMemory, WorkspaceRepository } from '../workspace.js';
import { extractTarballInThread } from './extract-thread.js';
import { isValidRef } from './repository-ref.js';

export { DEFAULT_ARCHIVE_MEMORY_BYTES, DEFAULT_SOURCE_LIMITS, type SourceLimits } from '../limits.js';

export interface DownloadRepositoryOptions {
  readonly client: GitHubClient;
  readonly owner: string;
  readonly repo: string;
  /** Branch, tag or commit SHA. Default: the repository's default branch. */
  readonly ref?: string;
  readonly limits?: Partial<SourceLimits>;
  /**
   * Bytes of archive content held in memory, shared by every archive the process is extracting or
   * scanning (VIGIL_ARCHIVE_MEMORY_MB); files past it are written to a private temporary folder.
   * Default DEFAULT_ARCHIVE_MEMORY_BYTES.
   */
  readonly memoryBytes?: number;
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

/** Checks the options, then reads the repository's metadata: what both download paths start from. */
async function prepare(opts: DownloadRepositoryOptions) {
  const limits = resolveLimits(opts.limits);
  if (opts.ref !== undefined && !isValidRef(opts.ref)) {
    throw new AppError('bad_request', 'Invalid ref: expected a branch, tag or commit SHA');
  }
  const memoryBytes = opts.memoryBytes ?? DEFAULT_ARCHIVE_MEMORY_BYTES;
  if (!Number.isSafeInteger(memoryBytes) || memoryBytes < 0) throw new RangeError('memoryBytes must be a non-negative integer');
  const meta = await readMetadata(opts);
  return { limits, memoryBytes, meta, ref: opts.ref ?? meta.defaultBranch };
}

/**
 * Downloads a repository's tarball and unpacks it on the extraction thread, enforcing the limits
 * while bytes arrive. Files stay in memory within the memory budget (Workspace.memory); past it
 * they go to a private temporary folder (0700, files 0400), the workspace's root. Nothing is left
 * behind on any failure; dispose gives the memory back and removes the folder.
 */
export async function downloadRepository(opts: DownloadRepositoryOptions): Promise<Workspace> {
  const { limits, memoryBytes, meta, ref } = await prepare(opts);
  try {
    const body = await openTarball(opts, meta, ref, limits);
    const archive = await extractTarballInThread(body, limits, memoryBytes, opts.signal);
    const repository: WorkspaceRepository = {
      owner: meta.owner,
      repo: meta.repo,
      ref,
      defaultBranch: meta.defaultBranch,
      private: meta.private,
      archived: meta.archived,
      ...(archive.commitSha === undefined ? {} : { commitSha: archive.commitSha }),
    };
    return {
      root: archive.spillRoot ?? '',
      files: archive.files,
      stats: archive.stats,
      memory: archive.memory,
      repository,
      dispose: () => archive.release(),
    };
  } catch (error) {
    throw abortReason(opts.signal) ?? (error instanceof AppError ? error : mapGitHubError(error, context(opts, 'download', ref)));
  }
}

/** A repository archive being read: its files arrive batch by batch while the download goes on. */
export interface ArrivingRepository {
  /** From the metadata, before any byte of the archive (the commit SHA comes with the workspace). */
  readonly repository: WorkspaceRepository;
  /** Kept files in archive order; ends once the archive is read, throws its error (as downloadRepository would). */
  readonly batches: AsyncIterable<readonly WorkspaceFile[]>;
  /** Where the files that arrived so far lie. */
  source(): { readonly root: string; readonly memory: WorkspaceMemory };
  /** The whole workspace once the archive is read; rejects like downloadRepository. */
  readonly workspace: Promise<Workspace>;
}

/**
 * downloadRepository for scans that start before the archive is read: answers once the metadata
 * is known and the archive opened; files then arrive through `batches` as the extraction thread
 * parses them. The caller must await `workspace` (and dispose it) or its rejection in every case.
 */
export async function openRepositoryArchive(opts: DownloadRepositoryOptions): Promise<ArrivingRepository> {
  const { limits, memoryBytes, meta, ref } = await prepare(opts);
  const base: WorkspaceRepository = { owner: meta.owner, repo: meta.repo, ref, defaultBranch: meta.defaultBranch, private: meta.private, archived: meta.archived };
  const mapError = (error: unknown): unknown => abortReason(opts.signal) ?? (error instanceof AppError ? error : mapGitHubError(error, context(opts, 'download', ref)));
  let body: Readable;
  try {
    body = await openTarball(opts, meta, ref, limits);
  } catch (error) {
    throw mapError(error);
  }
  const queue = new ArrivalQueue();
  let current: { root: string; memory: WorkspaceMemory } = { root: '', memory: { arenas: [], files: new Map() } };
  const workspace = extractTarballInThread(body, limits, memoryBytes, opts.signal, (files, memory, spillRoot) => {
    current = { root: spillRoot ?? '', memory };
    queue.push(files);
  }).then(
    (archive): Workspace => {
      queue.end();
      const repository = { ...base, ...(archive.commitSha === undefined ? {} : { commitSha: archive.commitSha }) };
      return { root: archive.spillRoot ?? '', files: archive.files, stats: archive.stats, memory: archive.memory, repository, dispose: () => archive.release() };
    },
    (error: unknown) => {
      const mapped = mapError(error);
      queue.fail(mapped);
      throw mapped;
    },
  );
  // The scan awaits it later; a rejection before then is not unhandled.
  workspace.catch(() => undefined);
  return { repository: base, batches: queue, source: () => current, workspace };
}
