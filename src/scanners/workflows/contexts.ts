/**
 * Expressions (`${{ … }}`) and the contexts in them an outsider can set:
 * the shared vocabulary of the injection rules, plus trigger classification.
 */
import type { Job, Step, WorkflowFile } from './model.js';
import type { Str } from './parse.js';

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
  'github\\.event\\.(?:comment|review|review_comment)\\.body',
  'github\\.event\\.discussion\\.(?:title|body)',
  'github\\.event\\.pages\\.\\*\\.page_name',
  'github\\.event\\.commits\\.\\*\\.(?:message|(?:author|committer)\\.(?:name|email|username))',
  'github\\.event\\.head_commit\\.(?:message|(?:author|committer)\\.(?:name|email|username))',
  'github\\.head_ref',
  'github\\.event\\.workflow_run\\.(?:head_branch|display_title)',
  'github\\.event\\.workflow_run\\.head_commit\\.(?:message|(?:author|committer)\\.(?:name|email))',
  'github\\.event\\.workflow_run\\.pull_requests\\.\\*\\.head\\.ref',
  'github\\.event\\.workflow_run\\.head_repository\\.(?:name|full_name|description|homepage|default_branch)',
  // A whole object (for example toJSON(github.event.issue)) carries its free-text fields too.
  'github\\.event(?:\\.(?:issue|pull_request|comment|review|review_comment|discussion|head_commit|commits|workflow_run))?(?![\\w.-])',
];
const EVENT_PATTERN = new RegExp(`${START}(?:${EVENT_FIELDS.join('|')})${ID_END}`, 'g');
const INPUT_PATTERN = new RegExp(`${START}(?:inputs|github\\.event\\.inputs|github\\.event\\.client_payload)\\.[\\w.-]{1,100}`, 'g');
const STEP_OUTPUT_PATTERN = new RegExp(`${START}steps\\.([\\w-]{1,100})\\.outputs\\.[\\w-]{1,100}`, 'g');
const ENV_PATTERN = new RegExp(`${START}env\\.([\\w]{1,100})${ID_END}`, 'g');

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
const TAINTED_OUTPUT_ACTIONS: readonly string[] = ['tj-actions/changed-files', 'tj-actions/branch-names'];

/** What the injection rules know about a job: env vars and step ids whose values come from tainted contexts. */
export interface TaintScope {
  readonly env: ReadonlyMap<string, TaintKind>;
  readonly steps: ReadonlyMap<string, TaintKind>;
}

/** The outsider-controlled contexts an expression reads. */
export function taintsOf(inner: string, scope?: TaintScope): Taint[] {
  const text = normalizeExpression(inner);
  const out: Taint[] = [];
  for (const m of text.matchAll(EVENT_PATTERN)) out.push({ context: m[0], kind: 'event', derived: false });
  for (const m of text.matchAll(INPUT_PATTERN)) out.push({ context: m[0], kind: 'input', derived: false });
  if (scope) {
    // Expression contexts are case-insensitive; env names and step ids are looked up ignoring case.
    const lookup = (map: ReadonlyMap<string, TaintKind>, name: string) => [...map].find(([k]) => k.toLowerCase() === name)?.[1];
    for (const m of text.matchAll(STEP_OUTPUT_PATTERN)) {
      const kind = lookup(scope.steps, m[1] ?? '');
      if (kind) out.push({ context: m[0], kind, derived: true });
    }
    for (const m of text.matchAll(ENV_PATTERN)) {
      const kind = lookup(scope.env, m[1] ?? '');
      if (kind) out.push({ context: m[0], kind, derived: true });
    }
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

/**
 * Env vars (workflow, job and, for one step, step level) set from tainted
 * contexts, and ids of earlier steps whose outputs are likely built from them.
 */
export function taintScope(wf: WorkflowFile, job: Job, step?: Step): TaintScope {
  const env = new Map<string, TaintKind>();
  const steps = new Map<string, TaintKind>();
  const scope = { env, steps };
  const add = (vars: ReadonlyMap<string, Str>) => {
    for (const [name, value] of vars) {
      const kind = taintOfValue(value.value, scope);
      if (kind) env.set(name, kind);
    }
  };
  add(wf.env);
  add(job.env);
  for (const s of job.steps) {
    if (s === step) break;
    if (!s.id) continue;
    const uses = s.uses ? actionName(s.uses.value) : '';
    const sources = [s.run, ...s.with.values(), ...s.env.values()].filter((v): v is Str => v !== undefined);
    const kinds = sources.map((v) => taintOfValue(v.value, scope)).filter((k): k is TaintKind => k !== undefined);
    if (TAINTED_OUTPUT_ACTIONS.includes(uses)) kinds.push('event');
    if (kinds.length > 0) steps.set(s.id.value, kinds.includes('event') ? 'event' : 'input');
  }
  if (step) add(step.env);
  return scope;
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

export function privilegedTriggers(wf: WorkflowFile): string[] {
  return [...wf.triggers.keys()].filter((t) => PRIVILEGED_UNTRUSTED_EVENTS.has(t));
}

/** True when every trigger is a fork-PR event (outsiders there already run their own code, without secrets). */
export function onlyForkTriggers(wf: WorkflowFile): boolean {
  const names = [...wf.triggers.keys()];
  return names.length > 0 && names.every((t) => FORK_EVENTS.has(t));
}

/** Full 40-hex commit SHA. */
export const FULL_SHA = /^[0-9a-f]{40}$/i;

/** Writes to the runner's environment, output or path files, in any of the usual spellings. */
export const RUNNER_FILE_PATTERN = /\$\{?(GITHUB_ENV|GITHUB_OUTPUT|GITHUB_PATH)\b\}?/;
