/**
 * The explicit registry of deterministic fixers. The API names a finding by its title;
 * the title table (titles.ts) turns it into the rules that report it, and the fixer is
 * the one that declares that rule. Adding a fix = writing a Fixer, listing it here and
 * (for a new title) a row of the title table; the route does not change.
 */
import type { Finding } from '../../core/findings.js';
import { AppError } from '../../core/errors.js';
import { DEPENDENCY_UPGRADE_FIXER } from './dependencies.js';
import { GITIGNORE_FIXER } from './gitignore.js';
import { REDACTION_FIXERS } from './redact.js';
import { rulesForTitle } from './titles.js';
import type { Fixer } from './types.js';
import { WORKFLOW_FIXERS } from './workflows.js';

export const FIXERS: readonly Fixer[] = Object.freeze([...REDACTION_FIXERS, GITIGNORE_FIXER, ...WORKFLOW_FIXERS, DEPENDENCY_UPGRADE_FIXER]);

const BY_RULE: ReadonlyMap<string, Fixer> = new Map(FIXERS.flatMap((fixer) => fixer.rules.map((rule) => [rule, fixer] as const)));

/** Every title a fixer handles, in registry order. */
export const SUPPORTED_TITLES: readonly string[] = Object.freeze(FIXERS.flatMap((f) => f.titles));

/** Rules whose findings have variable titles (known vulnerabilities), with how those titles read. */
export const SUPPORTED_RULES: readonly { readonly rule_id: string; readonly title_pattern: string }[] = Object.freeze(
  FIXERS.flatMap((f) => (f.ruleIds ?? []).map((rule) => ({ rule_id: rule, title_pattern: f.titlePattern ?? '' }))),
);

/** A title as it may appear in a message: one line, bounded. */
function shown(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = title.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 100)}…` : line;
}

function notSupported(why: string): AppError {
  return new AppError('bad_request', `Finding not supported: ${why}; use POST /v1/fix for an AI-generated fix`);
}

/** The fixer of the rule the finding's title stands for (its own rule_id when the title has several). */
function fixerByTitle(finding: Finding): Fixer | undefined {
  const rules = rulesForTitle(finding.title);
  const rule = rules.find((id) => id === finding.rule_id) ?? rules[0];
  return rule === undefined ? undefined : BY_RULE.get(rule);
}

/** The fixer for a finding, or 400 Finding not supported (no fixer for its title) or Finding incomplete (it lacks what the fix needs). */
export function selectFixer(finding: Finding): Fixer {
  const fixer = fixerByTitle(finding) ?? FIXERS.find((f) => f.matches?.(finding) === true);
  if (fixer === undefined) {
    const rules = SUPPORTED_RULES.map((r) => `${r.rule_id} findings ("${r.title_pattern}")`).join(', ');
    throw notSupported(`no deterministic fix for "${shown(finding.title)}" (supported titles: ${SUPPORTED_TITLES.join(', ')}; and ${rules})`);
  }
  const missing = fixer.incomplete?.(finding);
  if (missing !== undefined) throw new AppError('bad_request', `Finding incomplete: ${missing}`);
  return fixer;
}
