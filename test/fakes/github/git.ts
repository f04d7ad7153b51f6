import { createHash } from 'node:crypto';

/** One commit of a fake repository: a full snapshot of its files. */
export interface FakeCommit {
  readonly sha: string;
  readonly parent: string | undefined;
  readonly message: string;
  readonly files: ReadonlyMap<string, Buffer>;
}

/** An open or closed pull request in a fake repository. */
export interface FakePull {
  readonly number: number;
  readonly title: string;
  readonly body: string;
  /** Branch name (same-repository pull requests only). */
  readonly head: string;
  readonly base: string;
  state: 'open' | 'closed';
}

/** Git's blob id: sha1("blob <size>\0" + content), as GitHub reports it in `sha`. */
export function blobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/**
 * The mutable history of a fake repository: commits (each a snapshot), branches
 * pointing at commits, and pull requests. Writes through the fake's REST routes
 * and tests' own pushes land here; the tarball endpoint serves it back.
 */
export class FakeGit {
  readonly commits = new Map<string, FakeCommit>();
  readonly branches = new Map<string, string>();
  readonly pulls: FakePull[] = [];
  private counter = 0;

  constructor(
    readonly defaultBranch: string,
    initialSha: string,
    files: ReadonlyMap<string, Buffer>,
    otherRefs: readonly string[],
  ) {
    this.commits.set(initialSha, { sha: initialSha, parent: undefined, message: 'Initial commit', files });
    for (const name of [defaultBranch, ...otherRefs]) this.branches.set(name, initialSha);
  }

  /** A branch name or a commit SHA (full, or a prefix of at least 7). */
  resolve(ref: string): FakeCommit | undefined {
    const branch = this.branches.get(ref);
    if (branch !== undefined) return this.commits.get(branch);
    if (!/^[0-9a-f]{7,40}$/.test(ref)) return undefined;
    for (const commit of this.commits.values()) if (commit.sha.startsWith(ref)) return commit;
    return undefined;
  }

  /** Adds a commit on `branch` applying `changes` (null deletes a path); returns it. */
  commit(branch: string, changes: Readonly<Record<string, Buffer | null>>, message: string): FakeCommit {
    const head = this.resolve(branch);
    if (head === undefined || !this.branches.has(branch)) throw new Error(`fake git: no branch ${branch}`);
    const files = new Map(head.files);
    for (const [path, content] of Object.entries(changes)) {
      if (content === null) files.delete(path);
      else files.set(path, content);
    }
    this.counter += 1;
    const sha = createHash('sha1').update(`${head.sha}\0${message}\0${this.counter}\0${[...files.keys()].join('\0')}`).digest('hex');
    const commit: FakeCommit = { sha, parent: head.sha, message, files };
    this.commits.set(sha, commit);
    this.branches.set(branch, sha);
    return commit;
  }

  /** First-parent history of a ref, newest first. */
  log(ref: string): FakeCommit[] {
    const out: FakeCommit[] = [];
    for (let commit = this.resolve(ref); commit !== undefined; commit = commit.parent === undefined ? undefined : this.commits.get(commit.parent)) {
      out.push(commit);
    }
    return out;
  }

  /** Entries directly under `dir` ('' is the root): files and folders. */
  list(ref: string, dir: string): { name: string; path: string; type: 'file' | 'dir' }[] | undefined {
    const commit = this.resolve(ref);
    if (commit === undefined) return undefined;
    const prefix = dir === '' ? '' : `${dir}/`;
    const seen = new Map<string, 'file' | 'dir'>();
    for (const path of commit.files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const [name = '', ...deeper] = path.slice(prefix.length).split('/');
      if (name !== '' && !seen.has(name)) seen.set(name, deeper.length > 0 ? 'dir' : 'file');
    }
    if (seen.size === 0 && dir !== '') return undefined;
    return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, type]) => ({ name, path: `${prefix}${name}`, type }));
  }

  openPull(head: string, base: string, title: string, body: string): FakePull {
    const pull: FakePull = { number: this.pulls.length + 1, title, body, head, base, state: 'open' };
    this.pulls.push(pull);
    return pull;
  }
}
