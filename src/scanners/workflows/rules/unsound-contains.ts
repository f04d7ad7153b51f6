import type { Severity } from '../../../core/findings.js';
import { normalizeExpression, taintsOf } from '../contexts.js';
import type { GithubFile } from '../model.js';
import { offsetInScalar, type Str } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import { conditionHooks } from '../steps.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: conditionHooks(check) };

/**
 * `contains('<text>', <context>)`: a string literal as the haystack and a context as the needle. With a
 * string haystack, contains() is a substring test; `fromJSON('[…]')` (an array) makes it a membership test.
 */
const STRING_HAYSTACK = /\bcontains\s*\(\s*'((?:[^']|'')*)'\s*,\s*([A-Za-z_][\w-]*(?:\s*(?:\.\s*[\w*-]+|\[[^\]]{0,100}\]))*)\s*\)/gi;

/** Contexts whose value any GitHub user can choose: their username, a fork's branch name, event text. */
const ANYONE = /^github\.(?:actor|triggering_actor|head_ref|event\.(?:[\w-]+\.){0,3}(?:user|sender|author)\.login)$/;
/** Contexts chosen by whoever can push a branch or tag, and env vars that usually hold them. */
const PUSHER = /^(?:github\.(?:ref|ref_name|base_ref)|env\.[\w-]+)$/;

function severityOf(context: string): Severity {
  if (ANYONE.test(context) || taintsOf(context).some((t) => t.kind === 'event')) return 'HIGH';
  if (PUSHER.test(context) || taintsOf(context).length > 0) return 'MEDIUM';
  return 'LOW';
}

function check(wf: GithubFile, cond: Str, where: string, key: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of cond.value.matchAll(STRING_HAYSTACK)) {
    const context = normalizeExpression((m[2] ?? '').replace(/\s+/g, ''));
    if (['true', 'false', 'null'].includes(context)) continue;
    const literal = (m[1] ?? '').replace(/''/g, "'");
    const severity = severityOf(context);
    hits.push({
      severity,
      confidence: 0.85,
      offset: offsetInScalar(wf.file, cond, m.index ?? 0, m[0]),
      description: `The \`if:\` of ${where} tests \`${m[0]}\`. With a string as its first argument, contains() asks whether \`${context}\` is a substring of ${JSON.stringify(literal.length > 60 ? `${literal.slice(0, 59)}…` : literal)}, so any fragment of it (${
        severity === 'HIGH' ? 'a username or branch name anyone can pick' : severity === 'MEDIUM' ? 'a branch or tag named after a piece of an allowed one' : 'an unexpected value'
      }) passes the check.`,
      key: `${key}|${m.index ?? 0}`,
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'unsound-contains',
  title: 'contains() tests a substring, not a list',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the tested value is one any GitHub user chooses (`github.actor`, `github.triggering_actor`, `github.head_ref`, an event\'s `user.login` or `sender.login`, pull request or issue text); MEDIUM for refs (`github.ref`, `github.ref_name`, `github.base_ref`), `env.*` and inputs; LOW for other contexts (`runner.name`, `matrix.*`).',
  confidence: 0.85,
  cwe: 'CWE-697',
  owasp: OWASP.accessControl,
  description:
    "`contains(search, item)` is a membership test when `search` is an array and a substring test when it is a string. `contains('refs/heads/main refs/heads/release', github.ref)` is also true for `refs/heads/mai` or `refs/heads/rel`, so a branch, tag or username named after a fragment of an allowed value passes the gate.",
  remediation:
    "Give contains() an array: `contains(fromJSON('[\"refs/heads/main\", \"refs/heads/release\"]'), github.ref)`, or compare exactly: `github.ref == 'refs/heads/main' || github.ref == 'refs/heads/release'`.",
  appliesTo: STEP_KINDS,
  references: ['https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/evaluate-expressions-in-workflows-and-actions#contains'],
  docs: {
    summary:
      "Reports job and step `if:` conditions that call `contains('<string literal>', <context>)`. A `fromJSON('[…]')` array, a context as the first argument (`contains(github.event.pull_request.labels.*.name, 'ok')`) and a literal second argument are not reported.",
    bad: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    if: contains('refs/heads/main refs/heads/release', github.ref)
    steps:
      - run: ./deploy.sh
`],
    good: [`name: deploy
on: push
permissions:
  contents: read
jobs:
  deploy:
    runs-on: ubuntu-latest
    if: contains(fromJSON('["refs/heads/main", "refs/heads/release"]'), github.ref)
    steps:
      - run: ./deploy.sh
`],
  },
  detect,
});
