import type { GithubFile } from '../model.js';
import { startOf, type Str } from '../parse.js';
import { conditionHooks } from '../steps.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: conditionHooks(check) };

/**
 * An `if:` is evaluated as an expression when it is one `${{ … }}` and nothing else. Any other text
 * around a `${{ }}` (a block scalar's final newline, a space, `&& true`) makes the whole value a
 * string template, and a non-empty string is true.
 */
export function unsound(value: string): boolean {
  if (!value.includes('${{')) return false;
  const open = value.indexOf('${{');
  const close = value.indexOf('}}', open);
  const single = open === 0 && close !== -1 && close + 2 === value.length && !value.slice(3, close).includes('${{');
  return !single;
}

function check(_wf: GithubFile, cond: Str, where: string, key: string): Hit | undefined {
  if (typeof cond.node.value !== 'string' || !unsound(cond.value)) return undefined;
  return {
    severity: 'HIGH',
    confidence: 0.9,
    offset: startOf(cond.node),
    description: `The \`if:\` of ${where} is ${JSON.stringify(cond.value.length > 80 ? `${cond.value.slice(0, 79)}…` : cond.value)}: text outside the \`\${{ }}\` turns it into a string, and any non-empty string is true, so the ${where.startsWith('job') ? 'job' : 'step'} always runs whatever the expression says.`,
    key,
  };
}

export const rule = defineRule({
  id: 'unsound-condition',
  title: 'Condition is always true',
  severity: 'HIGH',
  severityGuide: 'HIGH: a gate that never closes (a permission check, a trusted-author check, a skip on forks) is a gate that is not there.',
  confidence: 0.9,
  cwe: 'CWE-670',
  owasp: OWASP.accessControl,
  description:
    'GitHub only evaluates an `if:` as a condition when the whole value is an expression. `if: |` followed by `${{ … }}` keeps a trailing newline, and `${{ a }} && ${{ b }}` or `"${{ a }} "` have text outside the braces: all are non-empty strings, which are true, so the job or step runs every time.',
  remediation: 'Write the condition without `${{ }}` (`if: github.event_name == \'push\'`), or as exactly one `${{ … }}` with no text around it; use `|-` or `>-` for multi-line values.',
  appliesTo: STEP_KINDS,
  docs: {
    summary:
      'Reports job and step `if:` values that contain a `${{ }}` but are not exactly one expression: block scalars with a trailing newline (`|`, `>`), several expressions, or any other text before or after it.',
    bad: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - if: |
          \${{ github.ref == 'refs/heads/main' }}
        run: ./deploy.sh
`],
    good: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - if: github.ref == 'refs/heads/main'
        run: ./deploy.sh
`],
  },
  detect,
});
