import type { Severity } from '../../../core/findings.js';
import { expressions, onlyForkTriggers, privilegedTriggers, RUNNER_FILE_PATTERN, taintScope, taintsOf, worstTaint, type TaintKind } from '../contexts.js';
import type { WorkflowFile } from '../model.js';
import { offsetInScalar } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import { linesWithIndex } from '../steps.js';

function grade(wf: WorkflowFile, file: string, kind: TaintKind): Severity {
  const envOrPath = file !== 'GITHUB_OUTPUT';
  if (wf.kind === 'composite') return envOrPath ? 'MEDIUM' : 'LOW';
  if (kind === 'input' || onlyForkTriggers(wf)) return 'LOW';
  if (privilegedTriggers(wf).length > 0) return envOrPath ? 'HIGH' : 'MEDIUM';
  return envOrPath ? 'MEDIUM' : 'LOW';
}

const SHELL_VAR = /\$\{?([A-Za-z_]\w{0,100})\}?/g;

function detect(wf: WorkflowFile): Hit[] {
  const hits: Hit[] = [];
  for (const job of wf.jobs) {
    for (const step of job.steps) {
      const run = step.run;
      if (!run || !RUNNER_FILE_PATTERN.test(run.value)) continue;
      const scope = taintScope(wf, job, step);
      const lines = linesWithIndex(run.value);
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (!line) continue;
        const target = RUNNER_FILE_PATTERN.exec(line.text);
        if (!target || !/>>?|\btee\b/.test(line.text)) continue;
        const file = target[1] ?? 'GITHUB_ENV';
        // A heredoc (`cat >> "$GITHUB_ENV" <<EOF`) writes the lines up to its delimiter.
        const body = [line];
        const heredoc = /<<-?\s*['"]?(\w{1,40})['"]?/.exec(line.text);
        if (heredoc) {
          for (let j = i + 1; j < lines.length && j < i + 200; j++) {
            const next = lines[j];
            if (!next || next.text.trim() === heredoc[1]) break;
            body.push(next);
          }
        }
        for (const part of body) {
          const found: { index: number; needle: string; context: string; kind: TaintKind }[] = [];
          for (const expr of expressions(part.text)) {
            const taint = worstTaint(taintsOf(expr.inner, scope));
            if (taint) found.push({ index: part.index + expr.index, needle: expr.text, context: taint.context, kind: taint.kind });
          }
          for (const m of part.text.matchAll(SHELL_VAR)) {
            const name = m[1] ?? '';
            const kind = scope.env.get(name);
            if (kind && !name.startsWith('GITHUB_')) found.push({ index: part.index + m.index, needle: m[0], context: `env ${name}`, kind });
          }
          for (const f of found) {
            hits.push({
              severity: grade(wf, file, f.kind),
              confidence: f.needle.startsWith('${{') ? 0.9 : 0.75,
              offset: offsetInScalar(wf.file, run, f.index, f.needle),
              description: `Step ${step.index + 1} of job \`${job.id}\` writes ${f.context} (text an outsider can choose) to $${file}. A newline in it adds arbitrary ${file === 'GITHUB_PATH' ? 'directories to PATH' : file === 'GITHUB_ENV' ? 'variables (for example LD_PRELOAD, NODE_OPTIONS or BASH_ENV) to every later step' : 'outputs that later steps and jobs trust'}.`,
              key: `${job.id}|${step.index}|${file}|${f.index}|${f.needle}`,
            });
          }
        }
      }
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'untrusted-env-write',
  title: 'Untrusted text written to GITHUB_ENV, GITHUB_OUTPUT or GITHUB_PATH',
  severity: 'HIGH',
  severityGuide:
    'HIGH for $GITHUB_ENV or $GITHUB_PATH in workflows outsiders trigger with secrets in reach (issues, issue_comment, pull_request_target, discussion, workflow_run); MEDIUM for $GITHUB_OUTPUT there, and for $GITHUB_ENV/$GITHUB_PATH on other events or in composite actions; LOW for inputs, fork-only pull_request workflows and $GITHUB_OUTPUT elsewhere.',
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
      'Reports lines of `run:` scripts that write to `$GITHUB_ENV`, `$GITHUB_OUTPUT` or `$GITHUB_PATH` (with `>>`, `>` or `tee`, including heredoc bodies) and include an attacker-controlled expression or a shell variable whose env value comes from one.',
    vulnerable: `name: pr-title
on: pull_request_target
permissions:
  contents: read
jobs:
  title:
    runs-on: ubuntu-latest
    steps:
      - env:
          TITLE: \${{ github.event.pull_request.title }}
        run: echo "PR_TITLE=$TITLE" >> "$GITHUB_ENV"
`,
    safe: `name: pr-title
on: pull_request_target
permissions:
  contents: read
jobs:
  title:
    runs-on: ubuntu-latest
    steps:
      - env:
          PR_TITLE: \${{ github.event.pull_request.title }}
        run: echo "Title length \${#PR_TITLE}"
`,
  },
  detect,
});
