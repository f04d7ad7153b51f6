/**
 * What docs/rules/cicd.md adds to the shared renderer (../docs.ts): the intro,
 * the severity guide and applies-to columns, and the YAML examples. A test
 * compares the committed page with the generated one.
 */
import { baseFacts, cell, fence, idColumn, type RulePage, severityColumn } from '../docs.js';
import type { WorkflowRule } from './rule.js';
import { WORKFLOW_RULES } from './rules/index.js';

/** The CI/CD page: rules in registry order, examples as YAML files. */
export function workflowPage(rules: readonly WorkflowRule[] = WORKFLOW_RULES): RulePage<WorkflowRule, string> {
  return {
    file: 'cicd.md',
    title: 'CI/CD workflow rules',
    source: 'src/scanners/workflows/rules/*.ts',
    rules,
    intro: [
      `${rules.length} rules. The \`cicd\` scanner reads GitHub Actions workflows (\`.github/workflows/**/*.yml\` and \`.yaml\`), action`,
      'metadata (`action.yml`/`action.yaml` anywhere; composite actions get the step rules, Docker actions the image check) and GitLab CI',
      'configuration (the root `.gitlab-ci.yml` and `*.gitlab-ci.yml` files under the root `.gitlab/` or `ci/` folders; rules marked `gitlab`).',
      'Files that are not valid YAML, or larger than 1 MB, are skipped. Each finding\'s `rule_id` is the rule id, its `category` is',
      '`cicd`, and its location is the line and column of the offending value, for an injection the `${{ … }}` inside the script.',
      '',
      'Severities depend on who can start the workflow. Events an outsider can start while secrets and a token that may write are in',
      'reach (`pull_request_target`, `workflow_run`, `issues`, `issue_comment`, `discussion`, `discussion_comment`) raise them;',
      'workflows triggered only by fork pull requests (`pull_request`, no secrets, read-only token) lower them.',
      'For GitLab CI, jobs that run in merge request pipelines (`rules` on `merge_request_event`, `only: merge_requests`, or `workflow:rules`',
      'that create them) raise them, since anyone who can open a merge request chooses its title, description and branch name.',
      'The examples are the rules\' own test fixtures: each "Reported" file must produce a finding of that rule, each "Not reported" file no finding of any rule.',
    ],
    indexHeading: ['## Rules'],
    index: [
      idColumn(),
      severityColumn('Highest severity'),
      { header: 'Severities', cell: (r) => cell(r.severityGuide) },
    ],
    facts: [...baseFacts<WorkflowRule>(), { header: 'Applies to', cell: (r) => r.appliesTo.join(', ') }],
    details: (r) => [`**Severity.** ${r.severityGuide}`, '', `The examples are scanned as \`${r.docs.path ?? '.github/workflows/example.yml'}\`.`, ''],
    examples: (r) => r.docs,
    example: (_rule, text) => [fence('yaml', text.trimEnd()), ''],
  };
}
