/**
 * A GitHub repository scan from start to finish: parse the argument, stream
 * the archive into memory (a private folder past the memory budget) while the
 * scanners already run over the files that arrived, build the response, give
 * the memory back and remove the folder. Shared by POST /v1/scan/github and `vigil scan github`.
 */
import { PLAN_LABELS, planHasFeature, plansIncluding, type Plan } from '../accounts/plans.js';
import type { PrivateScanPolicy } from '../../config/index.js';
import { AppError, isAppError } from '../../core/errors.js';
import { scanArrivingWorkspace } from '../../engine/scan-workspace.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import { repositoryScanResponse } from './repository-response.js';
import { createGitHubClient } from '../../adapters/github/client.js';
import { openRepositoryArchive } from '../../adapters/sources/github/download.js';
import { parseRepository } from '../../adapters/sources/github/repository-ref.js';
import type { HistoryLimits, SourceLimits } from '../../adapters/sources/limits.js';
import type { WorkspaceRepository } from '../../adapters/sources/workspace.js';
import type { ScanEngine } from '../../engine/runtime.js';
import type { VerifySecrets } from '../../engine/verification.js';
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
  /** Archive content held in memory across concurrent scans; past it, files go to a temporary folder (default 256 MB). */
  readonly archiveMemoryBytes?: number;
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
  /** The scan's id (chosen when it was submitted); a new one by default. */
  readonly scanId?: string;
  /** Called when the scan starts its work (the download or the clone). */
  readonly onStart?: () => void;
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
    try {
      return await scanGitHubHistory(
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
      );
    } catch (error) {
      if (isAppError(error)) throw error;
      throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry, and report the request id if it persists', { cause: error });
    }
  }

  try {
    const startedAt = new Date();
    hooks.onProgress?.('downloading');
    // Stops the download when the scan fails or is refused before the archive is read.
    const stopDownload = new AbortController();
    const arriving = await openRepositoryArchive({
      client,
      owner: parsed.owner,
      repo: parsed.repo,
      limits: settings.sourceLimits,
      ...(settings.archiveMemoryBytes === undefined ? {} : { memoryBytes: settings.archiveMemoryBytes }),
      ...(ref ? { ref } : {}),
      signal: hooks.signal ? AbortSignal.any([hooks.signal, stopDownload.signal]) : stopDownload.signal,
    });
    try {
      hooks.admit?.(arriving.repository, requestToken === undefined && token !== undefined);
      const target = `${arriving.repository.owner}/${arriving.repository.repo}`;
      // Scanning starts with the first files, while the rest of the archive downloads.
      hooks.onProgress?.('scanning');
      const { outcome, workspace } = await scanArrivingWorkspace(arriving, target, {
        pool: engine.pool,
        timeoutMs: engine.timeoutMs,
        limits: engine.findingLimits,
        checkCves: request.checkCves === true,
        ...(request.verify ? { verify: request.verify } : {}),
        ...(engine.advisories ? { advisories: engine.advisories } : {}),
        ...(hooks.signal ? { signal: hooks.signal } : {}),
        ...(hooks.onProgress ? { onProgress: (done: number, total: number) => hooks.onProgress?.('scanning', done, total) } : {}),
      });
      const repository = workspace.repository ?? arriving.repository;
      hooks.onProgress?.('done');
      return repositoryScanResponse({ scanId: hooks.scanId, repository, startedAt, outcome, commit: repository.commitSha ?? null });
    } catch (error) {
      stopDownload.abort(error);
      throw error;
    } finally {
      // Whatever happened, the archive's memory and spill folder are given back once it stops.
      await (await arriving.workspace.catch(() => undefined))?.dispose();
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry, and report the request id if it persists', { cause: error });
  }
}

/** GITHUB_TOKEN_PRIVATE_SCANS and the owner's address it refers to. */
export interface PrivateScanRules {
  readonly policy: PrivateScanPolicy;
  readonly ownerEmail: string;
}

/** Whether the server's own token may read a private repository for this account. */
export function mayUseServerTokenForPrivate(policy: PrivateScanPolicy, accountEmail: string, ownerEmail: string): boolean {
  if (policy === 'allowed') return true;
  if (policy === 'never') return false;
  return accountEmail.toLowerCase() === ownerEmail.toLowerCase();
}

/**
 * The admission of a private repository for an account, once its metadata is
 * known: the plan must include private scans, and the server's own token reads
 * one only as GITHUB_TOKEN_PRIVATE_SCANS allows.
 */
export function admitPrivateRepository(account: { readonly email: string; readonly plan: Plan }, rules: PrivateScanRules): NonNullable<GitHubScanHooks['admit']> {
  return (repository, viaServerToken) => {
    if (!repository.private) return;
    if (!planHasFeature(account.plan, 'private_repository_scan')) {
      throw new AppError(
        'forbidden',
        `Access denied: ${repository.owner}/${repository.repo} is private, and scanning private repositories requires ${plansIncluding('private_repository_scan')}; this account is on the ${PLAN_LABELS[account.plan]} plan`,
      );
    }
    if (viaServerToken && !mayUseServerTokenForPrivate(rules.policy, account.email, rules.ownerEmail)) {
      throw new AppError(
        'forbidden',
        `Access denied: ${repository.owner}/${repository.repo} is private, and this server's GitHub token is not used for private repositories of ${rules.policy === 'never' ? 'any account' : 'accounts other than the owner'}; send "token" with a token of your own that can read it`,
      );
    }
  };
}
