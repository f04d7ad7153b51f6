/**
 * Constant values for the PHP, Go, Java and Ruby rules beyond injection: literals followed through
 * variables and file-level constants, the constant text a URL starts with, the string a URL object
 * is made from, literal true/false, and the call at a node. It reads node kinds and fields only through
 * the language profiles (language-profile.ts; test/architecture/engine-kinds.test.ts).
 */
import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import { PROFILES, roleSwitch, type LanguageProfile } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import { assignedValues, stringValueOf } from './taint.js';
import type { QualifiedCall, RuleContext } from '../rule.js';
import { roleKinds } from './assignments.js';

/** The kinds of a language's variables. */
export const VARIABLES = (profile: LanguageProfile): ReadonlySet<string> => profile.kinds.identifiers;
const CONCAT_OPS = new Set(['+', '.']);

/**
 * The wrapper kinds of all the per-function model's languages as one set, so `strip` keeps needing no
 * context: each of these kinds is a wrapper in every one of the four grammars that has it.
 */
const WRAPPERS: ReadonlySet<string> = new Set([PROFILES.php, PROFILES.go, PROFILES.java, PROFILES.ruby].flatMap((p) => [...p.kinds.valueWrappers, ...p.kinds.argumentWrappers]));

/** The expression inside parentheses, a PHP argument or a Go composite-literal element. */
export const strip = (node: SyntaxNode): SyntaxNode => {
  let n = node;
  while (WRAPPERS.has(n.type)) n = namedChildren(n).at(-1) ?? n;
  return n;
};

const CONSTANT_DEFINITIONS = roleKinds(['constantDefinitions']);

/** A file-level constant's value: Java `static final` field, Go `const`, Ruby `NAME = …`, PHP `const`/`define`. */
function fileConstant(ctx: RuleContext, name: string): SyntaxNode | undefined {
  const { kinds, fields } = ctx.profile;
  const f = fields.constantDefinitions;
  for (const d of ctx.nodes.of(...CONSTANT_DEFINITIONS(ctx.profile))) {
    const left = child(d, f.name) ?? namedChildren(d)[0];
    if (!left || textOf(ctx.text, left) !== name || enclosingFunction(d, ctx.language)) continue;
    const value = child(d, f.value) ?? namedChildren(d)[1];
    if (value && kinds.expressionLists.has(value.type)) return namedChildren(value)[0];
    if (value) return value;
  }
  return undefined;
}

/** The value of a variable, constant or `Class.FIELD` reference, else the node itself. */
export function resolve(ctx: RuleContext, node: SyntaxNode, depth = 0): SyntaxNode {
  const n = strip(node);
  if (depth > 3) return n;
  const { kinds, fields } = ctx.profile;
  if (kinds.identifiers.has(n.type) || kinds.constantNames.has(n.type)) {
    const local = assignedValues(ctx, n).at(-1) ?? fileConstant(ctx, textOf(ctx.text, n));
    return local ? resolve(ctx, local, depth + 1) : n;
  }
  if (kinds.qualifiedConstants.has(n.type)) {
    const field = child(n, fields.qualifiedConstants.property) ?? namedChildren(n).at(-1);
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
  const { kinds, fields } = ctx.profile;
  if (value !== undefined || !kinds.foldedBinaries.has(n.type)) return value;
  const [left, right] = [child(n, fields.foldedBinaries.left), child(n, fields.foldedBinaries.right)];
  if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return undefined;
  const [l, r] = [constString(ctx, left), constString(ctx, right)];
  return l !== undefined && r !== undefined ? l + r : undefined;
}

/** The constant integer an expression has (`1024`, `KEY_SIZE`), else undefined. */
export function constInt(ctx: RuleContext, node: SyntaxNode | undefined): number | undefined {
  if (!node) return undefined;
  const n = resolve(ctx, node);
  if (!ctx.profile.kinds.integerLiterals.has(n.type)) return undefined;
  const value = Number(textOf(ctx.text, n).replace(/_/g, '').replace(/[lL]$/, ''));
  return Number.isFinite(value) ? value : undefined;
}

const LEADING = roleSwitch(['foldedBinaries', 'interpolatedStrings', 'literalStrings', 'identifiers', 'formatCalls'] as const);

/** The constant text an expression starts with: a literal, the head of a concatenation, interpolated string or format. */
export function leadingText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 4) return '';
  const n = strip(node);
  const value = constString(ctx, n);
  if (value !== undefined) return value;
  const { kinds, fields } = ctx.profile;
  switch (LEADING(ctx.profile).get(n.type)) {
    case 'foldedBinaries': {
      const [left, right] = [child(n, fields.foldedBinaries.left), child(n, fields.foldedBinaries.right)];
      if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return '';
      const head = constString(ctx, left);
      return head !== undefined ? head + leadingText(ctx, right, depth + 1) : leadingText(ctx, left, depth + 1);
    }
    case 'interpolatedStrings':
    case 'literalStrings': {
      let head = '';
      for (const c of namedChildren(n)) {
        if (!kinds.stringTexts.has(c.type) && !kinds.escapes.has(c.type)) break;
        head += textOf(ctx.text, c);
      }
      return head;
    }
    case 'identifiers': {
      const last = assignedValues(ctx, n).at(-1);
      return last ? leadingText(ctx, last, depth + 1) : '';
    }
    case 'formatCalls': {
      // fmt.Sprintf / String.format / sprintf: the format up to its first verb.
      if (!/^(?:fmt\.Sprintf|String\.format|sprintf)\s*\(/.test(textOf(ctx.text, n))) return '';
      const format = constString(ctx, namedChildren(child(n, fields.formatCalls.arguments) ?? n)[0]);
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

const CALLS = roleKinds(['calls']);

/** The text of PHP `define('NAME', 'value')` in the file, else undefined. */
function definedText(ctx: RuleContext, name: string): string | undefined {
  const { fields } = ctx.profile;
  for (const call of ctx.nodes.of(...CALLS(ctx.profile))) {
    const fn = child(call, fields.calls.callee);
    if (!fn || textOf(ctx.text, fn) !== 'define') continue;
    const [key, value] = namedChildren(child(call, fields.calls.arguments) ?? call).map(strip);
    if (key && stringValueOf(ctx, key) === name) return value ? constString(ctx, value) : undefined;
  }
  return undefined;
}

const HEAD = roleSwitch(['foldedBinaries', 'identifiers'] as const);

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
  const { kinds, fields } = ctx.profile;
  if (kinds.definedConstantNames.has(n.type) || kinds.constantNames.has(n.type)) return { text: definedText(ctx, textOf(ctx.text, n)) ?? FIXED_TEXT, whole: true };
  switch (HEAD(ctx.profile).get(n.type)) {
    case 'foldedBinaries': {
      const [left, right] = [child(n, fields.foldedBinaries.left), child(n, fields.foldedBinaries.right)];
      if (!left || !right || !CONCAT_OPS.has(ctx.text.slice(left.end, right.start).trim())) return { text: '', whole: false };
      const head = locationHead(ctx, left, depth + 1);
      if (!head.whole) return head;
      const tail = locationHead(ctx, right, depth + 1);
      return { text: head.text + tail.text, whole: tail.whole };
    }
    case 'identifiers': {
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

const CALL_ROLES = roleSwitch(['constructions', 'methodCalls', 'calls'] as const);
const URL_WRAPPERS = /^(?:new\s+(?:java\.net\.)?(?:URL|URI)|(?:java\.net\.)?URI\.create|URI|URI\.parse|url\.Parse|url\.ParseRequestURI|Addressable::URI\.parse)\s*\(/;

/** The string a URL object is made from (`new URL(s)`, `URI.create(s)`, `URI(s)`, `url.Parse(s)`), following variables; else the node. */
export function urlText(ctx: RuleContext, node: SyntaxNode, depth = 0): SyntaxNode {
  const n = strip(node);
  if (depth > 3) return n;
  if (ctx.profile.kinds.identifiers.has(n.type)) {
    const last = assignedValues(ctx, n).at(-1);
    return last && URL_WRAPPERS.test(textOf(ctx.text, strip(last))) ? urlText(ctx, last, depth + 1) : n;
  }
  if (URL_WRAPPERS.test(textOf(ctx.text, n))) {
    const role = CALL_ROLES(ctx.profile).get(n.type);
    const args = namedChildren(child(n, role && ctx.profile.fields[role].arguments) ?? n).map(strip);
    // new URL(context, spec): the context fixes the origin.
    return args.length === 2 && /^new\s+(?:java\.net\.)?URL/.test(textOf(ctx.text, n)) ? (args[0] as SyntaxNode) : args[0] ? urlText(ctx, args[0], depth + 1) : n;
  }
  return n;
}

/** Literal false in any of the languages (`false`, `FALSE`, `0`, `'0'`, `'off'`). */
export const falseLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:false|FALSE|False|0|'0'|"0"|'off'|"off"|'Off'|"Off"|nil)$/.test(textOf(ctx.text, strip(node)).trim());
export const trueLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && /^(?:true|TRUE|True|1|'1'|"1"|'on'|"on")$/.test(textOf(ctx.text, strip(node)).trim());
