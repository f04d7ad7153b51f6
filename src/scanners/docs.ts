/**
 * The one renderer of the rule pages (docs/rules/*.md). It reads only the
 * shared rule metadata (src/core/rules.ts); each catalogue's docs.ts gives a
 * RulePage: its intro, its extra columns and how its examples look.
 * `npm run docs:rules` (scripts/docs-rules.ts) writes every page, and each
 * catalogue's tests compare the committed page with this output.
 */
import type { RuleMetadata } from '../core/rules.js';

/** A rule of any catalogue. */
export type AnyRule = RuleMetadata<{ readonly summary: string }>;

/** A table column: its header and a rule's cell (Markdown, already escaped). */
export interface Column<R> {
  readonly header: string;
  readonly cell: (rule: R) => string;
}

export interface RulePage<R extends AnyRule, E> {
  /** File name under docs/rules/. */
  readonly file: string;
  /** The page's `#` title. */
  readonly title: string;
  /** Where the rules are, for the "generated from" note. */
  readonly source: string;
  readonly rules: readonly R[];
  /** Paragraphs before the index. */
  readonly intro: readonly string[];
  /** The index's heading and the text under it, when it has them. */
  readonly indexHeading?: readonly string[];
  /** Index columns after the link to the rule's section. */
  readonly index: readonly Column<R>[];
  /** Text of the index link; default the rule's title. */
  readonly linkText?: (rule: R) => string;
  /** Section heading; default `Title — \`id\``. */
  readonly heading?: (rule: R) => string;
  /** The facts table of each section. */
  readonly facts: readonly Column<R>[];
  /** Lines shown between the description and the remediation (notes, severity guides, outcome tables). */
  readonly details?: (rule: R) => readonly string[];
  /** A rule's examples (usually its `docs`). */
  readonly examples: (rule: R) => { readonly bad: readonly E[]; readonly good: readonly E[] };
  /** One example as Markdown lines, ending with a blank line. */
  readonly example: (rule: R, example: E) => readonly string[];
  /** Paragraphs after the sections. */
  readonly outro?: readonly string[];
}

/** Escapes a table cell. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A fenced block whose fence is longer than any backtick run inside. */
export function fence(info: string, text: string): string {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [`${ticks}${info}`, text.replace(/\n+$/, ''), ticks].join('\n');
}

/** The GitHub anchor of a heading. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

/** The rule id column of an index. */
export function idColumn<R extends AnyRule>(header = 'Id'): Column<R> {
  return { header, cell: (r) => `\`${r.id}\`` };
}

/** The severity column. */
export function severityColumn<R extends AnyRule>(header = 'Severity'): Column<R> {
  return { header, cell: (r) => r.severity };
}

/** The columns every catalogue's facts table starts with. */
export function baseFacts<R extends AnyRule>(confidence: Column<R> = { header: 'Confidence', cell: (r) => String(r.confidence) }): Column<R>[] {
  return [
    severityColumn(),
    confidence,
    { header: 'CWE', cell: (r) => r.cwe },
    { header: 'OWASP', cell: (r) => r.owasp.join(', ') },
  ];
}

function table<R>(columns: readonly Column<R>[], rules: readonly R[]): string[] {
  return [
    `| ${columns.map((c) => c.header).join(' | ')} |`,
    `|${columns.map(() => '---|').join('')}`,
    ...rules.map((r) => `| ${columns.map((c) => c.cell(r)).join(' | ')} |`),
  ];
}

const headingOf = <R extends AnyRule, E>(page: Pick<RulePage<R, E>, 'heading'>, rule: R): string => page.heading?.(rule) ?? `${rule.title} — \`${rule.id}\``;

function section<R extends AnyRule, E>(page: RuleSections<R, E>, rule: R): string[] {
  const lines = [`### ${headingOf(page, rule)}`, '', rule.docs.summary, '', ...table(page.facts, [rule]), ''];
  if (rule.description !== rule.docs.summary) lines.push(`**What it means.** ${rule.description}`, '');
  lines.push(...(page.details?.(rule) ?? []), `**What to do.** ${rule.remediation}`, '');
  const examples = page.examples(rule);
  const show = (e: E) => page.example(rule, e);
  lines.push('Reported:', '', ...examples.bad.flatMap(show), 'Not reported:', '', ...examples.good.flatMap(show));
  if (rule.references?.length) lines.push(`References: ${rule.references.map((r) => `<${r}>`).join(', ')}`, '');
  return lines;
}

/** The part of a page the rules make: the index (with its heading) and one section per rule. */
export type RuleSections<R extends AnyRule, E> = Omit<RulePage<R, E>, 'file' | 'title' | 'source' | 'intro' | 'outro'>;

/** Index and sections, as lines. */
export function ruleSections<R extends AnyRule, E>(part: RuleSections<R, E>): string[] {
  const link: Column<R> = { header: 'Rule', cell: (r) => `[${cell(part.linkText?.(r) ?? r.title)}](#${anchor(headingOf(part, r))})` };
  return [
    ...(part.indexHeading ? [...part.indexHeading, ''] : []),
    ...table([link, ...part.index], part.rules),
    '',
    ...part.rules.flatMap((rule) => section(part, rule)),
  ];
}

/** A catalogue's page: title, intro, index, one section per rule, outro. */
export function renderRulePage<R extends AnyRule, E>(page: RulePage<R, E>): string {
  const lines = [
    `# ${page.title}`,
    '',
    `<!-- Generated by \`npm run docs:rules\` from ${page.source}. Do not edit by hand. -->`,
    '',
    ...page.intro,
    '',
    ...ruleSections(page),
    ...(page.outro ?? []),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** A rendered page: its file name under docs/rules/, its text and how many rules it documents. */
export interface RenderedPage {
  readonly file: string;
  readonly text: string;
  readonly rules: number;
}

export function renderPage<R extends AnyRule, E>(page: RulePage<R, E>): RenderedPage {
  return { file: page.file, text: renderRulePage(page), rules: page.rules.length };
}
