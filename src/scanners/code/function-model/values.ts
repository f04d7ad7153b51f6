/**
 * Constant values for the PHP, Go, Java and Ruby rules beyond injection: literals followed through
 * variables and file-level constants, the constant text a URL starts with, the string a URL object
 * is made from, literal true/false, and the call at a node.
 */
import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { assignedValues, stringValueOf } from './taint.js';
import type { QualifiedCall, RuleContext } from '../rule.js';

export const VARIABLES = new Set(['identifier', 'variable_name']);
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

/** Stands, in a location's head, for text the program fixes but the file does not show (a constant defined elsewhere, `__DIR__`). */
const FIXED_TEXT = '\u0000';

/** Schemes whose URL names one resource by its host and path (no wrapper around another location). */
const URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps', 'file']);

/** The text of PHP `define('NAME', 'value')` in the file, else undefined. */
function definedText(ctx: RuleContext, name: string): string | undefined {
  for (const call of ctx.nodes.of('function_call_expression')) {
    const fn = child(call, 'function');
    if (!fn || textOf(ctx.text, fn) !== 'define') continue;
    const [key, value] = namedChildren(child(call, 'arguments') ?? call).map(strip);
    if (key && stringValueOf(ctx, key) === name) return value ? constString(ctx, value) : undefined;
  }
  return undefined;
}

/**
 * The text a location starts with, up to its first value the program does not fix: literals and constants
 * followed through variables, a named constant the file does not define standing as FIXED_TEXT. `whole`: the
 * expression is all fixed text.
 */
function locationHead(ctx: RuleContext, node: SyntaxNode | undefined, depth: number): { text: string; whole: boolean } {
  if (!node || depth > 4) return { text: '', whole: false };
  const n = strip(node);
  const value = constString(ctx, n);
  if (value !== undefined) return { text: value, whole: true };
  if (n.type === 'name' || n.type === 'constant') return { text: definedText(ctx, textOf(ctx.text, n)) ?? FIXED_TEXT, whole: true };
  switch (n.type) {
    case 'binary_expression': {
      const [left, right] = [child(n, 'left'), child(n, 'right')];
      if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return { text: '', whole: false };
      const head = locationHead(ctx, left, depth + 1);
      if (!head.whole) return head;
      const tail = locationHead(ctx, right, depth + 1);
      return { text: head.text + tail.text, whole: tail.whole };
    }
    case 'identifier':
    case 'variable_name': {
      const last = assignedValues(ctx, n).at(-1);
      return last ? locationHead(ctx, last, depth + 1) : { text: '', whole: false };
    }
    default:
      // Interpolated strings and formats: their literal head (`"pages/{$id}"`).
      return { text: leadingText(ctx, n, depth + 1), whole: false };
  }
}

/**
 * Whether a file or URL argument names a location the program fixes before any value it does not: a
 * local path (`'pages/' . $id`, `__DIR__ . '/x/' . $id`, a drive letter), or an `http(s)`, `ftp(s)` or
 * `file` URL whose scheme and host are constant. Not when nothing fixed precedes the value (it may be
 * `http://attacker/…`, `data:…`, `php://input`), nor after another wrapper's scheme (`php://filter/…/resource=`,
 * `phar://`, `compress.zlib://`: the rest may name a resource of the attacker's).
 */
export function fixedLocation(ctx: RuleContext, node: SyntaxNode | undefined): boolean {
  const text = locationHead(ctx, node, 0).text;
  const scheme = /^([^/\\?#]*):/.exec(text)?.[1];
  if (scheme !== undefined && (scheme.length > 1 || scheme === FIXED_TEXT)) return (scheme === FIXED_TEXT || URL_SCHEMES.has(scheme.toLowerCase())) && /^[^/\\?#]*:\/\/[^/?#]*[/?#]/.test(text);
  return /[/\\]/.test(text);
}

const callIndex = new WeakMap<SyntaxNode, Map<SyntaxNode, QualifiedCall>>();

/** The call whose node this is, among the file's calls (indexed once per file). */
export function callAt(ctx: RuleContext, node: SyntaxNode): QualifiedCall | undefined {
  let index = callIndex.get(ctx.root);
  if (!index) callIndex.set(ctx.root, (index = new Map(ctx.calls.map((c) => [c.node, c]))));
  return index.get(node);
}

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

/** Literal false in any of the languages (`false`, `FALSE`, `0`, `'0'`, `'off'`). */
export const falseLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:false|FALSE|False|0|'0'|"0"|'off'|"off"|'Off'|"Off"|nil)$/.test(textOf(ctx.text, strip(node)).trim());
export const trueLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:true|TRUE|True|1|'1'|"1"|'on'|"on")$/.test(textOf(ctx.text, strip(node)).trim());
