/**
 * The risk-check section of docs/rules/supply-chain.md, from each check's own
 * metadata and examples (the tests run the same examples through the checks).
 */
import { baseFacts, cell, fence, ruleSections, type RuleSections } from '../../docs.js';
import { RISK_CHECKS } from './index.js';
import { POPULAR } from './popular.js';
import type { ExampleFiles, RiskCheck } from './types.js';

function fenceInfo(path: string): string {
  if (path.endsWith('.json')) return 'json';
  if (/\.(toml|lock)$/.test(path) || /(?:^|\/)(?:Pipfile|Cargo\.lock)$/.test(path)) return 'toml';
  if (/\.ya?ml$/.test(path)) return 'yaml';
  if (/(?:^|\/)(?:Gemfile|gems\.rb)$/.test(path)) return 'ruby';
  return 'text';
}

function renderFiles(files: ExampleFiles): string[] {
  return Object.entries(files).flatMap(([path, text]) => [`\`${path}\`:`, '', fence(fenceInfo(path), text), '']);
}

/** The risk checks' part of the supply-chain page: index, sections, examples as workspaces. */
export function riskChecksPart(): RuleSections<RiskCheck, ExampleFiles> {
  return {
    rules: RISK_CHECKS,
    indexHeading: [
      '## Risk checks',
      '',
      'These run on every scan, without network access, over all manifests and lockfiles together with the',
      'package managers\' configuration files. Findings have category `supply_chain` and the check id as rule id;',
      'each points at the offending line.',
    ],
    linkText: (c) => `\`${c.id}\``,
    heading: (c) => c.id,
    index: [
      { header: 'Title', cell: (c) => cell(c.title) },
      { header: 'Severity', cell: (c) => cell(c.severityNote) },
      { header: 'CWE', cell: (c) => c.cwe },
      { header: 'OWASP', cell: (c) => c.owasp.join(', ') },
    ],
    facts: [{ header: 'Title', cell: (c) => cell(c.title) }, ...baseFacts<RiskCheck>(), { header: 'Severities', cell: (c) => cell(c.severityNote) }],
    examples: (c) => c.docs,
    example: (_check, files) => renderFiles(files),
  };
}

/** Where the popular-package lists come from. */
export function popularListsSection(): string[] {
  const { npm, PyPI } = POPULAR;
  return [
    '### Popular-package lists',
    '',
    `\`typosquat\` and \`dependency-confusion\` use the ${npm.header.count.toLocaleString('en-US')} most downloaded npm and ${PyPI.header.count.toLocaleString('en-US')} most downloaded PyPI names.`,
    `npm: ${npm.header.source}, generated ${npm.header.generated}. PyPI: ${PyPI.header.source}, generated ${PyPI.header.generated}.`,
    'Regenerate with `npx tsx scripts/popular-packages.ts`.',
    '',
  ];
}

/** The risk-check section of docs/rules/supply-chain.md (the page renders the same lines). */
export function renderRiskDocs(): string {
  return `${[...ruleSections(riskChecksPart()), ...popularListsSection()].join('\n')}\n`;
}
