/**
 * What a repository's history holds, read with two git commands: the commits
 * of the chosen refs with the blobs each one introduced (`git log --raw`,
 * oldest first, so a blob's first commit is the one that introduced it), and
 * the blobs of the tip's tree (what is still present).
 */
import { AppError } from '../../../core/errors.js';
import { GitError, gitMissing, runGit, spawnGit } from './command.js';

export interface HistoryCommit {
  readonly sha: string;
  /** Committer date, UTC ISO 8601 (`2024-01-01T00:02:00.000Z`). */
  readonly date: string;
  /** `Name <email>` of the author. */
  readonly author: string;
}

/** A blob the first time the history shows it: the commit that introduced it and its path there. */
export interface IntroducedBlob {
  readonly sha: string;
  readonly path: string;
  /** Index into HistoryListing.commits. */
  readonly commit: number;
}

export interface HistoryListing {
  readonly commits: readonly HistoryCommit[];
  /** Every distinct blob of regular files, in order of first appearance. */
  readonly blobs: readonly IntroducedBlob[];
}

export interface HistorySelection {
  /** Scan only commits after this one (`<rev>..`). */
  readonly since?: string;
  /** Only this branch (or any rev) instead of every ref. */
  readonly branch?: string;
}

const REGULAR_FILE = /^10(?:0644|0755|0664)$/;
const ZERO_SHA = /^0+$/;

/** Resolves a user-given rev to a commit SHA, or a 400 that names it. */
export async function resolveCommit(cwd: string, rev: string, what: string, signal?: AbortSignal): Promise<string> {
  if (rev === '' || rev.startsWith('-') || /[\0\n]/.test(rev)) throw new AppError('bad_request', `Invalid ${what}: ${JSON.stringify(rev)}`);
  try {
    const out = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], { cwd, ...(signal ? { signal } : {}) });
    return out.toString('utf8').trim();
  } catch (error) {
    if (error instanceof GitError) throw new AppError('bad_request', `Unknown ${what}: ${JSON.stringify(rev)} is not a commit of this repository`);
    throw error;
  }
}

/** The commit HEAD points at, or undefined in an empty repository. */
export async function headCommit(cwd: string, signal?: AbortSignal): Promise<string | undefined> {
  try {
    return (await runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd, ...(signal ? { signal } : {}) })).toString('utf8').trim() || undefined;
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/** Checks that `dir` is a git repository (work tree or bare); a 400 otherwise. */
export async function checkRepository(dir: string): Promise<void> {
  try {
    await runGit(['rev-parse', '--git-dir'], { cwd: dir });
  } catch (error) {
    if (error instanceof GitError) throw new AppError('bad_request', `Directory rejected: ${dir} is not a git repository (--history reads its commits)`);
    throw error;
  }
}

/** Blob SHAs of a commit's tree (regular files), and the SHA of `.vigilignore` at its root if any. */
export async function treeBlobs(cwd: string, commit: string, signal?: AbortSignal): Promise<{ blobs: Set<string>; ignoreFile?: string }> {
  const out = await runGit(['ls-tree', '-r', '-z', '--full-tree', commit], { cwd, ...(signal ? { signal } : {}) });
  const blobs = new Set<string>();
  let ignoreFile: string | undefined;
  for (const entry of out.toString('utf8').split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', type = '', sha = ''] = entry.slice(0, tab).split(' ');
    if (type !== 'blob' || !REGULAR_FILE.test(mode)) continue;
    blobs.add(sha);
    if (entry.slice(tab + 1) === '.vigilignore') ignoreFile = sha;
  }
  return { blobs, ...(ignoreFile ? { ignoreFile } : {}) };
}

/**
 * Lists commits oldest first (parents before children) with the blobs each
 * introduced. Merges are compared with their first parent, so content that
 * only a merge brought (a conflict resolution) is seen too. `maxCommits`
 * stops with a 400 past that many commits.
 */
export async function listHistory(
  cwd: string,
  options: {
    /** Commits to start from (SHAs); none means every ref (`--all`). */
    readonly revs: readonly string[];
    /** Commits whose ancestry is left out (SHAs). */
    readonly exclude?: readonly string[];
    readonly maxCommits?: number;
    readonly signal?: AbortSignal;
  },
): Promise<HistoryListing> {
  const args = [
    'log',
    '--topo-order',
    '--reverse',
    '--raw',
    '--root',
    '--no-renames',
    '--no-abbrev',
    '--no-textconv',
    '--no-ext-diff',
    '--diff-merges=first-parent',
    '-z',
    '--format=%x01%H%x00%ct%x00%an <%ae>%x00',
    ...(options.revs.length === 0 ? ['--all'] : []),
    '--end-of-options',
    ...options.revs,
    ...(options.exclude ?? []).map((rev) => `^${rev}`),
    '--',
  ];
  const commits: HistoryCommit[] = [];
  const blobs: IntroducedBlob[] = [];
  const seen = new Set<string>();
  const max = options.maxCommits ?? Number.POSITIVE_INFINITY;
  let state: 'any' | 'date' | 'author' | 'path' = 'any';
  let sha = '';
  let date = '';
  let pending: string | undefined;
  let tooMany = false;

  const token = (raw: string): void => {
    const t = state === 'path' ? raw : raw.replace(/^\n+/, '');
    switch (state) {
      case 'date':
        date = new Date(Number(t) * 1000).toISOString();
        state = 'author';
        return;
      case 'author':
        commits.push({ sha, date, author: t });
        state = 'any';
        return;
      case 'path':
        if (pending !== undefined && !seen.has(pending)) {
          seen.add(pending);
          blobs.push({ sha: pending, path: t, commit: commits.length - 1 });
        }
        pending = undefined;
        state = 'any';
        return;
      default:
        if (t.startsWith('\x01')) {
          if (commits.length >= max) tooMany = true;
          sha = t.slice(1);
          state = 'date';
        } else if (t.startsWith(':')) {
          // :<old mode> <new mode> <old sha> <new sha> <status>
          const [, newMode = '', , newSha = '', status = ''] = t.slice(1).split(' ');
          pending = status !== 'D' && REGULAR_FILE.test(newMode) && !ZERO_SHA.test(newSha) ? newSha : undefined;
          state = 'path';
        }
    }
  };

  await new Promise<void>((resolve, reject) => {
    const child = spawnGit(args, { cwd, ...(options.signal ? { signal: options.signal } : {}) });
    let rest: Buffer = Buffer.alloc(0);
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (tooMany) return;
      let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let nul = data.indexOf(0, start); nul >= 0; nul = data.indexOf(0, start)) {
        token(data.toString('utf8', start, nul));
        start = nul + 1;
        if (tooMany) {
          child.kill('SIGKILL');
          return;
        }
      }
      data = data.subarray(start);
      rest = Buffer.from(data);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? gitMissing() : error));
    child.on('close', (code) => {
      if (tooMany) return reject(new AppError('bad_request', `History scan refused: the history has more than ${max.toLocaleString('en-US')} commits (history commit limit)`));
      if (code !== 0) return reject(new GitError(`git log failed: ${stderr.trim().split('\n').at(-1) ?? ''}`, code, stderr));
      resolve();
    });
  });
  return { commits, blobs };
}
