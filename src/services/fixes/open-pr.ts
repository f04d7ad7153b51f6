/**
 * Opening a fix pull request: find an open one for the finding (idempotency),
 * compute the fix on the default branch's head, create the branch, commit the
 * patch (a write conflict is retried once), open the pull request. A branch
 * this request created is deleted again when a later step fails.
 */
import { AppError, isAppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { createGitHubClient } from '../../adapters/github/client.js';
import { couldNotOpen, permissionDenied } from '../../adapters/github/write-errors.js';
import { FixRepository, resolveActionRef, type PullRequestRef } from './github-repo.js';
import { branchFor, pullRequestBody } from './pr-text.js';
import type { FixChange, FixContext, Fixer } from './types.js';

export interface FixPullRequestSettings {
  readonly githubApiUrl: string;
  readonly userAgent: string;
  /** Retries of GitHub 5xx answers and network failures. */
  readonly retries?: number;
}

export interface FixPullRequestRequest {
  readonly finding: Finding;
  readonly owner: string;
  readonly repo: string;
  /** Used for this request only: never stored, logged or returned. */
  readonly token: string;
}

export interface FixPullRequestResult {
  readonly pr_url: string;
  readonly message: string;
}

function alreadyGone(finding: Finding, reason: string): AppError {
  const rotate = finding.category === 'secrets' ? ' If the value was ever pushed, rotate it anyway: it stays in git history' : '';
  return new AppError('conflict', `Finding already gone: ${reason}; nothing to fix (finding ${finding.id}).${rotate}`);
}

/** Commits the fix on the branch. `first` is the change computed on the branch's base; undefined means compute it on the branch. */
async function commitFix(repo: FixRepository, fixer: Fixer, finding: Finding, branch: string, first: FixChange | undefined, context: FixContext): Promise<void> {
  let change = first;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (change === undefined) {
      // Re-read the file where the commit goes: the branch has moved (or existed already).
      const outcome = await fixer.fix(finding, repo.snapshot(branch), context);
      if (outcome.kind === 'gone') return; // the branch already carries the fix
      change = outcome.change;
    }
    if (await repo.writeFile(change.patch, branch, change.commitMessage)) return;
    change = undefined;
  }
  throw couldNotOpen(`branch ${branch} kept changing while the fix was being committed`);
}

async function openOrFind(repo: FixRepository, branch: string, base: string, finding: Finding, change: FixChange): Promise<PullRequestRef> {
  const opened = await repo.openPull(branch, base, change.prTitle, pullRequestBody(finding, change));
  if (opened !== undefined) return opened;
  // Another request opened it between our check and now.
  const existing = await repo.findOpenPull(branch);
  if (existing === undefined) throw couldNotOpen('GitHub reported an open pull request for the branch but listed none');
  return existing;
}

/** Opens (or finds) the fix pull request; every failure is a typed error, unexpected ones 500 Could not open PR. */
export async function openFixPullRequest(fixer: Fixer, request: FixPullRequestRequest, settings: FixPullRequestSettings): Promise<FixPullRequestResult> {
  try {
    return await open(fixer, request, settings);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('internal', 'Could not open PR: an unexpected error stopped it; retry, and report the request id if it persists', { cause: error });
  }
}

async function open(fixer: Fixer, request: FixPullRequestRequest, settings: FixPullRequestSettings): Promise<FixPullRequestResult> {
  const client = createGitHubClient({
    baseUrl: settings.githubApiUrl,
    userAgent: settings.userAgent,
    token: request.token,
    ...(settings.retries === undefined ? {} : { retries: settings.retries }),
  });
  const first = new FixRepository(client, request.owner, request.repo);
  const info = await first.info();
  if (info.archived) throw permissionDenied(info.owner, info.repo, 'the repository is archived (read-only)');
  if (info.canPush === false) throw permissionDenied(info.owner, info.repo, 'the token\'s user has read access only');
  const repo = new FixRepository(client, info.owner, info.repo);
  const finding = request.finding;
  const branch = branchFor(finding);

  const existing = await repo.findOpenPull(branch);
  if (existing !== undefined) {
    return { pr_url: existing.url, message: `A pull request for finding ${finding.id} is already open (#${existing.number}, branch ${branch}); no new one was opened.` };
  }

  const baseSha = await repo.branchHead(info.defaultBranch);
  const context: FixContext = { resolveActionRef: (owner, name, ref) => resolveActionRef(client, owner, name, ref) };
  const outcome = await fixer.fix(finding, repo.snapshot(baseSha, info.defaultBranch), context);
  if (outcome.kind === 'gone') throw alreadyGone(finding, outcome.reason);
  const change = outcome.change;

  const created = await repo.createBranch(branch, baseSha);
  try {
    await commitFix(repo, fixer, finding, branch, created ? change : undefined, context);
    const pull = await openOrFind(repo, branch, info.defaultBranch, finding, change);
    return { pr_url: pull.url, message: `Opened pull request #${pull.number} from branch ${branch}: ${change.summary} ${change.advice}` };
  } catch (error) {
    // Nothing half-done: a branch this request created goes away with the failure.
    if (created) await repo.deleteBranch(branch).catch(() => undefined);
    throw error;
  }
}
