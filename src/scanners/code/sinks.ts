/** Matching helpers shared by the rules: flows into sink arguments and dynamically built strings. */
import { callShape, child, isLiteral, namedChildren, stringValue, textOf, unwrap } from './ast.js';
import type { SyntaxNode } from './parser.js';
import { all, type Trigger } from './prefilter.js';
import type { Match, QualifiedCall, RuleContext } from './rule.js';

/**
 * Whether an expression is a string assembled at run time from non-constant
 * parts (template with substitutions, `+` concatenation, f-string, `%`,
 * `.format`), following an identifier to its last assignment.
 */
export function isDynamicString(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const n = unwrap(node);
  switch (n.type) {
    case 'identifier': {
      const defs = ctx.taint.definitionsOf(n);
      return defs.some((d, i) => isDynamicString(ctx, d, depth + 1) || (i > 0 && !isLiteral(ctx.text, d)));
    }
    case 'template_string':
      return n.children.some((c) => c.type === 'template_substitution' && !isLiteral(ctx.text, namedChildren(c)[0]));
    case 'string':
      return n.children.some((c) => c.type === 'interpolation' && !isLiteral(ctx.text, child(c, 'expression') ?? namedChildren(c)[0]));
    case 'binary_expression':
    case 'binary_operator': {
      const left = child(n, 'left');
      const right = child(n, 'right');
      if (!left || !right) return false;
      const op = ctx.text.slice(left.end, right.start).trim();
      const stringy = (x: SyntaxNode) => ['string', 'template_string'].includes(unwrap(x).type) || isDynamicString(ctx, x, depth + 1);
      if (op === '+') return (stringy(left) || stringy(right)) && (!isLiteral(ctx.text, left) || !isLiteral(ctx.text, right));
      if (op === '%' && ctx.language === 'python') return unwrap(left).type === 'string' && !isLiteral(ctx.text, right);
      return false;
    }
    case 'call': {
      const call = callShape(ctx.text, n);
      return call?.method === 'format' && call.receiver !== undefined && unwrap(call.receiver).type === 'string' && call.args.length + call.kwargs.size > 0;
    }
    default:
      return false;
  }
}

/**
 * A sink argument: reported with the flow when request data reaches it, or as
 * a pattern match (lower confidence) when `pattern` says the shape alone is risky.
 */
export function sinkMatch(ctx: RuleContext, sink: SyntaxNode, arg: SyntaxNode | undefined, pattern: boolean | ((arg: SyntaxNode) => boolean), what: string): Match | undefined {
  if (!arg) return undefined;
  const taint = ctx.taint.taintOf(arg);
  if (taint) return { node: sink, taint, detail: `Request data from ${ctx.taint.describe(taint)} reaches ${what}.` };
  const isPattern = typeof pattern === 'function' ? pattern(arg) : pattern;
  if (isPattern) return { node: sink, detail: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} is built at run time from values not proven constant.` };
  return undefined;
}

/** The value of a keyword argument (Python) or of a property of an options object argument (JS). */
export function option(ctx: RuleContext, call: QualifiedCall, name: string): SyntaxNode | undefined {
  const kw = call.kwargs.get(name);
  if (kw) return kw;
  for (const arg of call.args) {
    const a = unwrap(arg);
    if (a.type !== 'object') continue;
    for (const p of namedChildren(a)) {
      if (p.type !== 'pair') continue;
      const k = child(p, 'key');
      if (k && (textOf(ctx.text, k) === name || stringValue(ctx.text, k) === name)) return child(p, 'value');
    }
  }
  return undefined;
}

export const isFalse = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['false', 'False', '0', "'0'", '"0"'].includes(textOf(ctx.text, unwrap(node)));
export const isTrue = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['true', 'True', '1'].includes(textOf(ctx.text, unwrap(node)));

/** The words of an identifier or expression text: `resetToken`, `reset_token`, `RESET-TOKEN` → `reset`, `token`. */
export const nameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

const PASSWORD_WORDS = new Set(['password', 'passwd', 'passphrase', 'pwd', 'pass', 'pw', 'credential', 'credentials']);

/** Whether a name or expression mentions a password. */
export const mentionsPassword = (text: string): boolean => nameWords(text).some((w) => PASSWORD_WORDS.has(w) || /^(?:password|passwd)/.test(w));

/** The constant text inside a (possibly dynamic) string expression, following identifiers once. */
export function literalText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const n = unwrap(node);
  const value = stringValue(ctx.text, n);
  if (value !== undefined) return value;
  switch (n.type) {
    case 'identifier':
      return ctx.taint
        .definitionsOf(n)
        .map((d) => literalText(ctx, d, depth + 1))
        .join(' ');
    case 'template_string':
    case 'string':
      return n.children
        .filter((c) => c.type === 'string_fragment' || c.type === 'string_content')
        .map((c) => textOf(ctx.text, c))
        .join(' ');
    case 'binary_expression':
    case 'binary_operator':
      return `${literalText(ctx, child(n, 'left'), depth + 1)} ${literalText(ctx, child(n, 'right'), depth + 1)}`;
    case 'call': {
      const call = callShape(ctx.text, n);
      return call?.receiver ? literalText(ctx, call.receiver, depth + 1) : '';
    }
    default:
      return '';
  }
}

/**
 * Prefilter terms for SQL_TEXT: the keywords of one of its alternatives. No leading `\b`: the
 * literal text joins string pieces with spaces, so a keyword right after an escape sequence
 * (`\nSELECT`) starts a word there but not in the source.
 */
export const SQL_KEYWORDS: readonly Trigger[] = Object.freeze([
  all(/select\b/i, /from\b/i),
  all(/insert\b/i, /into\b/i),
  all(/update\b/i, /set\b/i),
  all(/delete\b/i, /from\b/i),
  /where\b/i,
  all(/order\b/i, /by\b/i),
  /values\b/i,
  all(/drop\b/i, /table\b/i),
  all(/create\b/i, /table\b/i),
  all(/union\b/i, /select\b/i),
]);

export const SQL_TEXT = /\b(?:select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset|delete\s+from|where\b|order\s+by|values\s*\(|drop\s+table|create\s+table|union\s+select)/i;

/** The first positional argument, or a keyword argument (Python) by name. */
export const argument = (call: QualifiedCall, index: number, keyword?: string): SyntaxNode | undefined => call.args[index] ?? (keyword ? call.kwargs.get(keyword) : undefined);

/** Sources seen in the browser (location, document): not server input. */
export const isClientSource = (source: string): boolean => /^(?:window\.|document\.)?location\b|^document\./.test(source);

/** The constant string value of an argument, if it is one. */
export const stringArg = (ctx: RuleContext, node: SyntaxNode | undefined): string | undefined => stringValue(ctx.text, node);

/** The constant text an expression starts with (template head, leftmost `+` operand, f-string head), following identifiers once. */
export function leadingConstant(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const n = unwrap(node);
  const value = stringValue(ctx.text, n);
  if (value !== undefined) return value;
  switch (n.type) {
    case 'identifier': {
      const def = ctx.taint.definitionOf(n);
      return def ? leadingConstant(ctx, def, depth + 1) : '';
    }
    case 'template_string':
    case 'string': {
      let head = '';
      for (const c of n.children) {
        if (c.type === 'string_fragment' || c.type === 'string_content' || c.type === 'escape_sequence') head += textOf(ctx.text, c);
        else if (c.type === 'template_substitution' || c.type === 'interpolation') break;
      }
      return head;
    }
    case 'binary_expression':
    case 'binary_operator':
      return leadingConstant(ctx, child(n, 'left'), depth + 1);
    default:
      return '';
  }
}

/**
 * Whether a URL expression starts with a fixed origin or a local path (`/account/…`, `https://api.example.com/…`),
 * so whatever follows cannot change where it points.
 */
export const hasFixedOrigin = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => /^\/[^/\\]|^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(leadingConstant(ctx, node));
