/**
 * A GitHub repository scan from start to finish: parse the argument, download
 * the archive into a private folder, scan it, build the response, remove the
 * folder. Shared by POST /v1/scan/github and `vigil scan github`.
 */
import { AppError, isAppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { scanWorkspace } from '../engine/scan.js';
import { buildScanResponse, type ScanResponse } from '../outputs/scan-response.js';
import { createGitHubClient } from '../platforms/github/client.js';
import { downloadRepository } from '../sources/github/download.js';
import { parseRepository } from '../sources/github/repository-ref.js';
import type { SourceLimits } from '../sources/limits.js';
import type { WorkspaceRepository } from '../sources/workspace.js';
import type { ScanEngine } from './engine.js';
import type { VerifySecrets } from '../engine/verification.js';
import type { HistoryLimits } from '../sources/git/clone.js';
import { scanGitHubHistory } from './github-history.js';

export interface GitHubScanRequest {
  readonly repository: string;
  readonly token?: string;
  readonly ref?: string;
  readonly checkCves?: boolean;
  /** Scan the history (every ref's blobs, secrets rules only) from a bare clone instead of the archive. */
  readonly history?: boolean;
  /** With history: only commits after this rev, or only this branch. */
  readonly since?: string;
  readonly branch?: string;
  /** Check found secrets with their providers (engine/history.ts VerifySecrets). */
  readonly verify?: VerifySecrets;
}

export interface GitHubScanSettings {
  readonly githubApiUrl: string;
  /** The server's default token, used when the request has none. */
  readonly defaultToken?: string;
  readonly userAgent: string;
  readonly sourceLimits: SourceLimits;
  /** Retries of GitHub 5xx and network failures. */
  readonly retries?: number;
  /** Where git clones from (default: derived from githubApiUrl, see sources/git/clone.ts). */
  readonly githubGitUrl?: string;
  readonly historyLimits?: HistoryLimits;
}

export interface GitHubScanHooks {
  /** Called once the repository's metadata is known; may throw to refuse (plan gating of private repositories). */
  readonly admit?: (repository: WorkspaceRepository, viaDefaultToken: boolean) => void;
  readonly signal?: AbortSignal;
  /** Called when the scan has a slot and starts its work (the download). */
  readonly onStart?: () => void;
  /** The account the scan runs for, held to its share of the slots (absent in the CLI). */
  readonly accountId?: string;
  readonly onProgress?: (stage: 'downloading' | 'scanning' | 'done', filesDone?: number, filesTotal?: number) => void;
}

export async function scanGitHubRepository(
  request: GitHubScanRequest,
  settings: GitHubScanSettings,
  engine: ScanEngine,
  hooks: GitHubScanHooks = {},
): Promise<ScanResponse> {
  const parsed = parseRepository(request.repository, { githubApiUrl: settings.githubApiUrl });
  const ref = request.ref ?? parsed.ref;
  const requestToken = request.token?.trim() ? request.token.trim() : undefined;
  const token = requestToken ?? settings.defaultToken;
  const client = createGitHubClient({
    baseUrl: settings.githubApiUrl,
    userAgent: settings.userAgent,
    ...(settings.retries === undefined ? {} : { retries: settings.retries }),
    ...(token ? { token } : {}),
  });

  if (request.history) {
    return engine.capacity
      .run(
        () =>
          scanGitHubHistory(
            {
              owner: parsed.owner,
              repo: parsed.repo,
              ...(token ? { token } : {}),
              viaDefaultToken: requestToken === undefined && token !== undefined,
              ...(request.since ? { since: request.since } : {}),
              ...(request.branch ?? ref ? { branch: request.branch ?? ref } : {}),
              ...(request.verify ? { verify: request.verify } : {}),
            },
            client,
            settings,
            engine,
            hooks,
          ),
        hooks.accountId,
      )
      .catch((error: unknown) => {
        if (isAppError(error)) throw error;
        throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry, and report the request id if it persists', { cause: error });
      });
  }

  return engine.capacity.run(async () => {
    const startedAt = new Date();
    hooks.onStart?.();
    hooks.onProgress?.('downloading');
    const ws = await downloadRepository({
      client,
      owner: parsed.owner,
      repo: parsed.repo,
      limits: settings.sourceLimits,
      ...(ref ? { ref } : {}),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
    });
    try {
      const repository = ws.repository as WorkspaceRepository;
      hooks.admit?.(repository, requestToken === undefined && token !== undefined);
      const target = `${repository.owner}/${repository.repo}`;
      hooks.onProgress?.('scanning');
      const outcome = await scanWorkspace(ws, target, {
        pool: engine.pool,
        timeoutMs: engine.timeoutMs,
        limits: engine.findingLimits,
        checkCves: request.checkCves === true,
        ...(request.verify ? { verify: request.verify } : {}),
        ...(engine.advisories ? { advisories: engine.advisories } : {}),
        ...(hooks.signal ? { signal: hooks.signal } : {}),
        ...(hooks.onProgress ? { onProgress: (done: number, total: number) => hooks.onProgress?.('scanning', done, total) } : {}),
      });
      hooks.onProgress?.('done');
      return buildScanResponse({
        scanId: newId(),
        targetType: 'github',
        target,
        startedAt,
        completedAt: new Date(),
        outcome,
        extraStats: {
          repository: {
            ref: repository.ref,
            default_branch: repository.defaultBranch,
            commit: repository.commitSha ?? null,
            private: repository.private,
            archived: repository.archived,
          },
        },
      });
    } finally {
      await ws.dispose();
    }
  }, hooks.accountId).catch((error: unknown) => {
    if (isAppError(error)) throw error;
    throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry, and report the request id if it persists', { cause: error });
  });
}
