/**
 * The GitHub REST calls a fix pull request makes, over the one Octokit
 * composition: repository metadata, refs, contents and pull requests. Every
 * failure comes out as a typed error (platforms/github/write-errors.ts).
 */
import type { AppError } from '../../core/errors.js';
import type { GitHubClient } from '../../adapters/github/client.js';
import { answeredStatus, couldNotOpen, mapGitHubWriteError } from '../../adapters/github/write-errors.js';
import type { FilePatch, RepoFile, RepoSnapshot } from './types.js';

export interface RepositoryInfo {
  /** Canonical names (GitHub follows renames). */
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch: string;
  readonly archived: boolean;
  /** The user's push permission as GitHub reports it; undefined when not reported. */
  readonly canPush: boolean | undefined;
}

export interface PullRequestRef {
  readonly number: number;
  readonly url: string;
}

/** The text of a 422's field errors and message, for telling "already exists" apart. */
function validationText(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown; errors?: unknown } } }).response?.data;
  const errors = Array.isArray(data?.errors) ? (data.errors as unknown[]) : [];
  const messages = errors.map((e) => (typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : ''));
  return [typeof data?.message === 'string' ? data.message : '', ...messages].join(' ');
}

const VERSION_TAG = /^v?\d+(?:\.\d+){0,3}$/;

/** How specific a version tag is: `v4.2.2` over `v4.2` over `v4`. */
function specificity(tag: string): number {
  return VERSION_TAG.test(tag) ? tag.split('.').length : 0;
}

/**
 * Resolves an action's tag (or branch) to a commit through the GitHub API, with the most specific
 * version tag on that commit for the comment. Reads at most 10 pages of tags; undefined when the ref
 * is neither a tag nor a branch. Read failures other than 404 come out as typed errors.
 */
export async function resolveActionRef(client: GitHubClient, owner: string, repo: string, ref: string): Promise<{ sha: string; version: string } | undefined> {
  const tags: { name: string; sha: string }[] = [];
  const fail = (error: unknown, step: string) => mapGitHubWriteError(error, { owner, repo, step, redact: (t) => client.redact(t) });
  try {
    for (let page = 1; page <= 10; page++) {
      const { data } = await client.octokit.rest.repos.listTags({ owner, repo, per_page: 100, page });
      tags.push(...data.map((t) => ({ name: t.name, sha: t.commit.sha })));
      if (data.length < 100) break;
    }
  } catch (error) {
    if (answeredStatus(error) === 404) return undefined;
    throw fail(error, `reading the tags of ${owner}/${repo}`);
  }
  const tag = tags.find((t) => t.name === ref);
  if (tag !== undefined) {
    const best = tags.filter((t) => t.sha === tag.sha).sort((a, b) => specificity(b.name) - specificity(a.name) || b.name.length - a.name.length)[0];
    return { sha: tag.sha, version: best !== undefined && specificity(best.name) >= specificity(ref) ? best.name : ref };
  }
  try {
    const { data } = await client.octokit.rest.git.getRef({ owner, repo, ref: `heads/${ref}` });
    return { sha: data.object.sha, version: ref };
  } catch (error) {
    if (answeredStatus(error) === 404) return undefined;
    throw fail(error, `reading branch ${ref} of ${owner}/${repo}`);
  }
}

export class FixRepository {
  constructor(
    private readonly client: GitHubClient,
    readonly owner: string,
    readonly repo: string,
  ) {}

  private fail(error: unknown, step: string): AppError {
    return mapGitHubWriteError(error, { owner: this.owner, repo: this.repo, step, redact: (t) => this.client.redact(t) });
  }

  private async call<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.fail(error, step);
    }
  }

  private get rest() {
    return this.client.octokit.rest;
  }

  async info(): Promise<RepositoryInfo> {
    const { data } = await this.call('reading the repository', () => this.rest.repos.get({ owner: this.owner, repo: this.repo }));
    return { owner: data.owner.login, repo: data.name, defaultBranch: data.default_branch, archived: data.archived, canPush: data.permissions?.push };
  }

  /** The commit a branch points at. */
  async branchHead(branch: string): Promise<string> {
    const { data } = await this.call(`reading branch ${branch}`, () => this.rest.git.getRef({ owner: this.owner, repo: this.repo, ref: `heads/${branch}` }));
    return data.object.sha;
  }

  /** A file at a ref; undefined when it does not exist (or is a folder). */
  async readFile(path: string, ref: string): Promise<RepoFile | undefined> {
    const data = await this.contents(path, ref);
    if (data === undefined || Array.isArray(data) || data.type !== 'file' || !('content' in data)) return undefined;
    if (data.encoding !== 'base64') throw couldNotOpen(`${path} is larger than GitHub's contents API serves`);
    return { content: Buffer.from(data.content, 'base64'), sha: data.sha };
  }

  async rootNames(ref: string): Promise<string[]> {
    const data = await this.contents('', ref);
    return Array.isArray(data) ? data.map((entry) => entry.name) : [];
  }

  private async contents(path: string, ref: string) {
    try {
      const { data } = await this.rest.repos.getContent({ owner: this.owner, repo: this.repo, path, ref });
      return data;
    } catch (error) {
      if (answeredStatus(error) === 404) return undefined;
      throw this.fail(error, `reading ${path || 'the root folder'}`);
    }
  }

  /** Reads through this repository at one ref (a commit SHA or branch), named `label` in messages. */
  snapshot(ref: string, label = ref): RepoSnapshot {
    return { ref: label, read: (path) => this.readFile(path, ref), rootNames: () => this.rootNames(ref) };
  }

  /** Creates a branch at `sha`; false when a branch of that name already exists. */
  async createBranch(branch: string, sha: string): Promise<boolean> {
    try {
      await this.rest.git.createRef({ owner: this.owner, repo: this.repo, ref: `refs/heads/${branch}`, sha });
      return true;
    } catch (error) {
      if (answeredStatus(error) === 422 && /already exists/i.test(validationText(error))) return false;
      throw this.fail(error, 'creating the branch');
    }
  }

  async deleteBranch(branch: string): Promise<void> {
    await this.call('deleting the branch', () => this.rest.git.deleteRef({ owner: this.owner, repo: this.repo, ref: `heads/${branch}` }));
  }

  /** Commits the patch on the branch; false on a write conflict (the file changed on the branch since it was read). */
  async writeFile(patch: FilePatch, branch: string, message: string): Promise<boolean> {
    try {
      await this.rest.repos.createOrUpdateFileContents({
        owner: this.owner,
        repo: this.repo,
        path: patch.path,
        branch,
        message,
        content: patch.content.toString('base64'),
        ...(patch.baseSha === undefined ? {} : { sha: patch.baseSha }),
        // A conflict is answered here (re-read and retry once), never by the retry plugin.
        request: { retries: 0 },
      });
      return true;
    } catch (error) {
      const status = answeredStatus(error);
      // 409: the blob id is stale; 422 on a create: the file appeared meanwhile.
      if (status === 409 || (status === 422 && patch.baseSha === undefined)) return false;
      throw this.fail(error, `committing ${patch.path}`);
    }
  }

  async findOpenPull(branch: string): Promise<PullRequestRef | undefined> {
    const { data } = await this.call('looking for an open pull request', () =>
      this.rest.pulls.list({ owner: this.owner, repo: this.repo, head: `${this.owner}:${branch}`, state: 'open', per_page: 5 }),
    );
    const pull = data.find((p) => p.head.ref === branch) ?? data[0];
    return pull === undefined ? undefined : { number: pull.number, url: pull.html_url };
  }

  /** Opens the pull request; undefined when one is already open for the branch. */
  async openPull(branch: string, base: string, title: string, body: string): Promise<PullRequestRef | undefined> {
    try {
      const { data } = await this.rest.pulls.create({ owner: this.owner, repo: this.repo, head: branch, base, title, body });
      return { number: data.number, url: data.html_url };
    } catch (error) {
      if (answeredStatus(error) === 422 && /pull request already exists/i.test(validationText(error))) return undefined;
      throw this.fail(error, 'opening the pull request');
    }
  }
}
