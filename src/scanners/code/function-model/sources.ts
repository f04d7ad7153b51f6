/**
 * Request sources of the per-function model for PHP, Go, Java and Ruby: a matcher compiled from
 * the tables of taint-sources.ts (superglobals and framework request objects, `net/http` and
 * gin/echo/fiber/chi accessors, servlet getters and Spring/JAX-RS-bound parameters, Rails/Sinatra
 * `params`), and the PHP checks that restrict a value (`phpGuarded`).
 */
import { child, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { compileFunctionModelSources, FUNCTION_MODEL_LANGUAGES, squash, type CompiledFunctionModelSources, type FunctionModelLanguage } from '../taint-sources.js';

const COMPILED: ReadonlyMap<string, CompiledFunctionModelSources> = new Map(FUNCTION_MODEL_LANGUAGES.map((l) => [l, compileFunctionModelSources(l)]));

/** Spring/JAX-RS parameter annotations of the tables (`@RequestParam`, `@PathParam`…). */
export const JAVA_SOURCE_ANNOTATION: RegExp = COMPILED.get('java')?.annotation ?? /(?!)/;

/**
 * `$_SERVER` entries the server sets itself, not the client: the script's path, the server's
 * configured name and address, the peer address and the method. (`HTTP_*` headers, `REQUEST_URI`,
 * `QUERY_STRING`, `PHP_SELF` and `PATH_INFO` stay request data.)
 */
const PHP_SERVER_SETTINGS = new Set(['SCRIPT_NAME', 'SCRIPT_FILENAME', 'SERVER_NAME', 'SERVER_ADDR', 'SERVER_PORT', 'SERVER_SOFTWARE', 'SERVER_PROTOCOL', 'DOCUMENT_ROOT', 'REMOTE_ADDR', 'REQUEST_METHOD', 'REQUEST_TIME', 'REQUEST_TIME_FLOAT', 'HTTPS']);

/** `$_SERVER['SCRIPT_NAME']` and the other entries of PHP_SERVER_SETTINGS. */
export function isServerSetting(ctx: RuleContext, node: SyntaxNode): boolean {
  if (ctx.language !== 'php' || node.type !== 'subscript_expression') return false;
  const m = /^\$_SERVER\s*\[\s*['"](\w+)['"]\s*\]$/.exec(textOf(ctx.text, node));
  return m !== null && PHP_SERVER_SETTINGS.has(m[1] ?? '');
}

/** Whether `name` is a member (or method) read on `receiver` that the tables call input. */
function reads(src: CompiledFunctionModelSources, receiver: string, name: string, kind: 'members' | 'methods'): boolean {
  if (src.receivers.get(receiver)?.[kind].has(name)) return true;
  if (!src.patternNames.has(name)) return false;
  return src.patterns.some((p) => p[kind].has(name) && p.pattern.test(receiver));
}

/**
 * Where each language writes a source's shapes: a method call (receiver and name fields), a member
 * read, a subscript, a free name. The tables of taint-sources.ts say which receivers, names and
 * expressions are input; this says how to find them in the tree.
 */
interface Shapes {
  readonly calls: readonly { readonly type: string; readonly receiver: string; readonly name: string }[];
  readonly members: readonly { readonly type: string; readonly receiver: string; readonly name: string; readonly noArguments?: boolean }[];
  readonly names: readonly string[];
  readonly subscripts: readonly string[];
  readonly wholeCalls: readonly string[];
}

const SHAPES: Readonly<Record<FunctionModelLanguage, Shapes>> = Object.freeze({
  php: {
    calls: [
      { type: 'member_call_expression', receiver: 'object', name: 'name' },
      { type: 'scoped_call_expression', receiver: 'scope', name: 'name' },
    ],
    members: [],
    names: ['variable_name'],
    subscripts: [],
    wholeCalls: ['function_call_expression'],
  },
  go: {
    calls: [],
    members: [{ type: 'selector_expression', receiver: 'operand', name: 'field' }],
    names: [],
    subscripts: [],
    wholeCalls: [],
  },
  java: {
    calls: [{ type: 'method_invocation', receiver: 'object', name: 'name' }],
    members: [],
    names: [],
    subscripts: [],
    wholeCalls: [],
  },
  ruby: {
    calls: [],
    members: [{ type: 'call', receiver: 'receiver', name: 'method', noArguments: true }],
    names: ['identifier'],
    subscripts: ['element_reference'],
    wholeCalls: [],
  },
});

/** The source a node is by itself (its text), or undefined: a compiled matcher over the tables of taint-sources.ts. */
export function sourceOf(ctx: RuleContext, node: SyntaxNode): string | undefined {
  const src = COMPILED.get(ctx.language);
  if (!src) return undefined;
  const shapes = SHAPES[ctx.language as FunctionModelLanguage];
  const t = (): string => textOf(ctx.text, node);
  const type = node.type;
  // Go method calls: `r.FormValue("q")`, `c.Query("q")`, `chi.URLParam(r, "id")`.
  if (type === 'call_expression' && ctx.language === 'go') {
    const fn = child(node, 'function');
    if (fn?.type !== 'selector_expression') return undefined;
    const operand = child(fn, 'operand');
    const field = child(fn, 'field');
    return operand && field && reads(src, squash(textOf(ctx.text, operand)), textOf(ctx.text, field), 'methods') ? t() : undefined;
  }
  for (const c of shapes.calls) {
    if (type !== c.type) continue;
    const receiver = child(node, c.receiver);
    const name = child(node, c.name);
    if (receiver && name && reads(src, squash(textOf(ctx.text, receiver)), textOf(ctx.text, name), 'methods')) return t();
  }
  for (const m of shapes.members) {
    if (type !== m.type || (m.noArguments && (child(node, 'arguments') || child(node, 'block')))) continue;
    const receiver = child(node, m.receiver);
    const name = child(node, m.name);
    if (receiver && name && reads(src, squash(textOf(ctx.text, receiver)), textOf(ctx.text, name), 'members')) return t();
  }
  if (shapes.names.includes(type) && node.field !== 'left' && src.names.has(t())) return t();
  if (shapes.subscripts.includes(type)) {
    // `params[:a][:b]`: the innermost object of a chain of subscripts.
    let object = child(node, 'object');
    while (object && shapes.subscripts.includes(object.type)) object = child(object, 'object');
    if (object && shapes.names.includes(object.type) && src.subscripted.has(textOf(ctx.text, object))) return t();
  }
  if (shapes.wholeCalls.includes(type) && src.expressions.has(squash(t()))) return t();
  return undefined;
}

/** `/^\d+$/`, `/^[a-z0-9_]{1,32}$/i`: an anchored pattern of character classes and quantifiers only (no `.`). */
const RESTRICTIVE_PATTERN = /^(['"])\/\^(?:[\w\\[\]\-{},+*?]|\\.)*\$\/[a-zA-Z]*\1$/;
/** PHP checks that leave only digits or a restricted character set when they hold. */
const PHP_VALIDATORS = /^(?:is_numeric|ctype_digit|ctype_alnum|ctype_alpha|filter_var)$/;

/** The expressions a PHP condition proves restricted when it is `truth`: `is_numeric($x) && ctype_digit($y)`, `!preg_match('/^\d+$/', $x)` false. */
function phpValidated(ctx: RuleContext, cond: SyntaxNode, truth: boolean): string[] {
  let n = cond;
  while (n.type === 'parenthesized_expression' && n.children.length === 3) n = n.children[1] as SyntaxNode;
  if (n.type === 'unary_op_expression' && textOf(ctx.text, n).trimStart().startsWith('!')) {
    const arg = n.children.find((c) => c.field === 'argument');
    return arg ? phpValidated(ctx, arg, !truth) : [];
  }
  if (n.type === 'binary_expression') {
    const [left, right] = [n.children.find((c) => c.field === 'left'), n.children.find((c) => c.field === 'right')];
    const op = left && right ? ctx.text.slice(left.end, right.start).trim().toLowerCase() : '';
    if (truth && (op === '&&' || op === 'and') && left && right) return [...phpValidated(ctx, left, true), ...phpValidated(ctx, right, true)];
    return [];
  }
  if (!truth || n.type !== 'function_call_expression') return [];
  const name = textOf(ctx.text, n.children.find((c) => c.field === 'function') ?? n).toLowerCase();
  const args = (n.children.find((c) => c.field === 'arguments')?.children ?? []).filter((c) => c.type === 'argument');
  const text = (a: SyntaxNode | undefined) => (a ? textOf(ctx.text, a).replace(/\s+/g, '') : '');
  if (PHP_VALIDATORS.test(name) && args[0]) return [text(args[0])];
  if (name === 'preg_match' && args.length === 2 && RESTRICTIVE_PATTERN.test(textOf(ctx.text, args[0] as SyntaxNode).trim())) return [text(args[1])];
  return [];
}

/** Whether a PHP expression sits in a branch that only runs when a validator above proved it restricted. */
export function phpGuarded(ctx: RuleContext, node: SyntaxNode): boolean {
  if (ctx.language !== 'php') return false;
  const own = textOf(ctx.text, node).replace(/\s+/g, '');
  for (let child = node, p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'else_clause' && p.parent?.type === 'if_statement') {
      const cond = p.parent.children.find((c) => c.field === 'condition');
      if (cond && phpValidated(ctx, cond, false).includes(own)) return true;
    }
    if (p.type === 'if_statement' && child.field === 'body') {
      const cond = p.children.find((c) => c.field === 'condition');
      if (cond && phpValidated(ctx, cond, true).includes(own)) return true;
    }
  }
  return false;
}
