/**
 * Guards for the PHP, Go, Java and Ruby rules: the text of the function around a sink, the variables
 * an argument is built from, checks written before the sink (allow-lists, `..` tests, canonical-path
 * prefix checks), and whether a value names a URL rather than a file.
 */
import { descendants, enclosingFunction, functionTypes, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { assignedValues } from './taint.js';
import type { RuleContext } from '../rule.js';
import { nameWords } from '../words.js';
import { storedUnder } from './purpose.js';
import { leadingText, VARIABLES } from './values.js';

const topLevelCache = new WeakMap<SyntaxNode, string>();

/** The file's text with the bodies of its functions blanked out (line breaks kept). */
function topLevelText(ctx: RuleContext): string {
  const cached = topLevelCache.get(ctx.root);
  if (cached !== undefined) return cached;
  let text = ctx.text;
  for (const fn of ctx.nodes.of(...functionTypes(ctx.language))) {
    if (enclosingFunction(fn, ctx.language)) continue;
    text = text.slice(0, fn.start) + text.slice(fn.start, fn.end).replace(/[^\n]/g, ' ') + text.slice(fn.end);
  }
  topLevelCache.set(ctx.root, text);
  return text;
}

/** The text of the function around a node (top-level code when outside functions), up to the node or whole. */
export function functionText(ctx: RuleContext, node: SyntaxNode, whole = false): string {
  const fn = enclosingFunction(node, ctx.language);
  if (!fn) return topLevelText(ctx).slice(0, whole ? ctx.text.length : node.start);
  return ctx.text.slice(fn.start, whole ? fn.end : node.start);
}

/** Variables an expression is built from, and those they were assigned from (one step). */
export function namesIn(ctx: RuleContext, node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  const collect = (n: SyntaxNode, follow: boolean) => {
    for (const d of descendants(n)) {
      if (!VARIABLES.has(d.type) || d.field === 'name' || d.field === 'method' || d.field === 'field') continue;
      const name = textOf(ctx.text, d);
      if (names.has(name)) continue;
      names.add(name);
      if (follow) for (const v of assignedValues(ctx, d)) collect(v, false);
    }
  };
  collect(node, true);
  return names;
}

/** Request objects: a check mentioning them says nothing about one particular value. */
const REQUEST_ROOTS = /^(?:params|request|req|r|c|ctx|cookies|\$_\w+|\$request|\$req)$/;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a line of the function before the sink matches `guard` and names one of the variables `arg` is built from. */
export function guardedBefore(ctx: RuleContext, sink: SyntaxNode, arg: SyntaxNode, guard: RegExp): boolean {
  const text = functionText(ctx, sink);
  const names = [...namesIn(ctx, arg)];
  if (names.length === 0) return false;
  const mention = new RegExp(`(?<![\\w$])(?:${names.map(escapeRe).join('|')})(?![\\w])`);
  for (const line of text.split('\n')) if (guard.test(line) && mention.test(line)) return true;
  return false;
}

const URL_WORDS = new Set(['url', 'uri', 'urls', 'link', 'href', 'host', 'hostname', 'site', 'endpoint', 'feed', 'webhook', 'callback', 'domain', 'remote', 'proxy', 'src', 'rss', 'http', 'https']);

/** Whether an expression (or the request key it comes from) names a URL rather than a file. */
export function looksLikeUrl(ctx: RuleContext, arg: SyntaxNode, source?: string): boolean {
  if (/^(?:https?:)?\/\//i.test(leadingText(ctx, arg))) return true;
  const words = [...namesIn(ctx, arg), textOf(ctx.text, arg), source ?? ''].flatMap((t) => nameWords(t.replace(/\$_SERVER/g, '')));
  return words.some((w) => URL_WORDS.has(w));
}

/** Whether an expression, or the values of the variables it is built from (one step), match `pattern` in their text. */
export function builtWith(ctx: RuleContext, node: SyntaxNode, pattern: RegExp): boolean {
  if (pattern.test(textOf(ctx.text, node))) return true;
  for (const d of descendants(node)) if (VARIABLES.has(d.type) && assignedValues(ctx, d).some((v) => pattern.test(textOf(ctx.text, v)))) return true;
  return false;
}

/** Whether the function around a node contains every one of `patterns` (a check spread over several statements). */
export const functionHasAll = (ctx: RuleContext, node: SyntaxNode, patterns: readonly RegExp[]): boolean => {
  const text = functionText(ctx, node, true);
  return patterns.every((p) => p.test(text));
};

/**
 * Whether the function normalises a path (`normaliser`, e.g. `getCanonicalPath`, `realpath`) and a line
 * checks its prefix (`prefix`, e.g. `startsWith`) on a variable the sink argument is built from, the
 * variable holding the sink's result, or one assigned from those (`canonical = file.getCanonicalPath()`).
 */
export function prefixChecked(ctx: RuleContext, sink: SyntaxNode, arg: SyntaxNode, normaliser: RegExp, prefix: RegExp): boolean {
  const text = functionText(ctx, sink, true);
  if (!normaliser.test(text)) return false;
  const holder = storedUnder(ctx, sink).variable;
  const direct = new Set([...descendants(arg)].filter((d) => VARIABLES.has(d.type)).map((d) => textOf(ctx.text, d)));
  if (holder) direct.add(textOf(ctx.text, holder));
  const names = new Set([...namesIn(ctx, arg), ...direct].filter((n) => !REQUEST_ROOTS.test(n)));
  const mentionsAny = (line: string, set: ReadonlySet<string>) => [...set].some((n) => !REQUEST_ROOTS.test(n) && new RegExp(`(?<![\\w$])${escapeRe(n)}(?![\\w])`).test(line));
  const lines = text.split('\n');
  // One step forward from the argument's own variables: canonical = file.getCanonicalPath().
  for (const line of lines) {
    const assigned = /([$\w]+)\s*:?=(?!=)\s*(.+)$/.exec(line);
    if (assigned?.[1] && assigned[2] && mentionsAny(assigned[2], direct)) names.add(assigned[1]);
  }
  return lines.some((line) => prefix.test(line) && mentionsAny(line, names));
}
