/** Step-level facts several rules share: what an action reference is, what checks out PR code, what runs code. */
import { actionName, FULL_SHA, normalizeExpression } from './contexts.js';
import type { Job, Step, GithubFile } from './model.js';
import type { Str } from './parse.js';
import type { GithubHooks, Hits } from './visitor.js';

export interface ActionRef {
  /** `owner/repo` (lower-case). */
  readonly repo: string;
  /** `owner/repo/sub/path` as written. */
  readonly name: string;
  readonly ref: string;
  readonly owner: string;
}

/** Parses `owner/repo[/path]@ref`; undefined for local (`./`), `docker://`, expressions and malformed values. */
export function parseActionRef(uses: string): ActionRef | undefined {
  const value = uses.trim();
  if (value.startsWith('.') || value.startsWith('docker://') || value.includes('${{')) return undefined;
  const at = value.lastIndexOf('@');
  if (at <= 0) return undefined;
  const name = value.slice(0, at);
  const ref = value.slice(at + 1);
  const parts = name.split('/');
  if (parts.length < 2 || !parts[0] || !parts[1] || !ref) return undefined;
  return { repo: `${parts[0]}/${parts[1]}`.toLowerCase(), name, ref, owner: parts[0].toLowerCase() };
}

export function isPinned(ref: ActionRef): boolean {
  return FULL_SHA.test(ref.ref);
}

export function usesAction(step: Step, ...names: string[]): boolean {
  if (!step.uses) return false;
  const name = actionName(step.uses.value);
  return names.some((n) => name === n);
}

/** Contexts and refs that name the pull request's own code. */
const HEAD_CODE =
  /github\.event\.pull_request\.(?:head\.(?:sha|ref|repo\.full_name)|merge_commit_sha)|github\.head_ref|github\.event\.workflow_run\.(?:head_sha|head_branch|head_repository\.full_name)|refs\/pull\/|pull\/[^\s/]{1,80}\/(?:head|merge)/;

/** The value that makes a step check out pull-request code, if it does. */
export function headCheckout(step: Step): { value: Str; index: number; needle: string } | undefined {
  if (usesAction(step, 'actions/checkout')) {
    for (const key of ['ref', 'repository']) {
      const v = step.with.get(key);
      if (!v) continue;
      const m = HEAD_CODE.exec(normalizeExpression(v.value));
      if (m) return { value: v, index: 0, needle: v.value.slice(0, Math.min(v.value.length, 60)) };
    }
    return undefined;
  }
  if (!step.run) return undefined;
  const lines = step.run.value.split('\n');
  let index = 0;
  for (const line of lines) {
    const lower = normalizeExpression(line);
    const gh = /\bgh\s+pr\s+checkout\b/.exec(lower);
    const git = /\bgit\s+(?:fetch|checkout|switch|pull|worktree\s+add)\b/.exec(lower);
    const hit = gh ?? (git && HEAD_CODE.test(lower) ? git : null);
    if (hit) return { value: step.run, index: index + hit.index, needle: line.slice(hit.index, hit.index + hit[0].length) };
    index += line.length + 1;
  }
  return undefined;
}

/** Third-party actions known to build or run the checked-out project. */
const BUILD_ACTIONS: readonly string[] = [
  'docker/build-push-action',
  'gradle/gradle-build-action',
  'goreleaser/goreleaser-action',
  'cypress-io/github-action',
  'pypa/cibuildwheel',
];

/** Whether a step runs code from the workspace: a script, a local action, or a build action. */
export function runsWorkspaceCode(step: Step): boolean {
  if (step.run) return true;
  if (!step.uses) return false;
  const value = step.uses.value.trim();
  if (value.startsWith('./')) return true;
  return BUILD_ACTIONS.some((a) => actionName(value) === a);
}

/** Text of a job's and a step's `if:` conditions. */
export function conditions(job: Job, step?: Step): string {
  return `${job.if?.value ?? ''} ${step?.if?.value ?? ''}`.toLowerCase();
}

/** Hooks that check every job's and step's `if:`, with the words a finding uses for where it is and a key per place. */
export function conditionHooks(check: (wf: GithubFile, cond: Str, where: string, key: string) => Hits): GithubHooks {
  return {
    job: ({ wf, job }) => (job.if ? check(wf, job.if, `job \`${job.id}\``, job.id) : undefined),
    step: ({ wf, job, step }) => (step.if ? check(wf, step.if, `step ${step.index + 1} of job \`${job.id}\``, `${job.id}|${step.index}`) : undefined),
  };
}

/** The steps of the job after this one. */
export function stepsAfter(job: Job, step: Step): readonly Step[] {
  return job.steps.slice(job.steps.indexOf(step) + 1);
}

export function isFalse(value: Str | undefined): boolean {
  return value !== undefined && value.value.trim().toLowerCase() === 'false';
}

export function isTrue(value: Str | undefined): boolean {
  return value !== undefined && value.value.trim().toLowerCase() === 'true';
}

/** Line starts in a string, for per-line scans that need offsets into the value. */
export function linesWithIndex(value: string): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  let index = 0;
  for (const text of value.split('\n')) {
    out.push({ text, index });
    index += text.length + 1;
  }
  return out;
}

/**
 * Version of an action reference: from a `vX[.Y[.Z]]` tag, or from the `# vX.Y.Z` comment after a pinned
 * SHA. Parts not written are undefined (a floating `v4` tag follows the newest v4 release).
 */
export function actionVersion(wf: GithubFile, uses: Str | undefined): (number | undefined)[] | undefined {
  const ref = uses ? parseActionRef(uses.value) : undefined;
  if (!ref || !uses) return undefined;
  const parse = (text: string) => {
    const m = /^v?(\d{1,5})(?:\.(\d{1,5}))?(?:\.(\d{1,5}))?(?=$|[\s-])/.exec(text);
    return m ? [Number(m[1]), m[2] === undefined ? undefined : Number(m[2]), m[3] === undefined ? undefined : Number(m[3])] : undefined;
  };
  const tag = parse(ref.ref);
  if (tag) return tag;
  if (!FULL_SHA.test(ref.ref)) return undefined;
  const comment = COMMENT_VERSION.exec(afterValue(wf, uses));
  return comment ? parse(comment[1] ?? '') : undefined;
}

/** The start of a version comment: `# v4.2.2`, Renovate's `# tag=v4.2.2`, `# pin @v4.2.2`, ratchet's `# ratchet:owner/repo@v4`. */
export const VERSION_COMMENT = String.raw`#\s*(?:tag=|pin\s*@|ratchet:[\w./-]{1,200}@)?`;
const COMMENT_VERSION = new RegExp(String.raw`${VERSION_COMMENT}(v?\d[\w.-]*)`);

/** The text after a `uses:` value up to the end of its line, where a version comment stands. */
export function afterValue(wf: GithubFile, uses: Str): string {
  const end = uses.node.range?.[1] ?? 0;
  const nl = wf.file.text.indexOf('\n', end);
  return wf.file.text.slice(end, nl === -1 ? undefined : nl);
}

/** Major version of a step's action reference (see actionVersion); undefined when unknown. */
export function majorVersion(wf: GithubFile, step: Step): number | undefined {
  return actionVersion(wf, step.uses)?.[0];
}
