import { expressions } from '../contexts.js';
import { isConstantExpression } from '../expr.js';
import type { GithubFile } from '../model.js';
import { offsetInScalar, startOf, type Str } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { GithubModel, ReusableVisit, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step, reusable } };

/** `uses:` paths with empty, `.` or `..` segments (`actions/checkout/@v4`, `a/b/../c@v1`). */
function obfuscatedUses(value: string): boolean {
  const v = value.trim();
  if (v.startsWith('docker://')) return false;
  // Local actions and workflows must start with `./`; past it the same rule holds.
  const local = v.startsWith('./');
  const at = local ? -1 : v.lastIndexOf('@');
  const path = local ? v.slice(2) : at === -1 ? v : v.slice(0, at);
  return path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
}

/** Constant and round-trip expressions in one value. */
function constants(wf: GithubFile, value: Str | undefined, where: string, key: string): Hit[] {
  if (!value) return [];
  const hits: Hit[] = [];
  for (const e of expressions(value.value)) {
    const inner = e.inner.trim();
    // `fromJSON(toJSON(x))` is x again; a constant expression is just its value.
    const roundTrip = /fromjson\s*\(\s*tojson\s*\(/i.test(inner);
    if (!roundTrip && !isConstantExpression(inner)) continue;
    hits.push({
      severity: 'LOW',
      confidence: 0.7,
      offset: offsetInScalar(wf.file, value, e.index, e.text),
      description: `\`${e.text}\` in ${where} ${roundTrip ? 'converts a value to JSON and back, which changes nothing' : 'reads no context, so it always expands to the same text'}: it only hides what the value is, from reviewers and from other checks.`,
      key: `${key}|${e.index}`,
    });
  }
  return hits;
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  const where = `step ${step.index + 1} of job \`${job.id}\``;
  const at = `${job.id}|${step.index}`;
  if (step.uses && obfuscatedUses(step.uses.value)) {
    hits.push({
      severity: 'MEDIUM',
      confidence: 0.9,
      offset: startOf(step.uses.node),
      description: `\`uses: ${step.uses.value.trim()}\` in ${where} has empty, \`.\` or \`..\` path segments. GitHub resolves it anyway, but pinning, allow-list and compromised-action checks that match on the name do not see the action it really is.`,
      key: `${at}|uses`,
    });
  }
  hits.push(...constants(wf, step.run, where, `${at}|run`));
  for (const [k, v] of step.with) hits.push(...constants(wf, v, where, `${at}|with|${k}`));
  for (const [k, v] of step.env) hits.push(...constants(wf, v, where, `${at}|env|${k}`));
  return hits;
}

function reusable({ ref: job }: ReusableVisit<GithubModel>): Hit | undefined {
  if (!obfuscatedUses(job.uses.value)) return undefined;
  return {
    severity: 'MEDIUM',
    confidence: 0.9,
    offset: startOf(job.uses.node),
    description: `\`uses: ${job.uses.value.trim()}\` in job \`${job.id}\` has empty, \`.\` or \`..\` path segments, which hides the workflow it really calls from name-based checks.`,
    key: `${job.id}|uses`,
  };
}

export const rule = defineRule({
  id: 'obfuscation',
  title: 'Obfuscated action reference or expression',
  severity: 'MEDIUM',
  severityGuide: 'MEDIUM for `uses:` paths with empty, `.` or `..` segments; LOW for constant expressions and JSON round trips in scripts, inputs and env values.',
  confidence: 0.8,
  cwe: 'CWE-656',
  owasp: OWASP.supplyChain,
  description:
    'GitHub accepts `actions/checkout/@v4`, `org/repo/../other@v1` or `${{ format(\'{0}/{1}\', \'evil\', \'action\') }}` and resolves them, but reviewers and tools that match on names do not: such spellings are how a malicious change hides an action or a value.',
  remediation: 'Write the plain form: `owner/repo[/path]@ref` without extra slashes or dot segments, and literal text instead of constant expressions.',
  appliesTo: STEP_KINDS,
  docs: {
    summary:
      'Reports `uses:` references (steps and reusable-workflow jobs, local `./` paths included) whose path has empty, `.` or `..` segments, and `${{ }}` expressions in `run:`, `with:` and `env:` that read no context (`${{ \'x\' }}`, `${{ format(\'{0}\', \'x\') }}`) or round-trip through `fromJSON(toJSON(…))`.',
    bad: [`name: ci
on: push
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout/@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: make
`],
    good: [`name: ci
on: push
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: make
`],
  },
  detect,
});
