import { expressions, normalizeExpression } from '../contexts.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { FileVisit, GithubModel, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { file } };

/** `fromJSON(secrets.X)` (after normalisation, `secrets['X']` reads the same), optionally followed by a member. */
const PARSED_SECRET = /\bfromjson\s*\(\s*secrets\.([\w-]{1,100})\s*\)(\s*\.\s*[\w*-]+|\.\*)?/g;

function file({ wf }: FileVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  for (const expr of expressions(wf.file.text)) {
    const lineStart = wf.file.text.lastIndexOf('\n', expr.index) + 1;
    if (/^\s*#/.test(wf.file.text.slice(lineStart, expr.index))) continue;
    for (const m of normalizeExpression(expr.inner).matchAll(PARSED_SECRET)) {
      const name = m[1] ?? '';
      const member = m[2]?.replace(/\s+/g, '').slice(1);
      hits.push({
        severity: 'MEDIUM',
        confidence: 0.8,
        offset: expr.index,
        description: `\`${expr.text}\` parses the secret \`${name}\` as JSON${member ? ` and takes its \`${member}\` field` : ''}. The runner masks the secret's whole text in logs, not the values inside it, so ${member ? 'that field' : 'each value of the parsed object'} appears in clear wherever a step prints it (a debug log, an error message, \`set -x\`).`,
        key: `${expr.index}|${m.index ?? 0}`,
      });
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'unredacted-secrets',
  title: 'Secret parsed as JSON escapes log masking',
  severity: 'MEDIUM',
  severityGuide: 'MEDIUM for every `fromJSON(secrets.X)`, with or without a field access after it.',
  confidence: 0.8,
  cwe: 'CWE-532',
  owasp: OWASP.accessControl,
  description:
    'GitHub masks a secret in job logs by searching for its exact text. A secret that holds a JSON object and is read with `fromJSON(secrets.X).field` hands the job a piece of that text, which the runner does not know to mask, so any step that prints it prints it in clear.',
  remediation: 'Store each value as its own secret (`secrets.DB_USER`, `secrets.DB_PASSWORD`) and reference them directly; if a tool needs JSON, pass the whole secret and let the tool parse it, or register each piece with `echo "::add-mask::$VALUE"` before use.',
  appliesTo: STEP_KINDS,
  references: ['https://docs.github.com/en/actions/security-for-github-actions/security-guides/using-secrets-in-github-actions#using-secrets-in-a-workflow'],
  docs: {
    summary: 'Reports `${{ }}` expressions anywhere in a workflow or composite action that call `fromJSON(secrets.X)` (also `fromJson`, `secrets[\'X\']`), with or without a field after it. YAML comments are skipped.',
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
          DB_USER: \${{ fromJSON(secrets.DATABASE).user }}
          DB_PASSWORD: \${{ fromJSON(secrets.DATABASE).password }}
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
          DB_USER: \${{ secrets.DATABASE_USER }}
          DB_PASSWORD: \${{ secrets.DATABASE_PASSWORD }}
`],
  },
  detect,
});
