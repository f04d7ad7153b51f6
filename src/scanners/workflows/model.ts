/**
 * A small typed view of a GitHub Actions workflow or action metadata file
 * (GitLab CI files: see gitlab.ts), built from the YAML nodes so every value
 * keeps its source position. `WorkflowFile` is either model; visitor.ts walks both.
 */
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import { buildGitlabModel, type GitlabFile } from './gitlab.js';
import { asMap, asSeq, asStr, entries, get, pair, startOf, type Str, type YamlFile } from './parse.js';

export type FileKind = 'workflow' | 'composite' | 'docker-action' | 'gitlab';

export interface Step {
  readonly index: number;
  readonly start: number;
  readonly id?: Str;
  readonly uses?: Str;
  readonly run?: Str;
  readonly with: ReadonlyMap<string, Str>;
  readonly env: ReadonlyMap<string, Str>;
  readonly if?: Str;
}

/** A job's `container:` or one of its `services:`: the image and registry credentials. */
export interface Container {
  /** `container` or `services.<id>`. */
  readonly where: string;
  /** Offset of the `container` or service key. */
  readonly start: number;
  readonly image?: Str;
  /**
   * What the image can be: the image itself, or for `${{ matrix.<key> }}` every value of that key
   * in the job's matrix (its lists and `include:` entries), so each is checked where it is written.
   */
  readonly images: readonly Str[];
  readonly username?: Str;
  readonly password?: Str;
}

export interface Permissions {
  /** Offset of the `permissions` value. */
  readonly start: number;
  /** `read-all`, `write-all` or `{}` (written as 'none'); undefined for a scope map. */
  readonly shorthand?: string;
  readonly scopes: ReadonlyMap<string, string>;
}

export interface Job {
  readonly id: string;
  /** Offset of the job key. */
  readonly start: number;
  readonly steps: readonly Step[];
  /** A reusable-workflow call. */
  readonly uses?: Str;
  /** `secrets: inherit` and similar scalar forms. */
  readonly secrets?: Str;
  readonly permissions?: Permissions;
  /** Runner labels; expressions over the matrix expanded to every listed value. */
  readonly runsOn: readonly Str[];
  readonly env: ReadonlyMap<string, Str>;
  readonly if?: Str;
  /** `outputs:` of the job, by name. */
  readonly outputs: ReadonlyMap<string, Str>;
  /** Job ids in `needs:`. */
  readonly needs: readonly string[];
  /** `environment:` name (a string or `name:` of a map). */
  readonly environment?: string;
  /** Every string under `strategy.matrix` (or the matrix expression itself), for taint. */
  readonly matrixValues?: readonly Str[];
  /** `container:` first, then `services:` in order; empty for composite actions. */
  readonly containers: readonly Container[];
}

export interface Trigger {
  readonly name: string;
  readonly start: number;
  readonly config?: YAMLMap;
}

/** A GitHub Actions workflow, composite action or Docker action. */
export interface GithubFile {
  readonly kind: Exclude<FileKind, 'gitlab'>;
  readonly path: string;
  readonly file: YamlFile;
  /** Events by name; empty for actions. */
  readonly triggers: ReadonlyMap<string, Trigger>;
  readonly permissions?: Permissions;
  readonly env: ReadonlyMap<string, Str>;
  /** For composite actions, one pseudo-job holding `runs.steps`. */
  readonly jobs: readonly Job[];
  /** Docker actions: `runs.image`. */
  readonly image?: Str;
  /** Declared `type:` of workflow_dispatch / workflow_call inputs (lower-case names); empty for actions (their inputs are text). */
  readonly inputTypes: ReadonlyMap<string, string>;
}

/** One CI/CD file: GitHub Actions or GitLab CI, told apart by `kind`. */
export type WorkflowFile = GithubFile | GitlabFile;

function strMap(file: YamlFile, node: Node | undefined): Map<string, Str> {
  const out = new Map<string, Str>();
  for (const e of entries(file, asMap(file, node))) {
    const s = asStr(file, e.value);
    if (s) out.set(e.key, s);
  }
  return out;
}

function permissions(file: YamlFile, map: YAMLMap | undefined): Permissions | undefined {
  const p = pair(file, map, 'permissions');
  if (!p) return undefined;
  const start = startOf(p.value ?? p.key);
  const scalar = asStr(file, p.value);
  if (scalar) return { start, shorthand: scalar.value, scopes: new Map() };
  const scopes = new Map([...strMap(file, p.value)].map(([k, v]) => [k, v.value] as const));
  return { start, shorthand: scopes.size === 0 ? 'none' : undefined, scopes };
}

function steps(file: YamlFile, node: Node | undefined): Step[] {
  const out: Step[] = [];
  asSeq(file, node)?.items.forEach((item, index) => {
    const map = asMap(file, item);
    if (!map) return;
    out.push({
      index,
      start: startOf(map),
      id: asStr(file, get(file, map, 'id')),
      uses: asStr(file, get(file, map, 'uses')),
      run: asStr(file, get(file, map, 'run')),
      with: strMap(file, get(file, map, 'with')),
      env: strMap(file, get(file, map, 'env')),
      if: asStr(file, get(file, map, 'if')),
    });
  });
  return out;
}

/** `runs-on` as labels: a string, a list, `{ labels: … }`, or `${{ matrix.x }}` resolved against the job's matrix. */
function runsOn(file: YamlFile, job: YAMLMap): Str[] {
  const node = get(file, job, 'runs-on');
  const labels: Str[] = [];
  const add = (n: unknown) => {
    const s = asStr(file, n);
    if (s) labels.push(s);
    else for (const item of asSeq(file, n)?.items ?? []) {
      const v = asStr(file, item);
      if (v) labels.push(v);
    }
  };
  const map = asMap(file, node);
  if (map) add(get(file, map, 'labels'));
  else add(node);
  const matrix = asMap(file, get(file, asMap(file, get(file, job, 'strategy')), 'matrix'));
  const expanded: Str[] = [];
  for (const label of labels) {
    const m = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(label.value.trim());
    if (!m || !matrix) {
      expanded.push(label);
      continue;
    }
    const values = get(file, matrix, m[1] ?? '');
    const before = expanded.length;
    for (const item of asSeq(file, values)?.items ?? []) {
      const s = asStr(file, item);
      if (s) expanded.push(s);
      else for (const inner of asSeq(file, item)?.items ?? []) {
        const v = asStr(file, inner);
        if (v) expanded.push(v);
      }
    }
    if (expanded.length === before) expanded.push(label);
  }
  return expanded;
}

function triggers(file: YamlFile, root: YAMLMap): Map<string, Trigger> {
  const out = new Map<string, Trigger>();
  const node = get(file, root, 'on');
  if (isScalar(node)) {
    const s = asStr(file, node);
    if (s) out.set(s.value, { name: s.value, start: startOf(node) });
  } else if (isSeq(node)) {
    for (const item of node.items) {
      const s = asStr(file, item);
      if (s) out.set(s.value, { name: s.value, start: startOf(s.node) });
    }
  } else if (isMap(node)) {
    for (const e of entries(file, node)) out.set(e.key, { name: e.key, start: startOf(e.keyNode), config: asMap(file, e.value) });
  }
  return out;
}

function job(file: YamlFile, id: string, keyNode: Node, map: YAMLMap): Job {
  return {
    id,
    start: startOf(keyNode),
    steps: steps(file, get(file, map, 'steps')),
    uses: asStr(file, get(file, map, 'uses')),
    secrets: asStr(file, get(file, map, 'secrets')),
    permissions: permissions(file, map),
    runsOn: runsOn(file, map),
    env: strMap(file, get(file, map, 'env')),
    if: asStr(file, get(file, map, 'if')),
    outputs: strMap(file, get(file, map, 'outputs')),
    needs: needsOf(file, get(file, map, 'needs')),
    environment: asStr(file, get(file, map, 'environment'))?.value ?? asStr(file, get(file, asMap(file, get(file, map, 'environment')), 'name'))?.value,
    matrixValues: scalarsUnder(file, get(file, asMap(file, get(file, map, 'strategy')), 'matrix')),
    containers: containers(file, map),
  };
}

/** Strings anywhere under a node (at most 500, depth 6). */
function scalarsUnder(file: YamlFile, node: Node | undefined): Str[] {
  const out: Str[] = [];
  const walk = (n: unknown, depth: number) => {
    if (out.length >= 500 || depth > 6) return;
    const s = asStr(file, n);
    if (s) {
      out.push(s);
      return;
    }
    const map = asMap(file, n);
    if (map) for (const item of map.items) walk(item.value, depth + 1);
    for (const item of asSeq(file, n)?.items ?? []) walk(item, depth + 1);
  };
  walk(node, 0);
  return out;
}

/** Values of one matrix key: `matrix.<key>: [..]` and `<key>:` in `include:` entries (scalars only). */
function matrixAxis(file: YamlFile, matrix: YAMLMap | undefined, key: string): Str[] {
  const out: Str[] = [];
  const add = (node: unknown) => {
    const one = asStr(file, node);
    if (one) out.push(one);
    else for (const item of asSeq(file, node)?.items ?? []) {
      const s = asStr(file, item);
      if (s) out.push(s);
    }
  };
  add(get(file, matrix, key));
  for (const entry of asSeq(file, get(file, matrix, 'include'))?.items ?? []) add(get(file, asMap(file, entry), key));
  return out;
}

/** One `container:` or service: a bare image string or a map with `image` and `credentials`. */
function container(file: YamlFile, where: string, keyNode: Node, node: Node | undefined, matrix: YAMLMap | undefined): Container {
  const map = asMap(file, node);
  const image = map ? asStr(file, get(file, map, 'image')) : asStr(file, node);
  const credentials = asMap(file, get(file, map, 'credentials'));
  const axis = image ? /^\$\{\{\s*matrix\.([\w-]{1,100})\s*\}\}$/.exec(image.value.trim()) : null;
  const expanded = axis ? matrixAxis(file, matrix, axis[1] ?? '') : [];
  return {
    where,
    start: startOf(keyNode),
    image,
    images: expanded.length > 0 ? expanded : image ? [image] : [],
    username: asStr(file, get(file, credentials, 'username')),
    password: asStr(file, get(file, credentials, 'password')),
  };
}

function containers(file: YamlFile, job: YAMLMap): Container[] {
  const matrix = asMap(file, get(file, asMap(file, get(file, job, 'strategy')), 'matrix'));
  const out: Container[] = [];
  const c = pair(file, job, 'container');
  if (c) out.push(container(file, 'container', c.key, c.value, matrix));
  for (const e of entries(file, asMap(file, get(file, job, 'services')))) out.push(container(file, `services.${e.key}`, e.keyNode, e.value, matrix));
  return out;
}

function needsOf(file: YamlFile, node: Node | undefined): string[] {
  const one = asStr(file, node);
  if (one) return [one.value];
  return (asSeq(file, node)?.items ?? []).map((i) => asStr(file, i)?.value).filter((v): v is string => v !== undefined);
}

/** `type:` of each workflow_dispatch and workflow_call input (a name declared by both keeps the looser `string`). */
function inputTypes(file: YamlFile, triggers: ReadonlyMap<string, Trigger>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of ['workflow_dispatch', 'workflow_call']) {
    const inputs = asMap(file, get(file, triggers.get(name)?.config, 'inputs'));
    for (const e of entries(file, inputs)) {
      const type = asStr(file, get(file, asMap(file, e.value), 'type'))?.value.trim().toLowerCase() ?? 'string';
      const key = e.key.toLowerCase();
      if (out.get(key) !== 'string') out.set(key, type);
    }
  }
  return out;
}

/** Builds the model; undefined when the document is not a workflow or an action we handle. */
export function buildModel(file: YamlFile, path: string, kind: 'workflow' | 'action'): GithubFile | undefined;
export function buildModel(file: YamlFile, path: string, kind: 'workflow' | 'action' | 'gitlab'): WorkflowFile | undefined;
export function buildModel(file: YamlFile, path: string, kind: 'workflow' | 'action' | 'gitlab'): WorkflowFile | undefined {
  const root = asMap(file, file.doc.contents);
  if (!root) return undefined;
  if (kind === 'gitlab') {
    const pipeline = buildGitlabModel(file);
    return pipeline ? { kind: 'gitlab', path, file, pipeline } : undefined;
  }
  if (kind === 'workflow') {
    const jobsMap = asMap(file, get(file, root, 'jobs'));
    if (!jobsMap) return undefined;
    const jobs: Job[] = [];
    for (const e of entries(file, jobsMap)) {
      const map = asMap(file, e.value);
      if (map) jobs.push(job(file, e.key, e.keyNode, map));
    }
    const on = triggers(file, root);
    return {
      kind: 'workflow',
      path,
      file,
      triggers: on,
      inputTypes: inputTypes(file, on),
      permissions: permissions(file, root),
      env: strMap(file, get(file, root, 'env')),
      jobs,
    };
  }
  const runs = asMap(file, get(file, root, 'runs'));
  const using = asStr(file, get(file, runs, 'using'))?.value.toLowerCase();
  if (using === 'composite') {
    const stepsPair = pair(file, runs, 'steps');
    const pseudo: Job = {
      id: '(composite)',
      start: startOf(stepsPair?.key),
      steps: steps(file, stepsPair?.value),
      runsOn: [],
      env: new Map(),
      outputs: new Map(),
      needs: [],
      containers: [],
    };
    return { kind: 'composite', path, file, triggers: new Map(), env: new Map(), jobs: [pseudo], inputTypes: new Map() };
  }
  if (using === 'docker') {
    return { kind: 'docker-action', path, file, triggers: new Map(), env: new Map(), jobs: [], inputTypes: new Map(), image: asStr(file, get(file, runs, 'image')) };
  }
  return undefined;
}
