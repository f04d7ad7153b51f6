/**
 * The one table from a finding's title to the rules that report findings under it.
 * POST /v1/fix/pr selects its fix by the finding's title (the specification's table);
 * fixers declare the rules they fix, and the registry picks a fixer by the rule a title
 * stands for, so a rule id, not a display text, ties a finding to its fix.
 */
import { TITLES } from '../../scanners/secrets/rule.js';
import { MISSING_PERMISSIONS_TITLE } from '../../scanners/workflows/rules/excessive-permissions.js';
import { CHECKOUT_CREDENTIALS_TITLE } from '../../scanners/workflows/rules/persisted-checkout-credentials.js';
import { TEMPLATE_INJECTION_TITLE } from '../../scanners/workflows/rules/template-injection.js';
import { UNPINNED_ACTION_TITLES } from '../../scanners/workflows/rules/unpinned-action.js';

export const TITLE_RULES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  [TITLES.awsAccessKey, ['aws-access-key-id']],
  [TITLES.githubToken, ['github-token', 'github-fine-grained-token']],
  [TITLES.slackToken, ['slack-bot-token', 'slack-user-token', 'slack-app-token', 'slack-config-token', 'slack-legacy-token']],
  [TITLES.jwt, ['jwt']],
  [TITLES.envNotIgnored, ['env-not-gitignored']],
  [CHECKOUT_CREDENTIALS_TITLE, ['persisted-checkout-credentials']],
  [MISSING_PERMISSIONS_TITLE, ['excessive-permissions']],
  [TEMPLATE_INJECTION_TITLE, ['template-injection']],
  ...UNPINNED_ACTION_TITLES.map((title) => [title, ['unpinned-action']] as const),
]);

/** The rules whose findings carry `title`; empty when no fix is selected by it. */
export function rulesForTitle(title: string): readonly string[] {
  return TITLE_RULES.get(title) ?? [];
}

/** The titles, in table order, under which the given rules report the findings a fixer handles. */
export function titlesFor(rules: readonly string[]): readonly string[] {
  return [...TITLE_RULES].filter(([, ids]) => ids.some((id) => rules.includes(id))).map(([title]) => title);
}
