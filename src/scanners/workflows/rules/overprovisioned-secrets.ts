import { expressions } from '../contexts.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { FileVisit, GithubModel, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { file } };

/** `toJSON(secrets)`, or the bare `secrets` object, inside an expression. */
const WHOLE_SECRETS = /(?:^|[^\w.])tojson\s*\(\s*secrets\s*\)|^\s*secrets\s*$/i;

function file({ wf }: FileVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  // Expressions anywhere in the file (env, with, run, job inputs): the position is the expression itself.
  for (const expr of expressions(wf.file.text)) {
    if (!WHOLE_SECRETS.test(expr.inner)) continue;
    // Skip YAML comments.
    const lineStart = wf.file.text.lastIndexOf('\n', expr.index) + 1;
    if (/^\s*#/.test(wf.file.text.slice(lineStart, expr.index))) continue;
    hits.push({
      severity: 'MEDIUM',
      confidence: 0.9,
      offset: expr.index,
      description: `\`${expr.text}\` hands every secret the workflow can see (repository, organization and environment secrets) to the runner, so one step that leaks or logs it leaks them all.`,
      key: `${expr.index}`,
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'overprovisioned-secrets',
  title: 'Whole secrets context exposed to the job',
  severity: 'MEDIUM',
  severityGuide: 'MEDIUM wherever `toJSON(secrets)` or the bare `secrets` object is expanded.',
  confidence: 0.9,
  cwe: 'CWE-200',
  owasp: OWASP.accessControl,
  description:
    'The runner receives only the secrets a job names. `${{ toJSON(secrets) }}` names all of them at once, so every secret in reach is put into the job\'s environment or files, where any step, tool or dependency can read it.',
  remediation: 'Pass the secrets the step needs one by one: `API_TOKEN: ${{ secrets.API_TOKEN }}`.',
  appliesTo: STEP_KINDS,
  docs: {
    summary: 'Reports `${{ toJSON(secrets) }}` (any case, also nested in other calls) and `${{ secrets }}` anywhere in a workflow or composite action.',
    bad: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - run: ./deploy.sh
        env:
          ALL_SECRETS: \${{ toJSON(secrets) }}
`],
    good: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - run: ./deploy.sh
        env:
          DEPLOY_KEY: \${{ secrets.DEPLOY_KEY }}
`],
  },
  detect,
});
