/**
 * What docs/rules/secrets.md adds to the shared renderer (../docs.ts): the
 * intro, the keyword column, the notes on where a rule runs and the masked
 * examples. A test compares the committed page with the generated one.
 */
import { baseFacts, cell, fence, idColumn, type RulePage, severityColumn } from '../docs.js';
import { SecretDetector } from './detect.js';
import type { SecretRule } from './rule.js';
import { contextWords } from './sections.js';

/**
 * The page shows each reported example with its secret cut short, so the
 * repository holds no complete token-shaped value (push protection, our own
 * scanner); the full examples live split in the rule files and run as tests.
 */
function masked(detector: SecretDetector, rule: SecretRule, example: string): string {
  const matches = detector.scan(rule.docs.path ?? 'example.txt', example).sort((a, b) => b.start - a.start);
  let out = example;
  for (const m of matches) {
    const keep = Math.min(8, Math.max(3, Math.floor(m.secret.length / 5)));
    out = `${out.slice(0, m.start)}${m.secret.slice(0, keep)}…${out.slice(m.end)}`;
  }
  return out;
}

/** Notes on where a rule runs, shown above its examples. */
function notes(rule: SecretRule): string[] {
  const lines: string[] = [];
  if (rule.pathPattern) lines.push(`Runs only on files whose path matches \`${rule.pathPattern.source.replace(/\|/g, '\\|')}\`.`, '');
  if (rule.generic) lines.push('A catch-all rule: silent where a specific rule reported the same value.', '');
  const words = contextWords(rule);
  if (words.length > 0) {
    lines.push(`Also found under a block whose header names the provider (a YAML parent key, an INI/TOML section, a JSON or HCL object, an XML element): ${words.map((w) => `\`${w}\``).join(' ')}.`, '');
  }
  return lines;
}

/** The secrets page: rules sorted by title, examples with every reported value cut short. */
export function secretsPage(rules: readonly SecretRule[]): RulePage<SecretRule, string> {
  const detector = new SecretDetector(rules);
  return {
    file: 'secrets.md',
    title: 'Secrets rules',
    source: 'src/scanners/secrets/rules/*.ts',
    rules: [...rules].sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id)),
    intro: [
      `${rules.length} rules. Each finding's \`rule_id\` is the id below; ids of findings are \`SEC-xxxxxx\`.`,
      'The examples are the rules\' own test fixtures: every "Reported" snippet must be found and every "Not reported" one must not.',
      'They are fabricated values in the documented formats, not real credentials; on this page every value some rule would report is cut short (…).',
      '',
      familiesLine(rules),
    ],
    index: [
      idColumn('Rule id'),
      severityColumn(),
      { header: 'Confidence', cell: (r) => String(r.confidence) },
    ],
    facts: [...baseFacts<SecretRule>(), { header: 'Keywords', cell: (r) => r.keywords.map((k) => `\`${cell(k)}\``).join(' ') }],
    details: notes,
    examples: (r) => r.docs,
    example: (rule, text) => [fence('text', masked(detector, rule, text)), ''],
  };
}

/** Words that start the credential part of a title ("Asana client secret", "PyPI API token"). */
const CREDENTIAL_WORDS = new Set(['API', 'OAuth', 'URL', 'SMTP', 'Secret', 'ID', 'AccessKey', 'SecretId', 'SecretKey', 'IAM', 'Public', 'SCIM', 'CI/CD', 'Origin', 'Pro/Enterprise']);
/** Titles about a kind of secret rather than a provider ("Private key", "Password in a connection string"): the title is the family. */
const FORMAT_TITLES = /^(?:Private|Password|Secret|Credentials?|Hard-coded|Database)\b/;

/**
 * The provider or format family of a rule, read from its title: the leading
 * words up to the first word that starts lower-case or names the credential
 * ("New Relic license key" → New Relic, "Vonage (Nexmo) API secret" → Vonage (Nexmo)).
 */
export function familyOf(rule: SecretRule): string {
  if (FORMAT_TITLES.test(rule.title)) return rule.title;
  const words = rule.title.split(' ');
  const kept = [words[0] ?? rule.title];
  for (const word of words.slice(1)) {
    const first = word.charAt(0);
    if (CREDENTIAL_WORDS.has(word) || /^[a-z]/.test(first)) break;
    kept.push(word);
  }
  return kept.join(' ');
}

function familiesLine(rules: readonly SecretRule[]): string {
  const families = [...new Set(rules.map(familyOf))].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return `${families.length} families: ${families.join(', ')}.`;
}
