import type { Severity } from '../../../core/findings.js';
import { expressions, onlyForkTriggers, privilegedTriggers, shellVariables, taintScope, taintsOf, worstTaint, type TaintKind, type TaintScope } from '../contexts.js';
import type { GithubFile } from '../model.js';
import { offsetInScalar } from '../parse.js';
import { flowingContexts } from '../expr.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import { linesWithIndex } from '../steps.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step } };

/** The runner file a line names, in bash, PowerShell and cmd spellings. */
const TARGET = /\$\{?(?:env:)?(GITHUB_ENV|GITHUB_OUTPUT|GITHUB_PATH)\b\}?|%(GITHUB_ENV|GITHUB_OUTPUT|GITHUB_PATH)%/;
/** Something on the line writes to a file: redirection, tee, or PowerShell's file cmdlets. */
const WRITES = /(?:^|[^<>=])>>?|\btee\b|\bAdd-Content\b|\bOut-File\b|\bSet-Content\b|\|\s*ac\b/i;

/** Variables and expressions the runner sets itself: not chosen by an outsider. */
const RUNNER_VARIABLES = /^(?:GITHUB_(?:WORKSPACE|SHA|RUN_ID|RUN_NUMBER|RUN_ATTEMPT|REPOSITORY|ACTION_PATH|SERVER_URL|API_URL|JOB|WORKFLOW|ENV|PATH|OUTPUT|STEP_SUMMARY|EVENT_NAME|REPOSITORY_OWNER)|RUNNER_\w+|HOME|PWD|USER|PATH|TMPDIR|TEMP|TMP|ImageOS|ImageVersion)$/i;
/** Contexts whose values are fixed by the runner or GitHub (ids, numbers, SHAs, URLs, states), secrets, variables, and the base repository's own names (the target branch, the repository). */
const FIXED_CONTEXT =
  /^(?:github\.(?:workspace|sha|run_id|run_number|run_attempt|repository|repository_id|repository_owner|repository_owner_id|action_path|server_url|api_url|graphql_url|job|workflow|event_name|ref_type|ref_protected|retention_days)|runner\.[\w.]+|secrets\.[\w.-]+|vars\.[\w.-]+|github\.event\.(?:number|action)|github\.base_ref|github\.event\.pull_request\.base\.(?:ref|label|repo\.[\w.]+)|github\.event\.repository\.[\w.]+|github\.event\.[\w.*]+\.(?:number|id|sha|head_sha|base_sha|merge_commit_sha|html_url|url|node_id|fork|merged|draft|state|conclusion|status|run_number|run_attempt|workflow_id|created_at|updated_at))$/;

/** An expression that expands to nothing an outsider chooses: it reads only fixed contexts. */
function fixedExpression(inner: string): boolean {
  const flowing = flowingContexts(inner);
  return flowing !== undefined && flowing.every((c) => FIXED_CONTEXT.test(c));
}

function grade(wf: GithubFile, file: string, kind: TaintKind | 'dynamic'): Severity {
  const envOrPath = file !== 'GITHUB_OUTPUT';
  if (kind === 'dynamic') return wf.kind === 'composite' ? 'LOW' : 'MEDIUM';
  if (wf.kind === 'composite') return envOrPath ? 'MEDIUM' : 'LOW';
  if (kind === 'input' || onlyForkTriggers(wf)) return 'LOW';
  if (privilegedTriggers(wf).length > 0) return envOrPath ? 'HIGH' : 'MEDIUM';
  return envOrPath ? 'MEDIUM' : 'LOW';
}

interface Found {
  readonly index: number;
  readonly needle: string;
  readonly context: string;
  readonly kind: TaintKind | 'dynamic';
}

/** Dynamic text written by a line: command substitutions and variables the runner does not set itself. */
function dynamicParts(text: string, at: number): Found[] {
  const out: Found[] = [];
  const sub = /\$\(|`/.exec(text);
  if (sub) out.push({ index: at + sub.index, needle: sub[0], context: 'the output of a command', kind: 'dynamic' });
  for (const v of shellVariables(text)) {
    if (RUNNER_VARIABLES.test(v.name) || v.name === 'env') continue;
    out.push({ index: at + v.index, needle: v.text, context: `\`${v.text}\``, kind: 'dynamic' });
  }
  for (const e of expressions(text)) {
    if (!fixedExpression(e.inner)) out.push({ index: at + e.index, needle: e.text, context: `\`${e.text}\``, kind: 'dynamic' });
  }
  return out;
}

type Line = { text: string; index: number };

/**
 * The lines a write covers: the line itself, the lines of a group or loop it closes
 * (`{ …; } >> "$GITHUB_ENV"`, `done >> "$GITHUB_ENV"`) and a heredoc it opens (`cat >> "$GITHUB_ENV" <<EOF`).
 */
function writtenLines(lines: readonly Line[], i: number): Line[] {
  const line = lines[i] as Line;
  const body = [line];
  const closer = /^\s*(\}|done)(?=[\s;>]|$)/.exec(line.text);
  if (closer) {
    const opener = closer[1] === '}' ? /(?:^|\s)\{\s*$/ : /^\s*(?:for|while|until)\b/;
    for (let j = i - 1; j >= 0 && j > i - 200; j--) {
      const prev = lines[j];
      if (!prev) break;
      body.push(prev);
      if (opener.test(prev.text)) break;
    }
  }
  const heredoc = /<<-?\s*['"]?(\w{1,40})['"]?/.exec(line.text);
  if (heredoc) {
    for (let j = i + 1; j < lines.length && j < i + 200; j++) {
      const next = lines[j];
      if (!next || next.text.trim() === heredoc[1]) break;
      body.push(next);
    }
  }
  return body;
}

/** Tainted expressions and env vars in the written lines. */
function taintedParts(body: readonly Line[], scope: TaintScope): Found[] {
  const found: Found[] = [];
  for (const part of body) {
    for (const expr of expressions(part.text)) {
      const taint = worstTaint(taintsOf(expr.inner, scope));
      if (taint) found.push({ index: part.index + expr.index, needle: expr.text, context: taint.context, kind: taint.kind });
    }
    for (const v of shellVariables(part.text)) {
      const kind = scope.env.get(v.name);
      if (kind && !v.name.startsWith('GITHUB_')) found.push({ index: part.index + v.index, needle: v.text, context: `env ${v.name}`, kind });
    }
  }
  return found;
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit[] {
  const run = step.run;
  if (!run || !TARGET.test(run.value)) return [];
  // Where outsiders start the run (or an action whose callers may be such runs), any computed value
  // written to GITHUB_ENV or GITHUB_PATH is suspect: it may come from a downloaded artifact, the PR's files or an API answer.
  const strict = wf.kind === 'composite' || privilegedTriggers(wf).length > 0;
  const hits: Hit[] = [];
  const scope = taintScope(wf, job, step);
  const lines = linesWithIndex(run.value);
  lines.forEach((line, i) => {
    const target = TARGET.exec(line.text);
    if (!target || !WRITES.test(line.text)) return;
    const file = target[1] ?? target[2] ?? 'GITHUB_ENV';
    const body = writtenLines(lines, i);
    const found = taintedParts(body, scope);
    if (found.length === 0 && strict && file !== 'GITHUB_OUTPUT') {
      // One finding per write: the first dynamic part.
      const first = body.flatMap((part) => dynamicParts(part.text.replace(TARGET, (m) => ' '.repeat(m.length)), part.index))[0];
      if (first) found.push(first);
    }
    for (const f of found) {
      const what = f.kind === 'dynamic' ? `${f.context}, which this file does not show to be safe,` : `${f.context} (text an outsider can choose)`;
      hits.push({
        severity: grade(wf, file, f.kind),
        confidence: f.kind === 'dynamic' ? 0.5 : f.needle.startsWith('${{') ? 0.9 : 0.75,
        offset: offsetInScalar(wf.file, run, f.index, f.needle),
        description: `Step ${step.index + 1} of job \`${job.id}\` writes ${what} to $${file}${f.kind === 'dynamic' ? (wf.kind === 'composite' ? ' in an action that privileged workflows may call' : ` in a workflow outsiders can start (${privilegedTriggers(wf).join(', ')})`) : ''}. A newline in it adds arbitrary ${file === 'GITHUB_PATH' ? 'directories to PATH' : file === 'GITHUB_ENV' ? 'variables (for example LD_PRELOAD, NODE_OPTIONS or BASH_ENV) to every later step' : 'outputs that later steps and jobs trust'}.`,
        key: `${job.id}|${step.index}|${file}|${f.index}|${f.needle}`,
      });
    }
  });
  return hits;
}

export const rule = defineRule({
  id: 'untrusted-env-write',
  title: 'Untrusted text written to GITHUB_ENV, GITHUB_OUTPUT or GITHUB_PATH',
  severity: 'HIGH',
  severityGuide:
    'HIGH for attacker text written to $GITHUB_ENV or $GITHUB_PATH in workflows outsiders trigger with secrets in reach (issues, issue_comment, pull_request_target, discussion, workflow_run); MEDIUM for $GITHUB_OUTPUT there, for $GITHUB_ENV/$GITHUB_PATH on other events or in composite actions, and for any computed value (a command\'s output, a variable) written to $GITHUB_ENV/$GITHUB_PATH in such a workflow; LOW for inputs, fork-only pull_request workflows, computed values in composite actions and $GITHUB_OUTPUT elsewhere.',
  confidence: 0.85,
  cwe: 'CWE-74',
  owasp: OWASP.injection,
  description:
    'A script appends attacker-controlled text to one of the runner\'s command files. Those files are parsed line by line, so a value with a newline defines extra variables, outputs or PATH entries for every later step: environment variables such as LD_PRELOAD, NODE_OPTIONS or BASH_ENV turn that into code execution. Passing the value through an env var does not help here.',
  remediation:
    'Do not copy untrusted text into $GITHUB_ENV or $GITHUB_PATH. If a later step needs it, read it from the event again in that step\'s `env:`; if it must be an output, validate it first (for example `[[ "$BRANCH" =~ ^[A-Za-z0-9._/-]+$ ]]`) and use a random heredoc delimiter for multi-line values.',
  appliesTo: STEP_KINDS,
  references: ['https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions#setting-an-environment-variable'],
  docs: {
    summary:
      'Reports lines of `run:` scripts that write to `$GITHUB_ENV`, `$GITHUB_OUTPUT` or `$GITHUB_PATH` (bash `>> $GITHUB_ENV`, `>> "${GITHUB_ENV}"`, `tee -a`, heredoc bodies; PowerShell `>> $env:GITHUB_ENV`, `Add-Content`, `Out-File -Append`; cmd `>> %GITHUB_ENV%`) and include an attacker-controlled expression or a shell variable whose env value comes from one. In workflows outsiders start (pull_request_target, workflow_run, issue_comment, …) and in composite actions, any computed value written to `$GITHUB_ENV` or `$GITHUB_PATH` (command output, a variable the runner does not set) is reported too; literal text and runner paths such as `$HOME` or `$GITHUB_WORKSPACE` are not.',
    bad: [`name: issue-title
on: issues
permissions:
  contents: read
jobs:
  title:
    runs-on: ubuntu-latest
    steps:
      - env:
          TITLE: \${{ github.event.issue.title }}
        run: echo "PR_TITLE=$TITLE" >> "$GITHUB_ENV"
`],
    good: [`name: issue-title
on: issues
permissions:
  contents: read
jobs:
  title:
    runs-on: ubuntu-latest
    steps:
      - env:
          TITLE: \${{ github.event.issue.title }}
        run: echo "Title length \${#TITLE}"
`],
  },
  detect,
});
