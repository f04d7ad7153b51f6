import type { Readable } from 'node:stream';
import type { FakeRateLimit } from './rate-limit.js';
import type { EntrySource } from './tarball.js';

export interface FakeRepoOptions {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch?: string;
  /** Further branch or tag names the tarball endpoint accepts (any 7–40 hex SHA is accepted too). */
  readonly refs?: readonly string[];
  readonly private?: boolean;
  readonly archived?: boolean;
  /** The commit SHA every ref resolves to. Default: derived from owner/repo. */
  readonly sha?: string;
  /** Content: a map of paths, a fixture folder, or an entry generator (links, devices, many files). */
  readonly files?: Readonly<Record<string, string | Buffer>>;
  readonly dir?: string;
  readonly entries?: EntrySource;
  /** Bytes served as-is by codeload instead of a built archive (bombs, traversal). */
  readonly rawTarball?: () => Readable | Buffer;
  readonly tarballFailure?: { readonly kind: 'truncate' } | { readonly kind: 'status'; readonly status: number };
  readonly rateLimit?: FakeRateLimit;
  /** What a token without access to this private repository gets: GitHub answers 404 (classic PAT) or 403 (fine-grained, SSO). */
  readonly deniedStatus?: 403 | 404;
  /** What POST /pulls answers instead of opening one (for failure tests). */
  readonly pullFailure?: { readonly status: number; readonly message: string };
  /** `size` in the repository's metadata, in KB as GitHub reports it (default 1). */
  readonly sizeKb?: number;
  /** A bare git repository served over smart HTTP at /{owner}/{repo}.git (git clone, history scans). */
  readonly gitDir?: string;
  /** Tag name → commit SHA, listed by GET /repos/{owner}/{repo}/tags (newest first as given). */
  readonly tags?: Readonly<Record<string, string>>;
}

export interface FakeToken {
  readonly scopes: readonly string[];
  /** full_names the token may read when private; default: every repository, given the repo scope. */
  readonly repos?: readonly string[];
  /** Whether the token may write (refs, contents, pulls); a read-only fine-grained token is false. Default true. */
  readonly write?: boolean;
  /** The user's role shown in the repository's `permissions`; 'read' also refuses writes. Default 'write'. */
  readonly role?: 'read' | 'write';
}
