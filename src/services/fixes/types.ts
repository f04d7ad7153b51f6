/**
 * The contract between deterministic fixers and the pull-request opener.
 * A fixer reads files through a RepoSnapshot (one commit or branch of the
 * repository) and answers with one file patch, or says the finding is gone.
 */
import type { Finding } from '../../core/findings.js';

/** A file as stored at a commit: its exact bytes and git's blob id. */
export interface RepoFile {
  readonly content: Buffer;
  readonly sha: string;
}

/** Read access to one commit or branch of the repository being fixed. */
export interface RepoSnapshot {
  /** What is read from, as messages name it (a branch name). */
  readonly ref: string;
  /** The file at `path`, or undefined when there is no such file. */
  read(path: string): Promise<RepoFile | undefined>;
  /** Names of the entries in the repository's root folder. */
  rootNames(): Promise<readonly string[]>;
}

/** The new content of one file. */
export interface FilePatch {
  readonly path: string;
  readonly content: Buffer;
  /** Blob id of the file being replaced; undefined when the file is created. */
  readonly baseSha: string | undefined;
}

/** What a fixer changed, and how to describe it. No text here may contain the secret. */
export interface FixChange {
  readonly patch: FilePatch;
  /** One sentence: what changed ("Redacted the AWS access key in src/config.ts (line 3)."). */
  readonly summary: string;
  /** One sentence of what the user must still do (rotate, purge history). */
  readonly advice: string;
  readonly commitMessage: string;
  readonly prTitle: string;
  /** Markdown sections of the pull-request body. */
  readonly prSections: readonly string[];
}

export type FixOutcome =
  | { readonly kind: 'fixed'; readonly change: FixChange }
  /** The thing to fix is not there any more; `reason` says what was found instead. */
  | { readonly kind: 'gone'; readonly reason: string };

/** What some fixers need beyond the repository: look-ups through the GitHub API. */
export interface FixContext {
  /** The commit a tag (or branch) of another repository points at, and the most specific version tag on it; undefined when there is no such ref. */
  resolveActionRef?(owner: string, repo: string, ref: string): Promise<{ readonly sha: string; readonly version: string } | undefined>;
}

export interface Fixer {
  /** kebab-case identity (docs, logs). */
  readonly id: string;
  /** The rules whose findings this fixer fixes; the registry selects it by them (see titles.ts). */
  readonly rules: readonly string[];
  /** The finding titles POST /v1/fix/pr accepts for it: those the title table maps to `rules` (titlesFor). */
  readonly titles: readonly string[];
  /** Rules whose findings this fixer handles whatever their (variable) titles, selected by `matches`. */
  readonly ruleIds?: readonly string[];
  /** How the titles of those findings read, for GET /v1/fix/pr/supported (`<package>@<version>: <advisory id>`). */
  readonly titlePattern?: string;
  /** For fixers selected by rule rather than exact title: whether this finding is one of theirs. */
  matches?(finding: Finding): boolean;
  /** One sentence for docs: what the fix does. */
  readonly description: string;
  /** What the finding lacks for this fix (for example its file and line), naming the fields; undefined when it has all. */
  incomplete?(finding: Finding): string | undefined;
  fix(finding: Finding, repo: RepoSnapshot, context?: FixContext): Promise<FixOutcome>;
}
