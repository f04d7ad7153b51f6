import type { Severity } from '../../../core/findings.js';
import { expressions, onlyForkTriggers, privilegedTriggers, taintScope, taintsOf, worstTaint, type Taint } from '../contexts.js';
import type { GithubFile, Step } from '../model.js';
import { offsetInScalar, type Str } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import { actionName } from '../contexts.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step } };

/** Action inputs that are evaluated as code (scripts, jq/yq programs, shell commands, templates). */
export const CODE_INPUTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['actions/github-script', ['script']],
  ['appleboy/ssh-action', ['script']],
  ['azure/cli', ['inlinescript']],
  ['azure/powershell', ['inlinescript']],
  ['mikefarah/yq', ['cmd']],
  ['sergeysova/jq-action', ['cmd']],
  ['devorbitus/yq-action-output', ['cmd']],
  ['amadevus/pwsh-script', ['script']],
  ['jannekem/run-python-script-action', ['script']],
  ['cardinalby/js-eval-action', ['expression']],
  ['addnab/docker-run-action', ['run', 'options']],
  ['8398a7/action-slack', ['custom_payload']],
  ['gautamkrishnar/blog-post-workflow', ['item_exec']],
  ['tibdex/backport', ['body_template', 'head_template', 'labels_template', 'title_template']],
]);

function grade(wf: GithubFile, taint: Taint): { severity: Severity; confidence: number } {
  const derived = taint.derived ? 0.6 : 1;
  if (wf.kind === 'composite') {
    return taint.kind === 'event' ? { severity: 'HIGH', confidence: 0.7 * derived } : { severity: 'MEDIUM', confidence: 0.7 * derived };
  }
  if (taint.kind === 'input') return { severity: 'LOW', confidence: 0.7 * derived };
  if (privilegedTriggers(wf).length > 0) return { severity: 'HIGH', confidence: 0.9 * derived };
  if (onlyForkTriggers(wf)) return { severity: 'LOW', confidence: 0.8 * derived };
  return { severity: 'MEDIUM', confidence: 0.8 * derived };
}

/** The step's sinks: its `run:` script and the code inputs of the action it uses. */
function sinks(step: Step): { sink: Str; what: string }[] {
  const out: { sink: Str; what: string }[] = [];
  if (step.run) out.push({ sink: step.run, what: 'shell script' });
  const codeInputs = step.uses ? CODE_INPUTS.get(actionName(step.uses.value)) : undefined;
  for (const [key, value] of step.with) {
    if (codeInputs?.includes(key.toLowerCase())) out.push({ sink: value, what: `\`${key}\` input of ${actionName(step.uses?.value ?? '')}` });
  }
  return out;
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit[] {
  const found = sinks(step);
  if (found.length === 0) return [];
  const hits: Hit[] = [];
  const scope = taintScope(wf, job, step);
  for (const { sink, what } of found) {
    for (const expr of expressions(sink.value)) {
      const taint = worstTaint(taintsOf(expr.inner, scope));
      if (!taint) continue;
      const { severity, confidence } = grade(wf, taint);
      const origin = taint.derived ? `\`${taint.context}\`, which is set from ${taint.kind === 'event' ? 'event data an outsider controls' : 'a caller-supplied input'},` : `\`${taint.context}\``;
      hits.push({
        severity,
        confidence: Math.round(confidence * 100) / 100,
        offset: offsetInScalar(wf.file, sink, expr.index, expr.text),
        description: `The ${what} of step ${step.index + 1} in job \`${job.id}\` expands ${origin} inside \`${expr.text}\`. Actions substitutes the text before the script runs, so quotes, \`$(…)\` or backticks in it become code.`,
        key: `${job.id}|${step.index}|${what}|${expr.index}|${expr.text}`,
      });
    }
  }
  return hits;
}

/** Selected on by the fix-PR fixer. */
export const TEMPLATE_INJECTION_TITLE = 'Untrusted input expanded into a script';

export const rule = defineRule({
  id: 'template-injection',
  title: TEMPLATE_INJECTION_TITLE,
  severity: 'HIGH',
  severityGuide:
    'HIGH when the workflow runs on an event outsiders start with secrets in reach (issues, issue_comment, pull_request_target, discussion, workflow_run), or for event data in a composite action; MEDIUM on other events and for composite-action inputs; LOW for workflow_dispatch/workflow_call inputs and for workflows triggered only by fork pull requests (no secrets, read-only token). Values reached through an env var or a step output have lower confidence.',
  confidence: 0.9,
  cwe: 'CWE-94',
  owasp: OWASP.injection,
  description:
    'A `${{ … }}` expression that reads text an outsider chooses (an issue or PR title, a comment, a branch name, a commit message) is pasted into a `run:` script before the shell sees it, so the text can run commands with the job\'s token and secrets.',
  remediation:
    'Pass the value through an environment variable and quote it in the script: `env: TITLE: ${{ github.event.issue.title }}` then `echo "$TITLE"`. Never put untrusted expressions directly in `run:` or `script:`.',
  appliesTo: STEP_KINDS,
  references: ['https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#understanding-the-risk-of-script-injections'],
  docs: {
    summary:
      'Reports `${{ … }}` expressions in `run:` scripts (workflows and composite actions), in `actions/github-script` `script:` and in the code inputs of other actions (appleboy/ssh-action `script`, azure/cli and azure/powershell `inlineScript`, yq and jq `cmd`, addnab/docker-run-action `run`, …) that read attacker-controlled contexts: issue, pull request, comment, review, discussion and label text, branch names (`github.head_ref`, `pull_request.head.ref` and `.label`), commit messages, authors and changed file names of `push` and `workflow_run` payloads, wiki page names, release texts, and (at lower severity) `workflow_dispatch`/`workflow_call` and action inputs, except inputs typed boolean, number, choice or environment. Only contexts whose text reaches the result count: `${{ github.event.issue.title == \'x\' }}` and `contains(…)` are booleans, while `format`, `join`, `toJSON` and `||` pass the text on. Env vars (`${{ env.X }}`; `$X` in the shell is safe; an inner static value shadows a tainted outer one), step outputs written from tainted values, job outputs read through `needs` and matrices built from tainted values (`matrix: ${{ fromJSON(needs.plan.outputs.targets) }}`) are followed.',
    bad: [`name: triage
on:
  issues:
    types: [opened]
permissions:
  issues: write
jobs:
  label:
    runs-on: ubuntu-latest
    steps:
      - run: |
          echo "New issue: \${{ github.event.issue.title }}"
`],
    good: [`name: triage
on:
  issues:
    types: [opened]
permissions:
  issues: write
jobs:
  label:
    runs-on: ubuntu-latest
    steps:
      - env:
          TITLE: \${{ github.event.issue.title }}
        run: |
          echo "New issue: $TITLE"
`],
  },
  detect,
});
