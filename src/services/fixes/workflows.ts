/**
 * Fixes for GitHub Actions workflow findings, as text edits on the file's own
 * bytes: every byte outside the edit stays as it was (comments, quoting,
 * line endings, a byte-order mark), new lines use the file's line ending and
 * the surrounding indentation. Each fixer re-reads the file where the commit
 * goes and says "gone" when the problem is no longer there, so a second
 * request (or a retry on a moved branch) changes nothing.
 *
 * - persist-credentials: `persist-credentials: false` on the reported checkout.
 * - workflow permissions: a top-level `permissions: contents: read`.
 * - template injection: the `${{ … }}` moves into the step's `env:` and the
 *   script reads it as a shell variable (run:, in workflows and composite
 *   actions) or from process.env (actions/github-script).
 * - action pinning: the tag is resolved to its commit through the GitHub API
 *   and the version kept as a `# vX.Y.Z` comment.
 */
import { isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import { AppError, badRequest } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { flowingContexts } from '../../scanners/workflows/expr.js';
import { asMap, asSeq, asStr, entries, get, pair, parseYaml, type YamlFile } from '../../scanners/workflows/parse.js';
import { actionName } from '../../scanners/workflows/contexts.js';
import { parseActionRef, isPinned } from '../../scanners/workflows/steps.js';
import { asTemplateText, scriptExpressions, type StringSpan } from './js-context.js';
import type { Fixer, FixContext, FixOutcome, RepoSnapshot } from './types.js';
import { titlesFor } from './titles.js';

const MAX_PATH = 1024;
/** How far from the reported line the reported node may have moved and still be found. */
const NEARBY_LINES = 20;

/** What a workflow fix needs from the finding: a workflow or action file and a line. */
function workflowLocationProblem(finding: Finding): string | undefined {
  const { path, line } = finding.location;
  const missing = [...(path === undefined || path === '' ? ['finding.location.path'] : []), ...(line === undefined ? ['finding.location.line'] : [])];
  if (missing.length > 0) {
    return `a fix pull request for a "${finding.title}" finding needs the workflow file and line, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing; send the finding as the repository scan returned it`;
  }
  if (line !== undefined && line < 1) return 'finding.location.line must be 1 or more (lines are counted from 1)';
  // eslint-disable-next-line no-control-regex -- control characters are what is rejected
  const unsafe = path === undefined || path.length > MAX_PATH || path.startsWith('/') || /[\x00-\x1f\x7f\\]/.test(path) || path.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (unsafe) return 'finding.location.path must be a relative path inside the repository';
  if (!/\.ya?ml$/i.test(path ?? '')) return 'finding.location.path must be a workflow or action YAML file';
  return undefined;
}

interface Loaded {
  readonly path: string;
  readonly text: string;
  readonly file: YamlFile;
  readonly sha: string;
  readonly eol: string;
}

/** The file as text, parsed; a typed outcome when it is missing or does not parse. */
async function load(finding: Finding, repo: RepoSnapshot): Promise<Loaded | { gone: string }> {
  const path = finding.location.path ?? '';
  const read = await repo.read(path);
  if (read === undefined) return { gone: `${path} does not exist on ${repo.ref}` };
  const text = read.content.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(read.content)) throw badRequest(`Finding not supported: ${path} is not UTF-8 text, so it cannot be edited byte for byte`);
  const file = parseYaml(text);
  if (file === undefined) throw badRequest(`Finding not supported: ${path} on ${repo.ref} is not valid YAML (or holds several documents); fix it by hand`);
  return { path, text, file, sha: read.sha, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

function lineOf(file: YamlFile, offset: number): number {
  return file.lines.linePos(offset).line;
}

/** Offset of the start of the line holding `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the end of the line holding `offset` (after its line break; text length on the last line). */
function afterLine(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/** Column (0-based) of an offset within its line. */
function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

function splice(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/** Inserting whole lines at `at` (a line start, or the end of a file that may lack a final newline). */
function insertLines(text: string, at: number, lines: readonly string[], eol: string): string {
  const prefix = at === text.length && text.length > 0 && !text.endsWith('\n') ? eol : '';
  return splice(text, at, 0, prefix + lines.map((l) => l + eol).join(''));
}

/** Where new keys of a block map go: after the line on which its last value ends. */
function endOfMap(text: string, map: YAMLMap): number {
  const last = map.items.at(-1) as Pair<Node, Node> | undefined;
  const node = last?.value ?? last?.key;
  const end = node?.range?.[1] ?? map.range?.[1] ?? text.length;
  // Block scalars end after their final line break; other values before it.
  return end > 0 && text[end - 1] === '\n' ? end : afterLine(text, Math.max(0, end - 1));
}

/** Indentation (spaces) of a block map's keys. */
function keyIndent(text: string, map: YAMLMap): string {
  const first = map.items[0]?.key as Node | undefined;
  return ' '.repeat(columnOf(text, first?.range?.[0] ?? 0));
}

function requireBlock(map: YAMLMap | undefined, what: string): void {
  if (map?.flow) throw badRequest(`Finding not supported: ${what} is written in flow style ({ … }); edit it by hand`);
}

interface StepRef {
  readonly map: YAMLMap;
  readonly jobMap: YAMLMap;
  readonly jobId: string;
}

/** Every step map of the workflow's jobs, or of a composite action's `runs.steps`. */
function allSteps(file: YamlFile): StepRef[] {
  const root = asMap(file, file.doc.contents);
  const out: StepRef[] = [];
  const add = (jobId: string, jobMap: YAMLMap, steps: Node | undefined) => {
    for (const item of asSeq(file, steps)?.items ?? []) {
      const map = asMap(file, item);
      if (map) out.push({ map, jobMap, jobId });
    }
  };
  for (const e of entries(file, asMap(file, get(file, root, 'jobs')))) {
    const jobMap = asMap(file, e.value);
    if (jobMap) add(e.key, jobMap, get(file, jobMap, 'steps'));
  }
  const runs = asMap(file, get(file, root, 'runs'));
  if (runs) add('(composite)', runs, get(file, runs, 'steps'));
  return out;
}

/**
 * The node the finding points at: the one on the reported line when there is one there (open or
 * already fixed: `undefined` then means fixed); otherwise, if the file moved, the nearest open one within
 * NEARBY_LINES whose source line reads like the finding's evidence.
 */
function reportedNode<T>(all: readonly T[], isOpen: (t: T) => boolean, lineOfItem: (t: T) => number, sourceLine: (t: T) => string, finding: Finding): T | undefined {
  const line = finding.location.line ?? 1;
  const here = all.filter((t) => lineOfItem(t) === line);
  if (here.length > 0) return here.find(isOpen);
  const evidence = finding.evidence.trim();
  return nearest(
    all.filter((t) => isOpen(t) && sourceLine(t).trim() === evidence),
    lineOfItem,
    line,
  );
}

function sourceLineAt(text: string, offset: number): string {
  return text.slice(lineStart(text, offset), afterLine(text, offset)).replace(/\r?\n$/, '');
}

/** The candidate nearest to the reported line, within NEARBY_LINES. */
function nearest<T>(items: readonly T[], lineOfItem: (t: T) => number, line: number): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    const d = Math.abs(lineOfItem(item) - line);
    if (d > NEARBY_LINES) continue;
    if (best === undefined || d < Math.abs(lineOfItem(best) - line)) best = item;
  }
  return best;
}

function fixed(path: string, content: string, baseSha: string, parts: { summary: string; advice: string; commitMessage: string; prTitle: string; prSections: string[] }): FixOutcome {
  return { kind: 'fixed', change: { patch: { path, content: Buffer.from(content, 'utf8'), baseSha }, ...parts } };
}

// --- persist-credentials: false -------------------------------------------

const CHECKOUT = new Set(['actions/checkout']);

export const PERSIST_CREDENTIALS_FIXER: Fixer = {
  id: 'workflow-persist-credentials',
  rules: ['persisted-checkout-credentials'],
  titles: titlesFor(['persisted-checkout-credentials']),
  description: 'Sets `persist-credentials: false` on the reported actions/checkout step (adding a `with:` block when it has none), so the token is not left on disk.',
  incomplete: workflowLocationProblem,
  async fix(finding: Finding, repo: RepoSnapshot): Promise<FixOutcome> {
    const loaded = await load(finding, repo);
    if ('gone' in loaded) return { kind: 'gone', reason: loaded.gone };
    const { path, text, file, sha, eol } = loaded;
    const line = finding.location.line ?? 1;
    const checkouts = allSteps(file).filter((s) => CHECKOUT.has(actionName(asStr(file, get(file, s.map, 'uses'))?.value ?? '')));
    const usesLine = (s: StepRef) => lineOf(file, pair(file, s.map, 'uses')?.value?.range?.[0] ?? 0);
    const isOpen = (s: StepRef) => asStr(file, get(file, asMap(file, get(file, s.map, 'with')), 'persist-credentials'))?.value.trim().toLowerCase() !== 'false';
    const step = reportedNode(checkouts, isOpen, usesLine, (s) => sourceLineAt(text, pair(file, s.map, 'uses')?.value?.range?.[0] ?? 0), finding);
    if (step === undefined) {
      return { kind: 'gone', reason: `no actions/checkout near line ${line} of ${path} on ${repo.ref} keeps its credentials (persist-credentials is already false)` };
    }
    requireBlock(step.map, `the checkout step in ${path}`);
    const withPair = pair(file, step.map, 'with');
    const withMap = asMap(file, withPair?.value);
    let content: string;
    const existing = withMap ? pair(file, withMap, 'persist-credentials') : undefined;
    if (existing?.value && isScalar(existing.value) && existing.value.range) {
      // An explicit `persist-credentials: true`: the value is replaced, its comment kept.
      const [start, end] = existing.value.range;
      content = splice(text, start, end - start, 'false');
    } else if (withMap && withMap.items.length > 0) {
      requireBlock(withMap, `the checkout's with: block in ${path}`);
      content = insertLines(text, endOfMap(text, withMap), [`${keyIndent(text, withMap)}persist-credentials: false`], eol);
    } else if (withPair) {
      throw badRequest(`Finding not supported: the checkout's with: in ${path} is empty or not a map; edit it by hand`);
    } else {
      const indent = keyIndent(text, step.map);
      content = insertLines(text, endOfMap(text, step.map), [`${indent}with:`, `${indent}  persist-credentials: false`], eol);
    }
    const at = usesLine(step);
    return fixed(path, content, sha, {
      summary: `Set \`persist-credentials: false\` on the actions/checkout step of job \`${step.jobId}\` in \`${path}\` (line ${at}).`,
      advice: 'If a later step of that job pushes with git, give that step a token explicitly (for example through `GH_TOKEN`).',
      commitMessage: `Do not persist checkout credentials in ${path}\n\nactions/checkout keeps the job's token on disk by default; later steps, tools and uploaded artifacts could read it.`,
      prTitle: `Do not persist checkout credentials in ${path}`,
      prSections: [
        [
          '## Why',
          '',
          'By default actions/checkout writes the job\'s `GITHUB_TOKEN` where any later step can read it (`.git/config` before v6). Code from a pull request, a compromised dependency or an uploaded artifact of the workspace can then take it.',
        ].join('\n'),
      ],
    });
  },
};

// --- top-level permissions --------------------------------------------------

export const PERMISSIONS_FIXER: Fixer = {
  id: 'workflow-permissions',
  rules: ['excessive-permissions'],
  titles: titlesFor(['excessive-permissions']),
  description: 'Adds a top-level `permissions: contents: read` to a workflow that sets none, just before `jobs:`.',
  incomplete: (finding) => {
    const { path } = finding.location;
    if (path === undefined || path === '') return `a fix pull request for a "${finding.title}" finding needs the workflow file, but finding.location.path is missing; send the finding as the repository scan returned it`;
    return workflowLocationProblem({ ...finding, location: { ...finding.location, line: finding.location.line ?? 1 } });
  },
  async fix(finding: Finding, repo: RepoSnapshot): Promise<FixOutcome> {
    const loaded = await load(finding, repo);
    if ('gone' in loaded) return { kind: 'gone', reason: loaded.gone };
    const { path, text, file, sha, eol } = loaded;
    const root = asMap(file, file.doc.contents);
    if (!root) throw badRequest(`Finding not supported: ${path} is not a workflow`);
    if (pair(file, root, 'permissions')) return { kind: 'gone', reason: `${path} on ${repo.ref} already sets top-level permissions` };
    requireBlock(root, path);
    const jobs = pair(file, root, 'jobs');
    if (!jobs?.key.range) throw badRequest(`Finding not supported: ${path} has no jobs: key`);
    const jobsMap = asMap(file, jobs.value);
    const base = columnOf(text, jobs.key.range[0]);
    const childCol = jobsMap && jobsMap.items[0] ? columnOf(text, (jobsMap.items[0].key as Node).range?.[0] ?? 0) : base + 2;
    const step = Math.max(1, childCol - base);
    const indent = ' '.repeat(base);
    // Comments directly above `jobs:` belong to it: the block goes above them.
    let at = lineStart(text, jobs.key.range[0]);
    while (at > 0) {
      const prev = lineStart(text, at - 1);
      if (!/^\s*#/.test(text.slice(prev, at))) break;
      at = prev;
    }
    const content = insertLines(text, at, [`${indent}permissions:`, `${indent}${' '.repeat(step)}contents: read`], eol);
    return fixed(path, content, sha, {
      summary: `Added a top-level \`permissions: contents: read\` to \`${path}\`, so every job's token is read-only unless the job asks for more.`,
      advice: 'If a job writes (comments, releases, packages), give that job its own `permissions:` with just those scopes; run the workflow once to check.',
      commitMessage: `Set read-only token permissions in ${path}\n\nWithout a permissions block the token gets the repository default, which is read-write on older repositories and organizations.`,
      prTitle: `Set read-only token permissions in ${path}`,
      prSections: [
        [
          '## Check the jobs that write',
          '',
          'Jobs that push, comment, label, publish packages or create releases need write scopes. Give each such job its own `permissions:` block (for example `pull-requests: write`) instead of widening the top-level one.',
        ].join('\n'),
      ],
    });
  },
};

// --- template injection -> env ----------------------------------------------

/** A context path usable as one env value: `github.event.issue.title`, `inputs.name`, `steps.x.outputs.y`, `env.X`. */
const SIMPLE_CONTEXT = /^[A-Za-z_][\w-]*(?:\.[\w-]+|\.\*|\[\s*(?:\d+|\*|'[\w-]+')\s*\])+$/;

/** The env var name for a context: `github.event.pull_request.title` → `PULL_REQUEST_TITLE`. */
export function envNameFor(context: string): string {
  const flat = context
    .replace(/\[\s*'([\w-]+)'\s*\]/g, '.$1')
    .replace(/\[\s*(\d+|\*)\s*\]/g, (_m, i: string) => (i === '*' ? '.any' : `.${i}`))
    .replace(/\.\*/g, '.any')
    .replace(/^github\.event\./i, '')
    .replace(/^github\./i, 'GH_');
  const name = flat.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[0-9]/.test(name) ? `V_${name}` : name;
}

type Shell = 'posix' | 'pwsh' | 'cmd';

function shellOf(file: YamlFile, step: StepRef): Shell | undefined {
  const root = asMap(file, file.doc.contents);
  const defaults = (m: YAMLMap | undefined) => asStr(file, get(file, asMap(file, get(file, asMap(file, get(file, m, 'defaults')), 'run')), 'shell'))?.value;
  const shell = (asStr(file, get(file, step.map, 'shell'))?.value ?? defaults(step.jobMap) ?? defaults(root))?.trim().toLowerCase();
  if (shell === undefined) {
    const runsOn = get(file, step.jobMap, 'runs-on');
    const labels = [asStr(file, runsOn)?.value, ...(asSeq(file, runsOn)?.items ?? []).map((i) => asStr(file, i)?.value)].join(' ').toLowerCase();
    return labels.includes('windows') ? 'pwsh' : 'posix';
  }
  if (/^(?:bash|sh|zsh)\b/.test(shell) || shell.startsWith('/bin/') || shell.startsWith('/usr/bin/')) return 'posix';
  if (/^(?:pwsh|powershell)\b/.test(shell)) return 'pwsh';
  if (/^cmd\b/.test(shell)) return 'cmd';
  return undefined;
}

function reference(shell: Shell, name: string): string {
  return shell === 'posix' ? `\${${name}}` : shell === 'pwsh' ? `\${env:${name}}` : `%${name}%`;
}

/** Where an expression sits: a `run:` script, or the `script:` of actions/github-script. */
interface Candidate {
  readonly step: StepRef;
  readonly sink: Node;
  readonly kind: 'run' | 'github-script';
  readonly start: number;
  readonly text: string;
  readonly inner: string;
}

/** `${{ … }}` occurrences in a scalar's source, by file offset. */
function expressionsIn(text: string, step: StepRef, sink: Node, kind: Candidate['kind']): Candidate[] {
  if (!isScalar(sink) || !sink.range) return [];
  const out: Candidate[] = [];
  const source = text.slice(sink.range[0], sink.range[1]);
  for (let i = source.indexOf('${{'); i !== -1; i = source.indexOf('${{', i + 3)) {
    const close = source.indexOf('}}', i + 3);
    if (close === -1) break;
    out.push({ step, sink, kind, start: sink.range[0] + i, text: source.slice(i, close + 2), inner: source.slice(i + 3, close).trim() });
  }
  return out;
}

const squash = (expression: string) => expression.replace(/\s+/g, '');

/** The env entry a moved expression reads: an existing one holding the same expression, or a new one with a free name. */
function envEntry(file: YamlFile, text: string, step: StepRef, path: string, base: string, expression: string): { name: string; add?: { at: number; lines: string[] } } {
  requireBlock(step.map, `the step in ${path}`);
  const envPair = pair(file, step.map, 'env');
  const envMap = asMap(file, envPair?.value);
  if (envPair && !envMap) throw badRequest(`Finding not supported: the step's env: in ${path} is not a map (an expression?); edit it by hand`);
  requireBlock(envMap, `the step's env: block in ${path}`);
  const taken = new Map(entries(file, envMap).map((e) => [e.key, squash(asStr(file, e.value)?.value ?? '')] as const));
  const value = `\${{ ${expression} }}`;
  const reuse = [...taken].find(([, v]) => v === squash(value))?.[0];
  if (reuse) return { name: reuse };
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  if (envMap && envMap.items.length > 0) return { name, add: { at: endOfMap(text, envMap), lines: [`${keyIndent(text, envMap)}${name}: ${value}`] } };
  if (envPair) throw badRequest(`Finding not supported: the step's env: in ${path} is empty; edit it by hand`);
  const indent = keyIndent(text, step.map);
  return { name, add: { at: endOfMap(text, step.map), lines: [`${indent}env:`, `${indent}  ${name}: ${value}`] } };
}

interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

/** Applies edits from the end of the file backwards (so offsets stay valid), then the env lines. */
function applyEdits(text: string, edits: readonly Edit[], add: { at: number; lines: string[] } | undefined, eol: string): string {
  const all: { at: number; apply: (t: string) => string }[] = edits.map((e) => ({ at: e.at, apply: (t: string) => splice(t, e.at, e.remove, e.insert) }));
  if (add) all.push({ at: add.at, apply: (t: string) => insertLines(t, add.at, add.lines, eol) });
  let content = text;
  for (const e of all.sort((a, b) => b.at - a.at)) content = e.apply(content);
  return content;
}

const TOJSON = /^toJSON\(\s*([^()]+?)\s*\)$/i;

/**
 * github-script: the expression moves to `env:` and the script reads `process.env.NAME`. Inside a
 * '…' or "…" string the string becomes a template literal reading the variable (or the variable
 * itself when the string held only the expression); inside a template literal `${process.env.NAME}`;
 * in a comment the text is replaced. In code only `toJSON(context)` is moved, read back with
 * `JSON.parse(process.env.NAME)`: any other expression in code is JavaScript the value itself writes.
 */
function scriptEdits(target: Candidate, text: string, path: string): { edits: Edit[]; expression: string; base: string; reads: string } {
  if (!isScalar(target.sink) || !target.sink.range) throw badRequest(`Finding not supported: the script in ${path} cannot be read`);
  const style = target.sink.type;
  if (style !== 'BLOCK_LITERAL' && style !== 'BLOCK_FOLDED' && style !== 'PLAIN') {
    throw badRequest(`Finding not supported: the github-script script: in ${path} is a quoted YAML string, so it cannot be edited safely; write it as a block (script: |) or move the expression by hand`);
  }
  const [from, to] = target.sink.range;
  // A block scalar's source starts with its header line (`|`, `|-`, a comment).
  const bodyAt = style === 'PLAIN' ? from : afterLine(text, from);
  const found = scriptExpressions(text.slice(bodyAt, to));
  if (!found) throw badRequest(`Finding not supported: the github-script script in ${path} could not be read as JavaScript (an unclosed string or comment?); move the expression by hand`);
  const same = found.filter((e) => squash(e.inner) === squash(target.inner));
  const json = TOJSON.exec(target.inner);
  const context = json ? (json[1] ?? '') : target.inner;
  if (!SIMPLE_CONTEXT.test(context) || flowingContexts(context)?.length !== 1) {
    throw badRequest(`Finding not supported: \`${target.text}\` is not a single context${json ? '' : ' (or toJSON of one)'}, so it cannot be moved to env: automatically; move it by hand`);
  }
  const envRef = json ? undefined : /^env\.([A-Za-z_]\w*)$/.exec(context);
  const name = envRef?.[1] ?? `${envNameFor(context)}${json ? '_JSON' : ''}`;
  const reads = `process.env.${name}`;
  const edits: Edit[] = [];
  const strings = new Map<number, StringSpan>();
  for (const e of same) {
    const at = bodyAt + e.start;
    if (e.where === 'regex') throw badRequest(`Finding not supported: \`${target.text}\` is inside a regular expression in ${path}; move it by hand`);
    if (json) {
      if (e.where !== 'code') throw badRequest(`Finding not supported: \`${target.text}\` is inside a string in ${path}; move it by hand`);
      edits.push({ at, remove: e.end - e.start, insert: `JSON.parse(${reads})` });
    } else if (e.where === 'code') {
      throw badRequest(
        `Finding not supported: \`${target.text}\` is JavaScript code in the script of ${path}, not inside a string, so its value is run as code; pass \`toJSON(${context})\` through env: and read it with JSON.parse by hand`,
      );
    } else if (e.where === 'comment') edits.push({ at, remove: e.end - e.start, insert: reads });
    else if (e.where === 'template') edits.push({ at, remove: e.end - e.start, insert: `\${${reads}}` });
    else strings.set(e.where.start, e.where);
  }
  const body = text.slice(bodyAt, to);
  for (const span of strings.values()) {
    const inside = found.filter((e) => e.start > span.start && e.end < span.end);
    if (inside.some((e) => squash(e.inner) !== squash(target.inner))) {
      throw badRequest(`Finding not supported: a string in the script of ${path} holds \`${target.text}\` and other expressions; move them by hand`);
    }
    const parts: string[] = [];
    let cursor = span.start + 1;
    for (const e of inside) {
      parts.push(body.slice(cursor, e.start));
      cursor = e.end;
    }
    parts.push(body.slice(cursor, span.end - 1));
    // A string that is only the expression becomes the variable itself.
    const only = inside.length === 1 && parts.every((p) => p === '');
    const insert = only ? reads : `\`${parts.map(asTemplateText).join(`\${${reads}}`)}\``;
    edits.push({ at: bodyAt + span.start, remove: span.end - span.start, insert });
  }
  return { edits, expression: json ? target.inner : context, base: name, reads };
}

export const TEMPLATE_INJECTION_FIXER: Fixer = {
  id: 'workflow-injection-to-env',
  rules: ['template-injection'],
  titles: titlesFor(['template-injection']),
  description:
    'Moves the reported `${{ … }}` expression into the step\'s `env:`. A `run:` script (of a workflow or a composite action) reads it as a variable (`${NAME}` in bash and sh, `${env:NAME}` in PowerShell, `%NAME%` in cmd); an actions/github-script `script:` reads `process.env.NAME` (a string around the expression becomes a template literal; `toJSON(context)` in code becomes `JSON.parse(process.env.NAME)`). `${{ env.X }}` reads X without a new entry. Every occurrence of the same expression in that script changes.',
  incomplete: workflowLocationProblem,
  async fix(finding: Finding, repo: RepoSnapshot): Promise<FixOutcome> {
    const loaded = await load(finding, repo);
    if ('gone' in loaded) return { kind: 'gone', reason: loaded.gone };
    const { path, text, file, sha, eol } = loaded;
    const line = finding.location.line ?? 1;
    const column = finding.location.column;
    // Expressions in run: scripts and github-script scripts, by source position.
    const candidates: Candidate[] = [];
    for (const step of allSteps(file)) {
      const run = pair(file, step.map, 'run')?.value;
      if (run) candidates.push(...expressionsIn(text, step, run, 'run'));
      if (actionName(asStr(file, get(file, step.map, 'uses'))?.value ?? '') === 'actions/github-script') {
        const script = pair(file, asMap(file, get(file, step.map, 'with')), 'script')?.value;
        if (script) candidates.push(...expressionsIn(text, step, script, 'github-script'));
      }
    }
    const onLine = candidates.filter((c) => lineOf(file, c.start) === line);
    const exact = column === undefined ? undefined : onLine.find((c) => c.start - lineStart(text, c.start) + 1 === column);
    const target = exact ?? (onLine.length === 1 ? onLine[0] : undefined);
    if (target === undefined) {
      // Still there, but in another action's code input (a yq cmd:, an ssh script:): not a script Vigil can rewrite.
      const lineText = file.lines.lineStarts[line - 1] === undefined ? '' : text.slice(file.lines.lineStarts[line - 1], afterLine(text, file.lines.lineStarts[line - 1] ?? 0));
      const at = column === undefined ? lineText.indexOf('${{') : column - 1;
      if (at >= 0 && lineText.startsWith('${{', at)) {
        throw badRequest('Finding not supported: the expression is in an action input that is not a run: script or a github-script script:, so it cannot be moved to env: automatically; pass it through env: and read it the way that action allows, by hand');
      }
      return { kind: 'gone', reason: `no \`\${{ … }}\` expression in a run: or github-script script at line ${line}${column === undefined ? '' : `, column ${column}`} of ${path} on ${repo.ref}` };
    }
    const where = lineOf(file, target.start);
    if (target.kind === 'github-script') {
      const plan = scriptEdits(target, text, path);
      const env = /^env\.[A-Za-z_]\w*$/.test(plan.expression) ? { name: plan.base } : envEntry(file, text, target.step, path, plan.base, plan.expression);
      const reads = env.name === plan.base ? plan.reads : `process.env.${env.name}`;
      const edits = env.name === plan.base ? plan.edits : plan.edits.map((e) => ({ ...e, insert: e.insert.split(plan.reads).join(reads) }));
      const content = applyEdits(text, edits, env.add, eol);
      const count = candidates.filter((c) => c.sink === target.sink && squash(c.inner) === squash(target.inner)).length;
      return fixed(path, content, sha, {
        summary: `Moved \`${target.text}\` out of the github-script script of job \`${target.step.jobId}\` in \`${path}\` (line ${where}${count > 1 ? `, ${count} occurrences` : ''}) into the step's \`env:\` as \`${env.name}\`; the script now reads \`${reads}\`.`,
        advice: 'The value now reaches the script as a string, not as code. Check that the script still treats it as text (for example when it builds a comment body or a command from it).',
        commitMessage: `Pass ${plan.expression} to github-script through env in ${path}\n\nExpressions in script: are pasted into the JavaScript before it runs, so text an outsider chooses could run as code with the job's token.`,
        prTitle: `Pass untrusted input through env in ${path}`,
        prSections: [
          [
            '## Why',
            '',
            `GitHub substitutes \`\${{ … }}\` into the script before node parses it, so a quote or a backtick in \`${plan.expression}\` would end the string and the rest would run as JavaScript. Read from \`process.env\`, the same text is only data.`,
          ].join('\n'),
        ],
      });
    }
    if (!SIMPLE_CONTEXT.test(target.inner) || flowingContexts(target.inner)?.length !== 1) {
      throw badRequest(`Finding not supported: \`${target.text}\` is not a single context, so it cannot be moved to env: automatically; move it by hand`);
    }
    const shell = shellOf(file, target.step);
    if (shell === undefined) throw badRequest(`Finding not supported: the step's shell in ${path} is not bash, sh, PowerShell or cmd`);
    const envRef = /^env\.([A-Za-z_]\w*)$/.exec(target.inner);
    const env = envRef ? { name: envRef[1] ?? '' } : envEntry(file, text, target.step, path, envNameFor(target.inner), target.inner);
    if (envRef) requireBlock(target.step.map, `the step in ${path}`);
    const name = env.name;
    // Every occurrence of the same expression in this script.
    const same = candidates.filter((c) => c.sink === target.sink && squash(c.inner) === squash(target.inner));
    const content = applyEdits(
      text,
      same.map((c) => ({ at: c.start, remove: c.text.length, insert: reference(shell, name) })),
      env.add,
      eol,
    );
    return fixed(path, content, sha, {
      summary: `Moved \`${target.text}\` out of the run: script of job \`${target.step.jobId}\` in \`${path}\` (line ${where}${same.length > 1 ? `, ${same.length} occurrences` : ''}) into the step's \`env:\` as \`${name}\`; the script now reads \`${reference(shell, name)}\`.`,
      advice: 'The value is now data, not code; keep it quoted where the script uses it ("${NAME}") so spaces and wildcards stay literal.',
      commitMessage: `Pass ${target.inner} to the script through env in ${path}\n\nExpressions in run: are pasted into the script before the shell sees it, so text an outsider chooses could run as commands.`,
      prTitle: `Pass untrusted input through env in ${path}`,
      prSections: [
        [
          '## Why',
          '',
          `GitHub substitutes \`\${{ … }}\` into the script text before the shell runs it, so quotes, \`$(…)\` or backticks in \`${target.inner}\` would become code. Read through an environment variable, the same text is only data.`,
        ].join('\n'),
      ],
    });
  },
};

// --- pin an action to a commit ----------------------------------------------

export const PIN_ACTION_FIXER: Fixer = {
  id: 'workflow-pin-action',
  rules: ['unpinned-action'],
  titles: titlesFor(['unpinned-action']),
  description:
    'Replaces the reported action\'s tag or branch with the full commit SHA it points at (resolved through the GitHub API) and keeps the version as a `# vX.Y.Z` comment: the most specific version tag on that commit.',
  incomplete: workflowLocationProblem,
  async fix(finding: Finding, repo: RepoSnapshot, context?: FixContext): Promise<FixOutcome> {
    const loaded = await load(finding, repo);
    if ('gone' in loaded) return { kind: 'gone', reason: loaded.gone };
    const { path, text, file, sha } = loaded;
    const line = finding.location.line ?? 1;
    const uses: Node[] = [];
    for (const step of allSteps(file)) {
      const v = pair(file, step.map, 'uses')?.value;
      if (v) uses.push(v);
    }
    for (const e of entries(file, asMap(file, get(file, asMap(file, file.doc.contents), 'jobs')))) {
      const v = pair(file, asMap(file, e.value), 'uses')?.value;
      if (v) uses.push(v);
    }
    const isOpen = (n: Node) => {
      const ref = parseActionRef(asStr(file, n)?.value ?? '');
      return ref !== undefined && !isPinned(ref);
    };
    const node = reportedNode(uses, isOpen, (n) => lineOf(file, n.range?.[0] ?? 0), (n) => sourceLineAt(text, n.range?.[0] ?? 0), finding);
    if (node === undefined || !isScalar(node) || !node.range) {
      return { kind: 'gone', reason: `no unpinned action near line ${line} of ${path} on ${repo.ref}` };
    }
    const value = asStr(file, node)?.value.trim() ?? '';
    const ref = parseActionRef(value);
    if (ref === undefined) return { kind: 'gone', reason: `no unpinned action near line ${line} of ${path} on ${repo.ref}` };
    if (context?.resolveActionRef === undefined) throw new AppError('internal', 'Could not open PR: resolving action versions needs the GitHub API, which this request did not provide');
    const [owner = '', name = ''] = ref.repo.split('/');
    const resolved = await context.resolveActionRef(owner, name, ref.ref);
    if (resolved === undefined) throw badRequest(`Finding not supported: ${ref.repo} has no tag or branch named ${ref.ref}; pin it by hand`);
    // Replace `@ref` inside the scalar's source (quotes and spacing stay).
    const [start, end] = node.range;
    const source = text.slice(start, end);
    const at = source.lastIndexOf(`@${ref.ref}`);
    if (at === -1) throw badRequest(`Finding not supported: the uses: value in ${path} is written in a way that cannot be edited safely`);
    let content = splice(text, start + at + 1, ref.ref.length, resolved.sha);
    const lineEnd = afterLine(content, start);
    const rest = content.slice(start + source.length - ref.ref.length + resolved.sha.length, lineEnd).replace(/\r?\n$/, '');
    const hasComment = /(?:^|\s)#/.test(rest);
    if (!hasComment) {
      const endOfValue = start + source.length - ref.ref.length + resolved.sha.length;
      content = splice(content, endOfValue, 0, ` # ${resolved.version}`);
    }
    return fixed(path, content, sha, {
      summary: `Pinned \`${ref.name}@${ref.ref}\` in \`${path}\` (line ${lineOf(file, start)}) to commit \`${resolved.sha}\` (${resolved.version})${hasComment ? ', keeping the existing comment' : ''}.`,
      advice: 'Let Dependabot or Renovate keep the SHA and its version comment up to date.',
      commitMessage: `Pin ${ref.name} to a commit in ${path}\n\n${ref.ref} is a movable ref: whoever controls ${ref.repo} decides what it runs. ${resolved.sha} is what it pointed at when this was written (${resolved.version}).`,
      prTitle: `Pin ${ref.name} to a commit SHA`,
      prSections: [
        [
          '## Check the commit',
          '',
          `\`${ref.ref}\` pointed at \`${resolved.sha}\` when this pull request was opened. Compare it with the release page of ${ref.repo} before merging.`,
        ].join('\n'),
      ],
    });
  },
};

export const WORKFLOW_FIXERS: readonly Fixer[] = Object.freeze([PERSIST_CREDENTIALS_FIXER, PERMISSIONS_FIXER, TEMPLATE_INJECTION_FIXER, PIN_ACTION_FIXER]);
