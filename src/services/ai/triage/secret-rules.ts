/** Looks a finding's rule up in the secrets rule registry (metadata: title, description, remediation, docs). */
import type { SecretRule } from '../../../scanners/secrets/rule.js';
import { SECRET_RULES } from '../../../scanners/secrets/rules/index.js';

let byId: ReadonlyMap<string, SecretRule> | undefined;

export function secretRuleFor(ruleId: string | undefined): SecretRule | undefined {
  if (ruleId === undefined) return undefined;
  byId ??= new Map(SECRET_RULES.map((rule) => [rule.id, rule]));
  return byId.get(ruleId);
}
