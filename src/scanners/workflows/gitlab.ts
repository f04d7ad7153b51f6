/**
 * A small typed view of a GitLab CI file (`.gitlab-ci.yml` and the
 * `*.gitlab-ci.yml` files it includes), built from the YAML nodes so every
 * value keeps its source position. `extends` is followed within the file for
 * the values rules need; anchors and `<<` merges come from the YAML library;
 * `!reference [job, key]` tags in scripts are resolved within the file.
 */
import { isMap, isSeq, type Node, type YAMLMap } from 'yaml';
import { asMap, asSeq, asStr, entries, get, pair, resolve, startOf, type Str, type YamlFile } from './parse.js';

export type ScriptSection = 'script' | 'before_script' | 'after_script';

/** One script entry (a list item or the whole string); may span several lines. */
export interface ScriptLine {
  readonly section: ScriptSection;
  readonly str: Str;
}

export interface GitlabJob {
  readonly id: string;
  /** Offset of the job key. */
  readonly start: number;
  /** Hidden (`.name`) jobs are templates for `extends` and anchors. */
  readonly hidden: boolean;
  /** Scripts written in this job (or pulled in with `!reference`). */
  readonly scripts: readonly ScriptLine[];
  readonly image?: Str;
  readonly services: readonly Str[];
  readonly variables: ReadonlyMap<string, Str>;
  /** Names in `extends`. */
  readonly extends: readonly string[];
  /** The job's own `rules`/`only`/`except` say it runs in merge request pipelines; undefined when it has none. */
  readonly ownMergeRequest?: boolean;
}

export type IncludeKind = 'local' | 'remote' | 'project' | 'template' | 'component';

export interface GitlabInclude {
  readonly kind: IncludeKind;
  /** The location value: path, URL, project path, template name or component address. */
  readonly value: Str;
  readonly ref?: Str;
  /** `integrity:` of a remote include. */
  readonly integrity?: Str;
}

export interface GitlabPipeline {
  readonly jobs: readonly GitlabJob[];
  /** `default:` scripts (and the deprecated top-level `before_script`/`after_script`). */
  readonly defaultScripts: readonly ScriptLine[];
  /** `default:image` and the deprecated top-level `image`. */
  readonly defaultImages: readonly Str[];
  readonly defaultServices: readonly Str[];
  readonly variables: ReadonlyMap<string, Str>;
  readonly includes: readonly GitlabInclude[];
  /** `workflow:rules` create merge request pipelines. */
  readonly workflowMergeRequest: boolean;
}

/** A GitLab CI file: the model visitor.ts walks beside GitHub's (see model.ts). */
export interface GitlabFile {
  readonly kind: 'gitlab';
  readonly path: string;
  readonly file: YamlFile;
  readonly pipeline: GitlabPipeline;
}

/** Top-level keys that are not jobs. */
const RESERVED = new Set(['default', 'include', 'stages', 'variables', 'workflow', 'image', 'services', 'cache', 'before_script', 'after_script', 'types']);

const SECTIONS: readonly ScriptSection[] = ['before_script', 'script', 'after_script'];

/** `$CI_PIPELINE_SOURCE == "merge_request_event"`, `$CI_MERGE_REQUEST_IID` and friends. */
const MR_CONDITION = /merge_request_event|\$\{?CI_MERGE_REQUEST_(?:IID|ID|SOURCE_BRANCH_NAME|TITLE|EVENT_TYPE)\b|\$\{?CI_OPEN_MERGE_REQUESTS\b(?!\s*==\s*null)/;

/**
 * A job key's entry, following YAML merge keys (`<<: *defaults`, `<<: [*a, *b]`),
 * which the YAML 1.2 parser keeps as ordinary `<<` entries.
 */
function jobPair(file: YamlFile, map: YAMLMap | undefined, key: string, depth = 0): { key: Node; value: Node | undefined } | undefined {
  const own = pair(file, map, key);
  if (own || depth > 5) return own;
  const merge = get(file, map, '<<');
  const sources = isSeq(merge) ? merge.items : [merge];
  for (const source of sources) {
    const found = jobPair(file, asMap(file, source), key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function jobGet(file: YamlFile, map: YAMLMap | undefined, key: string): Node | undefined {
  return jobPair(file, map, key)?.value;
}

function strMap(file: YamlFile, node: Node | undefined): Map<string, Str> {
  const out = new Map<string, Str>();
  for (const e of entries(file, asMap(file, node))) {
    // `VAR: { value: …, description: … }` as well as `VAR: value`.
    const s = asStr(file, e.value) ?? asStr(file, get(file, asMap(file, e.value), 'value'));
    if (s) out.set(e.key, s);
  }
  return out;
}

/** Strings of a script value: a string, a list, nested lists and `!reference` tags (depth-limited). */
function scriptStrs(file: YamlFile, root: YAMLMap, node: unknown, depth = 0): Str[] {
  if (depth > 5) return [];
  const n = resolve(file, node);
  if (isSeq(n) && n.tag === '!reference') {
    const path = n.items.map((i) => asStr(file, i)?.value).filter((v): v is string => v !== undefined);
    let target: Node | undefined = root;
    for (const key of path) target = jobGet(file, asMap(file, target), key);
    return target ? scriptStrs(file, root, target, depth + 1) : [];
  }
  const s = asStr(file, n);
  if (s) return [s];
  const out: Str[] = [];
  for (const item of asSeq(file, n)?.items ?? []) out.push(...scriptStrs(file, root, item, depth + 1));
  return out;
}

function scripts(file: YamlFile, root: YAMLMap, map: YAMLMap | undefined): ScriptLine[] {
  const out: ScriptLine[] = [];
  for (const section of SECTIONS) {
    for (const str of scriptStrs(file, root, jobGet(file, map, section))) out.push({ section, str });
  }
  return out;
}

/** An image value: `name` or `{ name: … }`. */
function image(file: YamlFile, node: unknown): Str | undefined {
  return asStr(file, node) ?? asStr(file, get(file, asMap(file, node), 'name'));
}

function services(file: YamlFile, node: unknown): Str[] {
  const out: Str[] = [];
  for (const item of asSeq(file, node)?.items ?? []) {
    const s = image(file, item);
    if (s) out.push(s);
  }
  return out;
}

function strings(file: YamlFile, node: unknown): string[] {
  const s = asStr(file, node);
  if (s) return [s.value];
  return (asSeq(file, node)?.items ?? []).map((i) => asStr(file, i)?.value).filter((v): v is string => v !== undefined);
}

/** Whether `rules:` (job or workflow) has a rule that is not `when: never` matching merge request pipelines. */
function rulesMergeRequest(file: YamlFile, node: unknown): boolean {
  for (const item of asSeq(file, node)?.items ?? []) {
    const rule = asMap(file, item);
    const cond = asStr(file, get(file, rule, 'if'))?.value;
    const when = asStr(file, get(file, rule, 'when'))?.value;
    if (cond && MR_CONDITION.test(cond) && when !== 'never') return true;
  }
  return false;
}

function ownMergeRequest(file: YamlFile, map: YAMLMap): boolean | undefined {
  const rules = jobPair(file, map, 'rules');
  if (rules) return rulesMergeRequest(file, rules.value);
  const only = jobPair(file, map, 'only');
  if (only) {
    const refs = isMap(only.value) ? get(file, only.value, 'refs') : only.value;
    return strings(file, refs).some((r) => r === 'merge_requests');
  }
  return undefined;
}

function includes(file: YamlFile, node: unknown): GitlabInclude[] {
  const out: GitlabInclude[] = [];
  const items = isSeq(resolve(file, node)) ? (asSeq(file, node)?.items ?? []) : [node];
  for (const item of items) {
    const s = asStr(file, item);
    if (s) {
      out.push({ kind: /^https?:\/\//i.test(s.value.trim()) ? 'remote' : 'local', value: s });
      continue;
    }
    const map = asMap(file, item);
    if (!map) continue;
    for (const kind of ['local', 'remote', 'project', 'template', 'component'] as const) {
      const value = asStr(file, get(file, map, kind));
      if (value) {
        out.push({ kind, value, ref: asStr(file, get(file, map, 'ref')), integrity: asStr(file, get(file, map, 'integrity')) });
        break;
      }
    }
  }
  return out;
}

/** Builds the pipeline model; undefined when the document is not a map. */
export function buildGitlabModel(file: YamlFile): GitlabPipeline | undefined {
  const root = asMap(file, file.doc.contents);
  if (!root) return undefined;
  const def = asMap(file, get(file, root, 'default'));
  const jobs: GitlabJob[] = [];
  for (const e of entries(file, root)) {
    if (RESERVED.has(e.key)) continue;
    const map = asMap(file, e.value);
    if (!map) continue;
    jobs.push({
      id: e.key,
      start: startOf(e.keyNode),
      hidden: e.key.startsWith('.'),
      scripts: scripts(file, root, map),
      image: image(file, jobGet(file, map, 'image')),
      services: services(file, jobGet(file, map, 'services')),
      variables: strMap(file, jobGet(file, map, 'variables')),
      extends: strings(file, jobGet(file, map, 'extends')),
      ownMergeRequest: ownMergeRequest(file, map),
    });
  }
  const topImage = image(file, get(file, root, 'image'));
  const defImage = image(file, get(file, def, 'image'));
  return {
    jobs,
    defaultScripts: [...scripts(file, root, def), ...scripts(file, root, root).filter((s) => s.section !== 'script')],
    defaultImages: [defImage, topImage].filter((s): s is Str => s !== undefined),
    defaultServices: [...services(file, get(file, def, 'services')), ...services(file, get(file, root, 'services'))],
    variables: strMap(file, get(file, root, 'variables')),
    includes: includes(file, get(file, root, 'include')),
    workflowMergeRequest: rulesMergeRequest(file, get(file, asMap(file, get(file, root, 'workflow')), 'rules')),
  };
}

/**
 * Whether a job runs in merge request pipelines: its own rules/only, else the
 * first job it extends that has them, else whether `workflow:rules` create them
 * (jobs without rules run in every pipeline the workflow allows).
 */
export function runsForMergeRequests(pipeline: GitlabPipeline, job: GitlabJob): boolean {
  const byId = new Map(pipeline.jobs.map((j) => [j.id, j] as const));
  const seen = new Set<string>();
  const own = (j: GitlabJob): boolean | undefined => {
    if (seen.has(j.id)) return undefined;
    seen.add(j.id);
    if (j.ownMergeRequest !== undefined) return j.ownMergeRequest;
    for (const name of [...j.extends].reverse()) {
      const parent = byId.get(name);
      const v = parent ? own(parent) : undefined;
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const self = own(job);
  if (self !== undefined) return self;
  if (pipeline.workflowMergeRequest) return true;
  // A template runs wherever a job extending it runs.
  if (job.hidden) return pipeline.jobs.some((j) => j !== job && j.extends.includes(job.id) && runsForMergeRequests({ ...pipeline, jobs: pipeline.jobs.filter((x) => x !== job) }, j));
  return false;
}

/** Whether any job of the pipeline runs for merge requests. */
export function pipelineRunsForMergeRequests(pipeline: GitlabPipeline): boolean {
  return pipeline.workflowMergeRequest || pipeline.jobs.some((j) => !j.hidden && runsForMergeRequests(pipeline, j));
}

export interface ScriptContext {
  /** undefined for `default:` and top-level scripts. */
  readonly job?: GitlabJob;
  readonly line: ScriptLine;
  /** Where the script is written, for messages and keys: a job id or `default`. */
  readonly where: string;
  readonly mergeRequest: boolean;
}

/**
 * Every script entry of the pipeline with whether it runs in merge request
 * pipelines. A node shared by several jobs (anchors, merge keys, `!reference`)
 * is listed once, at its first job, running for merge requests if any of them does.
 */
export function allScripts(pipeline: GitlabPipeline): ScriptContext[] {
  const byNode = new Map<unknown, ScriptContext>();
  const add = (ctx: ScriptContext) => {
    const seen = byNode.get(ctx.line.str.node);
    if (!seen) byNode.set(ctx.line.str.node, ctx);
    else if (ctx.mergeRequest && !seen.mergeRequest) byNode.set(ctx.line.str.node, { ...seen, mergeRequest: true });
  };
  const anyMr = pipelineRunsForMergeRequests(pipeline);
  for (const line of pipeline.defaultScripts) add({ line, where: 'default', mergeRequest: anyMr });
  for (const job of pipeline.jobs) {
    const mergeRequest = runsForMergeRequests(pipeline, job);
    for (const line of job.scripts) add({ job, line, where: job.id, mergeRequest });
  }
  return [...byNode.values()];
}
