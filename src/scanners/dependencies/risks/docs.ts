/**
 * The risk-check section of docs/rules/supply-chain.md, from each check's own
 * metadata and examples (the tests run the same examples through the checks).
 */
import { RISK_CHECKS } from './index.js';
import { POPULAR } from './popular.js';
import type { ExampleFiles } from './types.js';

function fence(path: string): string {
  if (path.endsWith('.json')) return 'json';
  if (/\.(toml|lock)$/.test(path) || /(?:^|\/)(?:Pipfile|Cargo\.lock)$/.test(path)) return 'toml';
  if (/\.ya?ml$/.test(path)) return 'yaml';
  if (/(?:^|\/)(?:Gemfile|gems\.rb)$/.test(path)) return 'ruby';
  return 'text';
}

function renderFiles(files: ExampleFiles): string[] {
  const out: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    // A fence longer than any backtick run inside the example.
    const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    out.push(`\`${path}\`:`, '', `${ticks}${fence(path)}`, text.replace(/\n$/, ''), ticks, '');
  }
  return out;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderRiskDocs(): string {
  const lines: string[] = [
    '## Risk checks',
    '',
    'These run on every scan, without network access, over all manifests and lockfiles together with the',
    'package managers\' configuration files. Findings have category `supply_chain` and the check id as rule id;',
    'each points at the offending line.',
    '',
    '| Check | Title | Severity | CWE | OWASP |',
    '|---|---|---|---|---|',
  ];
  for (const c of RISK_CHECKS) {
    lines.push(`| [\`${c.id}\`](#${c.id}) | ${cell(c.title)} | ${cell(c.severityNote)} | ${c.cwe} | ${c.owasp.join(', ')} |`);
  }
  lines.push('');
  for (const c of RISK_CHECKS) {
    lines.push(`### ${c.id}`, '', `**${c.title}.** ${c.description}`, '', c.docs.summary, '', `**Fix:** ${c.remediation}`, '');
    lines.push('Reported:', '', ...c.docs.bad.flatMap(renderFiles));
    lines.push('Not reported:', '', ...c.docs.good.flatMap(renderFiles));
  }
  const { npm, PyPI } = POPULAR;
  lines.push(
    '### Popular-package lists',
    '',
    `\`typosquat\` and \`dependency-confusion\` use the ${npm.header.count.toLocaleString('en-US')} most downloaded npm and ${PyPI.header.count.toLocaleString('en-US')} most downloaded PyPI names.`,
    `npm: ${npm.header.source}, generated ${npm.header.generated}. PyPI: ${PyPI.header.source}, generated ${PyPI.header.generated}.`,
    'Regenerate with `npx tsx scripts/popular-packages.ts`.',
    '',
  );
  return `${lines.join('\n')}\n`;
}
