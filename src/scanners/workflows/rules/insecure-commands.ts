import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { FileVisit, GithubModel, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { file } };

/** The opt-in, as an env entry (`KEY: true`), a GITHUB_ENV line (`KEY=true`) or a matrix value. */
const OPT_IN = /ACTIONS_ALLOW_UNSECURE_COMMANDS['"]?\s*[:=]\s*['"]?(?:true|1|yes|on)\b/gi;

function file({ wf }: FileVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  const text = wf.file.text;
  for (const m of text.matchAll(OPT_IN)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (/^\s*#/.test(text.slice(lineStart, m.index))) continue;
    hits.push({
      severity: wf.kind === 'workflow' && [...wf.triggers.keys()].some((t) => t.startsWith('pull_request') || t.startsWith('issue')) ? 'HIGH' : 'MEDIUM',
      confidence: 0.95,
      offset: m.index,
      description:
        'ACTIONS_ALLOW_UNSECURE_COMMANDS re-enables the `::set-env` and `::add-path` workflow commands, which GitHub disabled in 2020: anything a step prints (a test name, a log line from a dependency, a PR title) can then set environment variables such as NODE_OPTIONS or LD_PRELOAD for later steps.',
      key: `${m.index}`,
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'insecure-commands',
  title: 'Deprecated set-env/add-path workflow commands re-enabled',
  severity: 'HIGH',
  severityGuide: 'HIGH in workflows that run on pull request or issue events, where printed text is attacker-chosen; MEDIUM elsewhere and in actions.',
  confidence: 0.95,
  cwe: 'CWE-77',
  owasp: OWASP.injection,
  description:
    'With ACTIONS_ALLOW_UNSECURE_COMMANDS set, the runner again obeys `::set-env` and `::add-path` lines in any step\'s output, so whoever can make a step print a line can change the environment of the following steps.',
  remediation: 'Remove ACTIONS_ALLOW_UNSECURE_COMMANDS and write to the environment files instead: `echo "NAME=value" >> "$GITHUB_ENV"`, `echo "$DIR" >> "$GITHUB_PATH"`.',
  appliesTo: STEP_KINDS,
  references: ['https://github.blog/changelog/2020-10-01-github-actions-deprecating-set-env-and-add-path-commands/'],
  docs: {
    summary: 'Reports ACTIONS_ALLOW_UNSECURE_COMMANDS set to a true value at workflow, job or step level, in a matrix, or written to $GITHUB_ENV.',
    bad: [`name: ci
on: pull_request
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    env:
      ACTIONS_ALLOW_UNSECURE_COMMANDS: true
    steps:
      - run: echo "::add-path::$HOME/.local/bin"
`],
    good: [`name: ci
on: pull_request
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: echo "$HOME/.local/bin" >> "$GITHUB_PATH"
`],
  },
  detect,
});
