import { privilegedTriggers } from '../contexts.js';
import type { Str } from '../parse.js';
import type { GithubFile } from '../model.js';
import { offsetInScalar } from '../parse.js';
import { conditionHooks } from '../steps.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: conditionHooks(check) };

/** Account ids of the usual bots: dependabot[bot], renovate[bot], github-actions[bot]. */
const BOT_IDS = ['49699333', '29139614', '41898282'];

/**
 * `github.actor` (or `triggering_actor`, `actor_id`, any case, index syntax) compared with a bot login or a
 * bot's account id, in either order, or tested with contains/endsWith for `[bot]`.
 */
const ACTOR = String.raw`github\s*(?:\.\s*(?:actor|triggering_actor|actor_id)|\[\s*'(?:actor|triggering_actor|actor_id)'\s*\])`;
const BOT_VALUE = String.raw`(?:'[^']{0,100}\[bot\]'|'?(?:${BOT_IDS.join('|')})'?)`;
const PATTERNS = [
  new RegExp(String.raw`${ACTOR}\s*==\s*${BOT_VALUE}`, 'i'),
  new RegExp(String.raw`${BOT_VALUE}\s*==\s*${ACTOR}`, 'i'),
  new RegExp(String.raw`(?:contains|endswith)\s*\(\s*${ACTOR}\s*,\s*'[^']{0,20}\[bot\]'\s*\)`, 'i'),
];

function match(value: Str): { index: number; text: string } | undefined {
  for (const p of PATTERNS) {
    const m = p.exec(value.value);
    if (m) return { index: m.index, text: m[0] };
  }
  return undefined;
}

function check(wf: GithubFile, cond: Str, where: string, key: string): Hit | undefined {
  const m = match(cond);
  if (!m) return undefined;
  return {
    severity: privilegedTriggers(wf).length > 0 || wf.triggers.has('pull_request_target') ? 'HIGH' : 'MEDIUM',
    confidence: 0.8,
    offset: offsetInScalar(wf.file, cond, m.index, m.text),
    description: `The \`if:\` of ${where} trusts \`${m.text}\`. github.actor is whoever last acted on the run's trigger, not who wrote the code: after a bot updates a pull request, anyone who pushes to it or re-runs it inherits the bot's pass.`,
    key,
  };
}

export const rule = defineRule({
  id: 'spoofable-bot-condition',
  title: 'Bot check on github.actor can be spoofed',
  severity: 'HIGH',
  severityGuide:
    'HIGH in workflows outsiders start with secrets in reach (pull_request_target, workflow_run, issue_comment, issues, discussion); MEDIUM elsewhere, and in composite actions (their caller decides the trigger).',
  confidence: 0.8,
  cwe: 'CWE-290',
  owasp: OWASP.accessControl,
  description:
    '`github.actor` names the account that last triggered the run, not the author of the pull request or its commits. An attacker can get a bot such as Dependabot to act last on a pull request that also holds their commits (or wait for it to) and pass a `github.actor == \'dependabot[bot]\'` gate, which typically auto-approves, merges or runs with secrets.',
  remediation:
    'Check who opened the pull request instead: `github.event.pull_request.user.login == \'dependabot[bot]\'`, and run auto-merge logic on `pull_request` rather than `pull_request_target`.',
  appliesTo: STEP_KINDS,
  references: ['https://docs.github.com/en/code-security/dependabot/working-with-dependabot/automating-dependabot-with-github-actions'],
  docs: {
    summary:
      'Reports job and step `if:` conditions that compare `github.actor`, `github.triggering_actor` or `github.actor_id` with a bot login (`…[bot]`) or a well-known bot account id, in any case or index spelling, or test it with `contains`/`endsWith` for `[bot]`.',
    bad: [`name: automerge
on: pull_request_target
permissions:
  contents: read
jobs:
  automerge:
    runs-on: ubuntu-latest
    if: github.actor == 'dependabot[bot]'
    steps:
      - run: gh pr merge --auto --squash "$PR_URL"
        env:
          PR_URL: \${{ github.event.pull_request.html_url }}
          GH_TOKEN: \${{ secrets.GITHUB_TOKEN }}
`],
    good: [`name: automerge
on: pull_request
permissions:
  contents: read
jobs:
  automerge:
    runs-on: ubuntu-latest
    if: github.event.pull_request.user.login == 'dependabot[bot]'
    steps:
      - run: gh pr merge --auto --squash "$PR_URL"
        env:
          PR_URL: \${{ github.event.pull_request.html_url }}
          GH_TOKEN: \${{ secrets.GITHUB_TOKEN }}
`],
  },
  detect,
});
