/**
 * A GitHub repository's history scan (`"history": true`): read its metadata
 * (private or not, size), admit it under the same rules as an archive scan,
 * clone it bare over HTTPS within the history limits, scan every blob of its
 * refs for secrets, remove the clone.
 */
import type { VerifySecrets } from '../../engine/history.js';
import { scanHistory } from '../../engine/history.js';
import { AppError } from '../../core/errors.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import { repositoryScanResponse } from './repository-response.js';
import { mapGitHubError, type GitHubClient } from '../../adapters/github/client.js';
import { cloneBare, gitBaseUrl } from '../../adapters/sources/git/clone.js';
import { DEFAULT_HISTORY_LIMITS, formatBytes, type HistoryLimits } from '../../adapters/sources/limits.js';
import type { WorkspaceRepository } from '../../adapters/sources/workspace.js';
import type { ScanEngine } from '../../engine/runtime.js';
import type { GitHubScanHooks, GitHubScanSettings } from './github.js';

export interface HistoryRequest {
  readonly owner: string;
  readonly repo: string;
  readonly token?: string;
  readonly viaDefaultToken: boolean;
  readonly since?: string;
  readonly branch?: string;
  readonly verify?: VerifySecrets;
}

export async function scanGitHubHistory(
  request: HistoryRequest,
  client: GitHubClient,
  settings: GitHubScanSettings,
  engine: ScanEngine,
  hooks: GitHubScanHooks,
): Promise<ScanResponse> {
  const limits: HistoryLimits = settings.historyLimits ?? DEFAULT_HISTORY_LIMITS;
  const startedAt = new Date();
  hooks.onStart?.();
  hooks.onProgress?.('downloading');
  const context = { during: 'metadata' as const, owner: request.owner, repo: request.repo, authenticated: client.authenticated, redact: (t: string) => client.redact(t) };
  let data;
  try {
    ({ data } = await client.octokit.rest.repos.get({ owner: request.owner, repo: request.repo, request: { signal: hooks.signal } }));
  } catch (error) {
    throw mapGitHubError(error, context);
  }
  const repository: WorkspaceRepository = {
    owner: data.owner.login,
    repo: data.name,
    ref: request.branch ?? data.default_branch,
    defaultBranch: data.default_branch,
    private: data.private,
    archived: data.archived,
  };
  hooks.admit?.(repository, request.viaDefaultToken);
  const name = `${repository.owner}/${repository.repo}`;
  // GitHub reports the repository's size in KB: refuse at once what the clone would exceed.
  if (typeof data.size === 'number' && data.size * 1024 > limits.maxCloneBytes) {
    throw new AppError('bad_request', `History clone failed: ${name} is larger than the ${formatBytes(limits.maxCloneBytes)} clone-size limit (VIGIL_HISTORY_MAX_CLONE_BYTES)`);
  }
  const url = `${gitBaseUrl(settings.githubApiUrl, settings.githubGitUrl)}/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.repo)}.git`;
  const clone = await cloneBare({ url, ...(request.token ? { token: request.token } : {}), limits, name, ...(hooks.signal ? { signal: hooks.signal } : {}) });
  try {
    hooks.onProgress?.('scanning');
    const outcome = await scanHistory(clone.dir, name, {
      pool: engine.pool,
      timeoutMs: engine.timeoutMs,
      limits: engine.findingLimits,
      maxFileBytes: settings.sourceLimits.maxFileBytes,
      maxCommits: limits.maxCommits,
      names: { since: 'since', branch: 'ref' },
      ...(request.since ? { since: request.since } : {}),
      ...(request.branch ? { branch: request.branch } : {}),
      ...(request.verify ? { verify: request.verify } : {}),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
      ...(hooks.onProgress ? { onProgress: (done: number, total: number) => hooks.onProgress?.('scanning', done, total) } : {}),
    });
    hooks.onProgress?.('done');
    return repositoryScanResponse({
      scanId: hooks.scanId,
      repository,
      startedAt,
      outcome,
      commit: outcome.stats.history?.tip ?? null,
      more: { html_url: data.html_url, clone_bytes: clone.bytes },
    });
  } finally {
    await clone.dispose();
  }
}
