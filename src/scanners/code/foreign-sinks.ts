/**
 * Matching helpers for the PHP, Go, Java and Ruby rules beyond injection:
 * constant values followed through variables and file-level constants, the
 * constant text a URL starts with, guards written before a sink, and the
 * names a value is stored under (for "is this random value a token?").
 */
import { child, descendants, enclosingFunction, functionTypes, namedChildren, textOf } from './ast.js';
import type { SyntaxNode } from './parser.js';
import { assignedValues, stringValueOf } from './polyglot.js';
import type { Match, QualifiedCall, RuleContext } from './rule.js';
import { nameWords } from './sinks.js';

const VARIABLES = new Set(['identifier', 'variable_name']);
const INTEGERS = new Set(['decimal_integer_literal', 'int_literal', 'integer']);
const CONCAT_OPS = new Set(['+', '.']);

export const strip = (node: SyntaxNode): SyntaxNode => {
  let n = node;
  while (n.type === 'parenthesized_expression' || n.type === 'argument' || n.type === 'literal_element') n = namedChildren(n).at(-1) ?? n;
  return n;
};

/** A file-level constant's value: Java `static final` field, Go `const`, Ruby `NAME = …`, PHP `const`/`define`. */
function fileConstant(ctx: RuleContext, name: string): SyntaxNode | undefined {
  for (const d of ctx.nodes.of('variable_declarator', 'const_spec', 'const_element', 'assignment')) {
    const left = child(d, 'name') ?? child(d, 'left') ?? namedChildren(d)[0];
    if (!left || textOf(ctx.text, left) !== name || enclosingFunction(d, ctx.language)) continue;
    const value = child(d, 'value') ?? child(d, 'right') ?? namedChildren(d)[1];
    if (value && value.type === 'expression_list') return namedChildren(value)[0];
    if (value) return value;
  }
  return undefined;
}

/** The value of a variable, constant or `Class.FIELD` reference, else the node itself. */
export function resolve(ctx: RuleContext, node: SyntaxNode, depth = 0): SyntaxNode {
  const n = strip(node);
  if (depth > 3) return n;
  if (VARIABLES.has(n.type) || n.type === 'constant') {
    const local = assignedValues(ctx, n).at(-1) ?? fileConstant(ctx, textOf(ctx.text, n));
    return local ? resolve(ctx, local, depth + 1) : n;
  }
  if (n.type === 'field_access' || n.type === 'selector_expression' || n.type === 'scope_resolution' || n.type === 'class_constant_access_expression') {
    const field = child(n, 'field') ?? child(n, 'name') ?? namedChildren(n).at(-1);
    const value = field ? fileConstant(ctx, textOf(ctx.text, field)) : undefined;
    return value ? resolve(ctx, value, depth + 1) : n;
  }
  return n;
}

/** The constant string an expression has, following variables and constants; undefined when not constant. */
export function constString(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = resolve(ctx, node);
  const value = stringValueOf(ctx, n);
  if (value !== undefined || n.type !== 'binary_expression') return value;
  const [left, right] = [child(n, 'left'), child(n, 'right')];
  if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return undefined;
  const [l, r] = [constString(ctx, left), constString(ctx, right)];
  return l !== undefined && r !== undefined ? l + r : undefined;
}

/** The constant integer an expression has (`1024`, `KEY_SIZE`), else undefined. */
export function constInt(ctx: RuleContext, node: SyntaxNode | undefined): number | undefined {
  if (!node) return undefined;
  const n = resolve(ctx, node);
  if (!INTEGERS.has(n.type)) return undefined;
  const value = Number(textOf(ctx.text, n).replace(/_/g, '').replace(/[lL]$/, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** The constant text an expression starts with: a literal, the head of a concatenation, interpolated string or format. */
export function leadingText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 4) return '';
  const n = strip(node);
  const value = constString(ctx, n);
  if (value !== undefined) return value;
  switch (n.type) {
    case 'binary_expression': {
      const [left, right] = [child(n, 'left'), child(n, 'right')];
      if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return '';
      const head = constString(ctx, left);
      return head !== undefined ? head + leadingText(ctx, right, depth + 1) : leadingText(ctx, left, depth + 1);
    }
    case 'encapsed_string':
    case 'string':
    case 'interpreted_string_literal': {
      let head = '';
      for (const c of namedChildren(n)) {
        if (c.type !== 'string_content' && c.type !== 'escape_sequence' && c.type !== 'string_fragment') break;
        head += textOf(ctx.text, c);
      }
      return head;
    }
    case 'identifier':
    case 'variable_name': {
      const last = assignedValues(ctx, n).at(-1);
      return last ? leadingText(ctx, last, depth + 1) : '';
    }
    case 'call_expression':
    case 'method_invocation':
    case 'function_call_expression': {
      // fmt.Sprintf / String.format / sprintf: the format up to its first verb.
      if (!/^(?:fmt\.Sprintf|String\.format|sprintf)\s*\(/.test(textOf(ctx.text, n))) return '';
      const format = constString(ctx, namedChildren(child(n, 'arguments') ?? n)[0]);
      return format ? (format.split('%')[0] ?? '') : '';
    }
    default:
      return '';
  }
}

/** A local path (`/x`), a constant scheme and host, or a relative reference whose path is fixed (`index.php?x=`, `reports/`). */
const FIXED_ORIGIN = /^\/[^/\\]|^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]|^(?![/\\]{2})[^:/?#\\]+[/?#]/i;

/** Whether a URL starts with a local path or a constant scheme and host, after an optional prefix (`Location: `, `redirect:`). */
export const fixedOrigin = (ctx: RuleContext, node: SyntaxNode | undefined, prefix?: RegExp): boolean => FIXED_ORIGIN.test(leadingText(ctx, node).replace(prefix ?? /^/, ''));

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

/** Words that make a value a secret (MEDIUM) or an identifier or code (LOW) when it is stored under them. */
export const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'nonce', 'salt', 'otp', 'csrf', 'xsrf', 'session', 'key', 'apikey', 'auth', 'reset', 'credential', 'passphrase', 'signature', 'remember']);
export const ID_WORDS = new Set(['id', 'uuid', 'guid', 'sid', 'code', 'invite', 'verification', 'verify', 'pin', 'coupon', 'voucher']);

const STATEMENTS = /^(?:expression_statement|block|compound_statement|body_statement|if_statement|for_statement|while_statement|program|source_file|class_body|method_declaration|function_declaration|method|function_definition)$/;
const STORING_CALL = /^(?:set|put|store|save|add)|cookie|session|header|attribute/i;

/** The left side of an assignment-like parent of `p`, when `p` is its value. */
function assignedTo(ctx: RuleContext, parent: SyntaxNode, p: SyntaxNode): SyntaxNode | undefined {
  switch (parent.type) {
    case 'variable_declarator':
    case 'var_spec':
      return p.field === 'value' || p.type === 'expression_list' ? child(parent, 'name') : undefined;
    case 'assignment_expression':
    case 'augmented_assignment_expression':
    case 'assignment':
    case 'operator_assignment':
    case 'short_var_declaration':
    case 'assignment_statement': {
      if (p.field !== 'right') return undefined;
      const left = child(parent, 'left');
      return left?.type === 'expression_list' ? namedChildren(left)[0] : left;
    }
    case 'keyed_element':
    case 'array_element_initializer':
    case 'pair': {
      const [key, value] = namedChildren(parent);
      return value === p ? key : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Names a value is stored under: the variable, field or key it is assigned to, a setter or
 * cookie call it is passed to (with its constant arguments), or the function returning it.
 */
export function storedUnder(ctx: RuleContext, node: SyntaxNode): { names: string[]; variable?: SyntaxNode } {
  const names: string[] = [];
  for (let p: SyntaxNode = node, depth = 0; p.parent && depth < 8; p = p.parent, depth++) {
    const parent: SyntaxNode = p.parent;
    const target = assignedTo(ctx, parent, p);
    if (target) {
      names.push(textOf(ctx.text, target));
      return { names, variable: VARIABLES.has(target.type) ? target : undefined };
    }
    if (parent.type === 'return_statement' || parent.type === 'return') {
      const fn = enclosingFunction(parent, ctx.language);
      const name = fn ? child(fn, 'name') : undefined;
      if (name) names.push(textOf(ctx.text, name));
      return { names };
    }
    if ((parent.type === 'argument_list' || parent.type === 'arguments') && parent.parent) {
      const call = parent.parent;
      const callee = child(call, 'name') ?? child(call, 'method') ?? child(call, 'function') ?? child(call, 'type');
      const calleeName = callee ? textOf(ctx.text, callee) : '';
      if (call.type === 'object_creation_expression' || STORING_CALL.test(calleeName.split(/[.:>]/).at(-1) ?? '')) {
        names.push(calleeName, ...namedChildren(parent).map((a) => constString(ctx, a) ?? '').filter((s) => s.length > 0));
        return { names };
      }
    }
    if (STATEMENTS.test(parent.type)) return { names };
  }
  return { names };
}

/**
 * The names that say what a generated value is for: where it is stored, and where the variable
 * holding it is stored next in the same function (`r = rand(); token = hex(r)`).
 */
export function purposeOf(ctx: RuleContext, node: SyntaxNode, holder?: SyntaxNode): string[] {
  const first = holder ? { names: [textOf(ctx.text, holder)], variable: holder } : storedUnder(ctx, node);
  const names = [...first.names];
  const variable = first.variable;
  if (variable) {
    const fn = enclosingFunction(variable, ctx.language);
    const name = textOf(ctx.text, variable);
    for (const use of descendants(fn ?? ctx.root)) {
      if (use.start <= variable.end || !VARIABLES.has(use.type) || textOf(ctx.text, use) !== name) continue;
      names.push(...storedUnder(ctx, use).names);
      if (names.length > 12) break;
    }
  }
  if (names.length === 0) {
    const fn = enclosingFunction(node, ctx.language);
    const name = fn ? child(fn, 'name') : undefined;
    if (name) names.push(textOf(ctx.text, name));
  }
  return names;
}

/** MEDIUM for secrets, LOW for identifiers and codes, undefined when the names say neither. */
export function purposeSeverity(names: readonly string[]): 'MEDIUM' | 'LOW' | undefined {
  const words = names.flatMap((n) => nameWords(n));
  if (words.some((w) => SECRET_WORDS.has(w))) return 'MEDIUM';
  if (words.some((w) => ID_WORDS.has(w))) return 'LOW';
  return undefined;
}

/**
 * A finding for a non-cryptographic random value whose names say it is a secret (MEDIUM) or an
 * identifier or code (LOW); undefined when they say neither. `holder` is an out-parameter it fills.
 */
export function randomMatch(ctx: RuleContext, node: SyntaxNode, label: string, holder?: SyntaxNode): Match | undefined {
  const names = purposeOf(ctx, node, holder);
  const severity = purposeSeverity(names);
  if (!severity) return undefined;
  const shown = (names.find((n) => purposeSeverity([n]) === severity) ?? '').replace(/\s+/g, ' ');
  const detail = `\`${label}\` produces the value of \`${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}\`, which should be unpredictable.`;
  return severity === 'LOW' ? { node, severity, confidence: 0.4, detail } : { node, detail };
}

const URL_WORDS = new Set(['url', 'uri', 'urls', 'link', 'href', 'host', 'hostname', 'site', 'endpoint', 'feed', 'webhook', 'callback', 'domain', 'remote', 'proxy', 'src', 'rss', 'http', 'https']);

/** Whether an expression (or the request key it comes from) names a URL rather than a file. */
export function looksLikeUrl(ctx: RuleContext, arg: SyntaxNode, source?: string): boolean {
  if (/^(?:https?:)?\/\//i.test(leadingText(ctx, arg))) return true;
  const words = [...namesIn(ctx, arg), textOf(ctx.text, arg), source ?? ''].flatMap((t) => nameWords(t.replace(/\$_SERVER/g, '')));
  return words.some((w) => URL_WORDS.has(w));
}

const callIndex = new WeakMap<SyntaxNode, Map<SyntaxNode, QualifiedCall>>();

/** The call whose node this is, among the file's calls (indexed once per file). */
export function callAt(ctx: RuleContext, node: SyntaxNode): QualifiedCall | undefined {
  let index = callIndex.get(ctx.root);
  if (!index) callIndex.set(ctx.root, (index = new Map(ctx.calls.map((c) => [c.node, c]))));
  return index.get(node);
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

const URL_WRAPPERS = /^(?:new\s+(?:java\.net\.)?(?:URL|URI)|(?:java\.net\.)?URI\.create|URI|URI\.parse|url\.Parse|url\.ParseRequestURI|Addressable::URI\.parse)\s*\(/;

/** The string a URL object is made from (`new URL(s)`, `URI.create(s)`, `URI(s)`, `url.Parse(s)`), following variables; else the node. */
export function urlText(ctx: RuleContext, node: SyntaxNode, depth = 0): SyntaxNode {
  const n = strip(node);
  if (depth > 3) return n;
  if (VARIABLES.has(n.type)) {
    const last = assignedValues(ctx, n).at(-1);
    return last && URL_WRAPPERS.test(textOf(ctx.text, strip(last))) ? urlText(ctx, last, depth + 1) : n;
  }
  if (URL_WRAPPERS.test(textOf(ctx.text, n))) {
    const args = namedChildren(child(n, 'arguments') ?? n).map(strip);
    // new URL(context, spec): the context fixes the origin.
    return args.length === 2 && /^new\s+(?:java\.net\.)?URL/.test(textOf(ctx.text, n)) ? (args[0] as SyntaxNode) : args[0] ? urlText(ctx, args[0], depth + 1) : n;
  }
  return n;
}

/** Words naming a cookie that carries a session or credential, whose missing HttpOnly flag matters. */
const SENSITIVE_COOKIE_WORDS = new Set([...SECRET_WORDS, 'sid', 'jwt', 'login', 'sso', 'identity']);
export const sensitiveCookie = (names: readonly string[]): boolean =>
  names.flatMap((n) => nameWords(n)).some((w) => SENSITIVE_COOKIE_WORDS.has(w)) || names.some((n) => /sess|token|jwt|auth|remember/i.test(n));

/** Literal false in any of the languages (`false`, `FALSE`, `0`, `'0'`, `'off'`). */
export const falseLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:false|FALSE|False|0|'0'|"0"|'off'|"off"|'Off'|"Off"|nil)$/.test(textOf(ctx.text, strip(node)).trim());
export const trueLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:true|TRUE|True|1|'1'|"1"|'on'|"on")$/.test(textOf(ctx.text, strip(node)).trim());

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
