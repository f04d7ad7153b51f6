/** Shared pieces of the offline engine's answers: the opening notice, sections, and what is known about a finding's rule. */
import type { Finding } from '../../../core/findings.js';
import { cleanLine, cleanText } from '../prompts/untrusted.js';
import { redactText } from '../redact.js';
import { secretRuleFor } from '../triage/secret-rules.js';

/** Every offline answer starts with this line. */
export const BUILTIN_NOTICE =
  "Vigil offline engine: no AI model was used. This answer was generated deterministically by Vigil's built-in rules from the finding and the rule's own documentation.";

export function section(heading: string, body: string): string {
  return `## ${heading}\n\n${body}`;
}

export function numbered(steps: readonly string[]): string {
  return steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
}

export function bullets(items: readonly string[]): string {
  return items.map((s) => `- ${s}`).join('\n');
}

/**
 * The notice and the paragraphs joined by blank lines, ending in one newline.
 * Redacted like a prompt: a client may have pasted a secret into the finding it sent.
 */
export function answer(paragraphs: readonly string[]): string {
  return redactText(`${[BUILTIN_NOTICE, ...paragraphs].join('\n\n')}\n`).text;
}

/** What the offline engine knows about a finding: the secrets rule's metadata, else the finding's own text. */
export interface FindingFacts {
  readonly title: string;
  readonly where: string;
  /** One or two sentences: what the thing is (rule docs summary), when known. */
  readonly summary?: string;
  readonly description: string;
  readonly remediation: string;
  readonly cwe?: string;
  readonly references: readonly string[];
}

function whereOf(f: Finding): string {
  const loc = f.location;
  if (loc.url) return cleanLine(`${loc.method ?? 'GET'} ${loc.url}`, 500);
  if (loc.path) return cleanLine(`${loc.path}${loc.line ? `:${loc.line}` : ''} in ${loc.target}`, 500);
  return cleanLine(loc.target, 500);
}

export function factsOf(f: Finding): FindingFacts {
  const rule = f.category === 'secrets' ? secretRuleFor(f.rule_id) : undefined;
  const base = { title: cleanLine(f.title, 300), where: whereOf(f) };
  if (rule) {
    return {
      ...base,
      summary: rule.docs.summary,
      description: rule.description,
      remediation: rule.remediation,
      cwe: rule.cwe,
      references: rule.references ?? [],
    };
  }
  return {
    ...base,
    description: cleanText(f.description, 4000) || 'The scanner gave no description.',
    remediation: cleanText(f.remediation, 4000) || 'The scanner gave no remediation advice.',
    references: [],
  };
}

/** General references by category, after the rule's own. */
export function referencesOf(f: Finding, facts: FindingFacts): string[] {
  const refs = [...facts.references];
  if (facts.cwe) refs.push(`${facts.cwe}: https://cwe.mitre.org/data/definitions/${facts.cwe.replace(/^CWE-/, '')}.html`);
  const owasp = f.owasp_categories.slice(0, 10).map((c) => cleanLine(c, 20));
  if (owasp.length > 0) refs.push(`OWASP Top 10: ${owasp.join(', ')} (https://owasp.org/Top10/)`);
  if (f.category === 'secrets') refs.push('OWASP Secrets Management Cheat Sheet: https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html');
  if (f.category === 'headers' || f.category === 'cors') refs.push('OWASP HTTP Headers Cheat Sheet: https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html');
  if (f.category === 'cicd') refs.push('GitHub Actions security hardening: https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions');
  if (refs.length === 0) refs.push('No references are recorded for this finding.');
  return refs;
}
