/**
 * Expressions (`${{ … }}`) and the contexts in them an outsider can set:
 * the shared vocabulary of the injection rules, plus trigger classification.
 */
import type { Job, Step, GithubFile } from './model.js';
import type { Str } from './parse.js';
import { flowingContexts } from './expr.js';

export interface Expression {
  /** Index of `${{` in the scalar value. */
  readonly index: number;
  /** The whole `${{ … }}` text. */
  readonly text: string;
  /** What is between the braces. */
  readonly inner: string;
}

/** Every `${{ … }}` in a string (at most 200; an unterminated one ends the scan). */
export function expressions(value: string): Expression[] {
  const out: Expression[] = [];
  let from = 0;
  while (out.length < 200) {
    const open = value.indexOf('${{', from);
    if (open === -1) break;
    const close = value.indexOf('}}', open + 3);
    if (close === -1) break;
    out.push({ index: open, text: value.slice(open, close + 2), inner: value.slice(open + 3, close) });
    from = close + 2;
  }
  return out;
}

/**
 * Lower-cases and rewrites index syntax so one pattern covers the spellings:
 * `github.event['issue'].title`, `commits[0].message`, `pages.*.page_name`.
 */
export function normalizeExpression(inner: string): string {
  return inner
    .toLowerCase()
    .replace(/\[\s*['"]([\w-]{1,100})['"]\s*\]/g, '.$1')
    .replace(/\[\s*(?:\d{1,6}|\*)\s*\]/g, '.*')
    .replace(/\.\d{1,6}(?=\.)/g, '.*');
}

const ID_END = '(?![\\w-])';
const START = '(?<![\\w.-])';

/** Event fields whose text is chosen by whoever opens the issue, PR, comment, branch or commit. */
const EVENT_FIELDS: readonly string[] = [
  'github\\.event\\.issue\\.(?:title|body)',
  'github\\.event\\.pull_request\\.(?:title|body)',
  'github\\.event\\.pull_request\\.head\\.(?:ref|label)',
  'github\\.event\\.pull_request\\.head\\.repo\\.(?:name|full_name|description|homepage|default_branch)',
  'github\\.event\\.(?:pull_request|issue)\\.labels\\.\\*\\.(?:name|description)',
  'github\\.event\\.label\\.(?:name|description)',
  'github\\.event\\.(?:comment|review|review_comment|answer)\\.body',
  'github\\.event\\.discussion\\.(?:title|body)',
  'github\\.event\\.changes\\.(?:title|body|name)\\.from',
  'github\\.event\\.pages\\.\\*\\.(?:page_name|title|summary)',
  'github\\.event\\.commits\\.\\*\\.(?:message|(?:author|committer)\\.(?:name|email|username)|added\\.\\*|modified\\.\\*|removed\\.\\*)',
  'github\\.event\\.head_commit\\.(?:message|(?:author|committer)\\.(?:name|email|username)|added\\.\\*|modified\\.\\*|removed\\.\\*)',
  'github\\.head_ref',
  'github\\.event\\.workflow_run\\.(?:head_branch|display_title)',
  'github\\.event\\.workflow_run\\.head_commit\\.(?:message|(?:author|committer)\\.(?:name|email|username))',
  'github\\.event\\.workflow_run\\.pull_requests\\.\\*\\.head\\.ref',
  'github\\.event\\.workflow_run\\.head_repository\\.(?:name|full_name|description|homepage|default_branch)',
  'github\\.event\\.release\\.(?:name|body)',
  // A whole object (for example toJSON(github.event.issue)) carries its free-text fields too.
  'github\\.event(?:\\.(?:issue|pull_request|comment|review|review_comment|discussion|head_commit|commits|workflow_run|release|pages|answer))?(?![\\w.-])',
];
const EVENT_PATTERN = new RegExp(`${START}(?:${EVENT_FIELDS.join('|')})${ID_END}`, 'g');
const INPUT_PATTERN = new RegExp(`${START}(?:inputs|github\\.event\\.inputs|github\\.event\\.client_payload)\\.([\\w-]{1,100})[\\w.*-]{0,100}`, 'g');
const STEP_OUTPUT_PATTERN = new RegExp(`${START}steps\\.([\\w-]{1,100})\\.outputs\\.[\\w-]{1,100}`, 'g');
const NEEDS_OUTPUT_PATTERN = new RegExp(`${START}needs\\.([\\w-]{1,100})\\.outputs\\.([\\w-]{1,100})`, 'g');
const MATRIX_PATTERN = new RegExp(`${START}matrix\\.[\\w.*-]{1,100}`, 'g');
const ENV_PATTERN = new RegExp(`${START}env\\.([\\w]{1,100})${ID_END}`, 'g');

/** Input types whose values cannot carry free text (the runner validates them). */
const FIXED_INPUT_TYPES: ReadonlySet<string> = new Set(['boolean', 'number', 'choice', 'environment']);

export type TaintKind = 'event' | 'input';

export interface Taint {
  /** The context as written (normalized), for example `github.event.issue.title`. */
  readonly context: string;
  /** Where the text ultimately comes from. */
  readonly kind: TaintKind;
  /** Read through an env var or a step output set from such a context, not directly. */
  readonly derived: boolean;
}

/** Actions whose outputs carry text from the pull request (file or branch names). */
const TAINTED_OUTPUT_ACTIONS: readonly string[] = ['tj-actions/changed-files', 'tj-actions/branch-names', 'dorny/paths-filter'];

/** What the injection rules know about a job: env vars and step ids whose values come from tainted contexts. */
export interface TaintScope {
  readonly env: ReadonlyMap<string, TaintKind>;
  readonly steps: ReadonlyMap<string, TaintKind>;
  /** `needs.<job>.outputs.<name>` set from tainted values (keys `job.name`, lower-case). */
  readonly needs?: ReadonlyMap<string, TaintKind>;
  /** Input names (lower-case) declared boolean, number, choice or environment. */
  readonly fixedInputs?: ReadonlySet<string>;
  /** Set when the job's matrix is built from tainted values: `matrix.*` then carries them. */
  readonly matrix?: TaintKind;
}

/** The outsider-controlled contexts an expression reads (only those whose text reaches its value). */
export function taintsOf(inner: string, scope?: TaintScope): Taint[] {
  const flowing = flowingContexts(normalizeExpression(inner));
  // Unparsable expressions: every context in them counts.
  const text = flowing === undefined ? normalizeExpression(inner) : flowing.join(' ');
  const out: Taint[] = [];
  for (const m of text.matchAll(EVENT_PATTERN)) out.push({ context: m[0], kind: 'event', derived: false });
  for (const m of text.matchAll(INPUT_PATTERN)) {
    if (scope?.fixedInputs?.has((m[1] ?? '').toLowerCase()) && !m[0].startsWith('github.event.client_payload')) continue;
    out.push({ context: m[0], kind: 'input', derived: false });
  }
  if (scope) {
    // Expression contexts are case-insensitive; env names and step ids are looked up ignoring case.
    const lookup = (map: ReadonlyMap<string, TaintKind>, name: string) => [...map].find(([k]) => k.toLowerCase() === name)?.[1];
    for (const m of text.matchAll(STEP_OUTPUT_PATTERN)) {
      const kind = lookup(scope.steps, m[1] ?? '');
      if (kind) out.push({ context: m[0], kind, derived: true });
    }
    for (const m of text.matchAll(NEEDS_OUTPUT_PATTERN)) {
      const kind = scope.needs && lookup(scope.needs, `${m[1] ?? ''}.${m[2] ?? ''}`);
      if (kind) out.push({ context: m[0], kind, derived: true });
    }
    for (const m of text.matchAll(ENV_PATTERN)) {
      const kind = lookup(scope.env, m[1] ?? '');
      if (kind) out.push({ context: m[0], kind, derived: true });
    }
    if (scope.matrix) for (const m of text.matchAll(MATRIX_PATTERN)) out.push({ context: m[0], kind: scope.matrix, derived: true });
  }
  return out;
}

/** The worst of several taints: direct before derived, event before input. */
export function worstTaint(taints: readonly Taint[]): Taint | undefined {
  const rank = (t: Taint) => (t.kind === 'event' ? 2 : 0) + (t.derived ? 0 : 1);
  return [...taints].sort((a, b) => rank(b) - rank(a))[0];
}

export function taintOfValue(value: string, scope?: TaintScope): TaintKind | undefined {
  return worstTaint(expressions(value).flatMap((e) => taintsOf(e.inner, scope)))?.kind;
}

export function actionName(uses: string): string {
  return uses.split('@')[0]?.toLowerCase() ?? '';
}

/** Shell variables a script reads (`$X`, `\${X}`, `$env:X`, `%X%`). */
export function shellVariables(text: string): { name: string; index: number; text: string }[] {
  const out: { name: string; index: number; text: string }[] = [];
  for (const m of text.matchAll(/\$\{?env:([A-Za-z_]\w{0,100})\}?|\$\{?([A-Za-z_]\w{0,100})\}?|%([A-Za-z_]\w{0,100})%/g)) {
    const name = m[1] ?? m[2] ?? m[3] ?? '';
    out.push({ name, index: m.index, text: m[0] });
  }
  return out;
}

function scopeBase(wf: GithubFile): { env: Map<string, TaintKind>; steps: Map<string, TaintKind>; needs: Map<string, TaintKind>; fixedInputs: Set<string> } {
  const fixedInputs = new Set([...wf.inputTypes].filter(([, t]) => FIXED_INPUT_TYPES.has(t)).map(([n]) => n));
  return { env: new Map(), steps: new Map(), needs: new Map(), fixedInputs };
}

/** Adds env vars set from tainted values; an untainted value shadows an outer tainted one. */
function addEnv(scope: TaintScope & { env: Map<string, TaintKind> }, vars: ReadonlyMap<string, Str>): void {
  for (const [name, value] of vars) {
    const kind = taintOfValue(value.value, scope);
    if (kind) scope.env.set(name, kind);
    else scope.env.delete(name);
  }
}

/** Step ids in `job` (before `step`, or all) whose outputs are likely built from tainted values. */
function addSteps(scope: TaintScope & { steps: Map<string, TaintKind> }, job: Job, step?: Step): void {
  for (const s of job.steps) {
    if (s === step) break;
    if (!s.id) continue;
    const uses = s.uses ? actionName(s.uses.value) : '';
    const local = { ...scope, env: new Map(scope.env) };
    addEnv(local, s.env);
    const sources = [s.run, ...s.with.values()].filter((v): v is Str => v !== undefined);
    const kinds = sources.map((v) => taintOfValue(v.value, local)).filter((k): k is TaintKind => k !== undefined);
    // A script that reads a tainted env var and writes outputs passes the taint on.
    if (s.run && /GITHUB_OUTPUT/.test(s.run.value)) {
      for (const v of shellVariables(s.run.value)) {
        const kind = local.env.get(v.name);
        if (kind) kinds.push(kind);
      }
    }
    if (TAINTED_OUTPUT_ACTIONS.includes(uses)) kinds.push('event');
    if (kinds.length > 0) scope.steps.set(s.id.value, kinds.includes('event') ? 'event' : 'input');
  }
}

function worstKind(kinds: readonly (TaintKind | undefined)[]): TaintKind | undefined {
  return kinds.includes('event') ? 'event' : kinds.includes('input') ? 'input' : undefined;
}

const JOB_OUTPUTS = new WeakMap<GithubFile, Map<string, TaintKind>>();

/** Outputs of every job that are set from tainted values, as `job.output` keys (computed once per file). */
function jobOutputs(wf: GithubFile): Map<string, TaintKind> {
  const cached = JOB_OUTPUTS.get(wf);
  if (cached) return cached;
  const needs = new Map<string, TaintKind>();
  // Jobs can chain outputs; a few passes settle any realistic depth.
  for (let pass = 0; pass < 3; pass++) {
    for (const job of wf.jobs) {
      if (job.outputs.size === 0) continue;
      const scope = { ...scopeBase(wf), needs };
      addEnv(scope, wf.env);
      addEnv(scope, job.env);
      addSteps(scope, job);
      for (const [name, value] of job.outputs) {
        const kind = taintOfValue(value.value, scope);
        if (kind) needs.set(`${job.id}.${name}`, kind);
      }
    }
  }
  JOB_OUTPUTS.set(wf, needs);
  return needs;
}

/**
 * Env vars (workflow, job and, for one step, step level; inner levels shadow
 * outer ones) set from tainted contexts, ids of earlier steps whose outputs
 * are likely built from them, and tainted outputs of other jobs.
 */
export function taintScope(wf: GithubFile, job: Job, step?: Step): TaintScope {
  const scope = { ...scopeBase(wf), needs: wf.jobs.some((j) => j.outputs.size > 0) ? jobOutputs(wf) : new Map<string, TaintKind>() };
  const matrix = worstKind((job.matrixValues ?? []).map((v) => taintOfValue(v.value, scope)));
  const withMatrix = { ...scope, ...(matrix ? { matrix } : {}) };
  addEnv(withMatrix, wf.env);
  addEnv(withMatrix, job.env);
  addSteps(withMatrix, job, step);
  if (step) addEnv(withMatrix, step.env);
  return withMatrix;
}

/** Events that run with the base repository's secrets and a token that may write, yet are started by outsiders. */
export const PRIVILEGED_UNTRUSTED_EVENTS: ReadonlySet<string> = new Set([
  'pull_request_target',
  'workflow_run',
  'issues',
  'issue_comment',
  'discussion',
  'discussion_comment',
]);

/** Events outsiders start from forks that get no secrets and a read-only token. */
export const FORK_EVENTS: ReadonlySet<string> = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment']);

export function privilegedTriggers(wf: GithubFile): string[] {
  return [...wf.triggers.keys()].filter((t) => PRIVILEGED_UNTRUSTED_EVENTS.has(t));
}

/** True when every trigger is a fork-PR event (outsiders there already run their own code, without secrets). */
export function onlyForkTriggers(wf: GithubFile): boolean {
  const names = [...wf.triggers.keys()];
  return names.length > 0 && names.every((t) => FORK_EVENTS.has(t));
}

/** Full 40-hex commit SHA. */
export const FULL_SHA = /^[0-9a-f]{40}$/i;

/** A container image reference pinned by digest. */
export const IMAGE_DIGEST = /@sha256:[0-9a-f]{64}$/i;

/** Writes to the runner's environment, output or path files, in any of the usual spellings. */
export const RUNNER_FILE_PATTERN = /\$\{?(GITHUB_ENV|GITHUB_OUTPUT|GITHUB_PATH)\b\}?/;
