/**
 * The walk behind every CI/CD rule. A rule implements only the hooks it needs
 * (per file, per job, per step, per reusable reference), for GitHub Actions,
 * GitLab CI or both; `walk` visits a file once, in source order, and calls the
 * hooks of every rule on each node. GitHub and GitLab are two models of one
 * shape (`Model`): what a job, a step and a reusable reference are differs,
 * the order of the walk does not.
 */
import { allScripts, type GitlabFile, type GitlabInclude, type GitlabJob, type ScriptContext } from './gitlab.js';
import type { GithubFile, Job, Step } from './model.js';
import type { Str } from './parse.js';
import type { Hit } from './rule.js';

/** What a hook returns: nothing, one hit or several. */
export type Hits = Hit | readonly Hit[] | undefined | void;

/** The node types of one CI model. */
export interface Model {
  readonly file: unknown;
  readonly job: unknown;
  /** The job a step belongs to (GitLab's `default:` scripts belong to none). */
  readonly stepJob: unknown;
  readonly step: unknown;
  readonly reusable: unknown;
}

/** GitHub Actions: jobs and their steps; a reusable reference is a job calling a workflow (`jobs.<id>.uses`). */
export interface GithubModel extends Model {
  readonly file: GithubFile;
  readonly job: Job;
  readonly stepJob: Job;
  readonly step: Step;
  readonly reusable: Job & { readonly uses: Str };
}

/** GitLab CI: jobs, script entries (each once, see allScripts) and `include:` entries. */
export interface GitlabModel extends Model {
  readonly file: GitlabFile;
  readonly job: GitlabJob;
  readonly stepJob: GitlabJob | undefined;
  readonly step: ScriptContext;
  readonly reusable: GitlabInclude;
}

export interface FileVisit<M extends Model> {
  readonly wf: M['file'];
}
export interface JobVisit<M extends Model> extends FileVisit<M> {
  readonly job: M['job'];
}
export interface StepVisit<M extends Model> extends FileVisit<M> {
  readonly job: M['stepJob'];
  readonly step: M['step'];
}
export interface ReusableVisit<M extends Model> extends FileVisit<M> {
  readonly ref: M['reusable'];
}

/**
 * The hooks both models offer. On a GitHub file the walk calls `file`, then per job `job`,
 * `reusable` (a job with `uses:`) and each `step`; on a GitLab file `file`, `reusable` per
 * `include:` entry, `job` per job, then `step` per script entry.
 */
export interface Hooks<M extends Model> {
  readonly file?: (v: FileVisit<M>) => Hits;
  readonly job?: (v: JobVisit<M>) => Hits;
  readonly reusable?: (v: ReusableVisit<M>) => Hits;
  readonly step?: (v: StepVisit<M>) => Hits;
}

/** A `uses:` reference: a reusable-workflow call (no step) or a step's action. */
export interface UsesVisit extends FileVisit<GithubModel> {
  readonly job: Job;
  readonly step?: Step;
  readonly uses: Str;
}

export interface GithubHooks extends Hooks<GithubModel> {
  /** Every `uses:`: the job's reusable-workflow call, then its steps' actions (after the step hook of that step). */
  readonly uses?: (v: UsesVisit) => Hits;
}

export type GitlabHooks = Hooks<GitlabModel>;

/** A rule's hooks, per model; a rule leaves out the models it does not check. */
export interface RuleHooks {
  readonly github?: GithubHooks;
  readonly gitlab?: GitlabHooks;
}

/** Calls one hook of every rule that has it. */
type Each<H> = (call: (hooks: H) => Hits) => void;

function walkGithub(wf: GithubFile, each: Each<GithubHooks>): void {
  each((h) => h.file?.({ wf }));
  for (const job of wf.jobs) {
    each((h) => h.job?.({ wf, job }));
    const uses = job.uses;
    if (uses) {
      const ref = { ...job, uses };
      each((h) => h.reusable?.({ wf, ref }));
      each((h) => h.uses?.({ wf, job, uses }));
    }
    for (const step of job.steps) {
      each((h) => h.step?.({ wf, job, step }));
      const uses = step.uses;
      if (uses) each((h) => h.uses?.({ wf, job, step, uses }));
    }
  }
}

function walkGitlab(wf: GitlabFile, each: Each<GitlabHooks>): void {
  each((h) => h.file?.({ wf }));
  for (const ref of wf.pipeline.includes) each((h) => h.reusable?.({ wf, ref }));
  for (const job of wf.pipeline.jobs) each((h) => h.job?.({ wf, job }));
  for (const step of allScripts(wf.pipeline)) each((h) => h.step?.({ wf, job: step.job, step }));
}

/**
 * Walks one file once for several rules and returns each rule's hits, in walk order. A hook that
 * throws drops that rule's hits for the file (a detector bug must not cost the other rules theirs).
 */
export function walk(wf: GithubFile | GitlabFile, rules: readonly RuleHooks[]): (Hit[] | undefined)[] {
  const results: (Hit[] | undefined)[] = rules.map(() => []);
  const run = <H>(hooksOf: (r: RuleHooks) => H | undefined) => (call: (hooks: H) => Hits) => {
    rules.forEach((rule, i) => {
      const hooks = hooksOf(rule);
      const hits = results[i];
      if (!hooks || !hits) return;
      try {
        const out = call(hooks);
        if (Array.isArray(out)) hits.push(...(out as readonly Hit[]));
        else if (out) hits.push(out as Hit);
      } catch {
        results[i] = undefined;
      }
    });
  };
  if (wf.kind === 'gitlab') walkGitlab(wf, run((r) => r.gitlab));
  else walkGithub(wf, run((r) => r.github));
  return results;
}

/** One rule's hits on one file (for callers outside the scanner, such as the advisory check). */
export function walkOne(wf: GithubFile | GitlabFile, hooks: RuleHooks): Hit[] {
  return walk(wf, [hooks])[0] ?? [];
}

/** Every `uses:` of a GitHub file, in walk order. */
export function allUses(wf: GithubFile): UsesVisit[] {
  const out: UsesVisit[] = [];
  walk(wf, [{ github: { uses: (v) => void out.push(v) } }]);
  return out;
}
