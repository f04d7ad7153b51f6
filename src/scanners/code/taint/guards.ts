/**
 * Guards: allow-list and validation checks (`if (!ALLOWED.includes(x)) return`, `if x not in
 * ALLOWED: abort(400)`, `if x == 'asc':`, `re.fullmatch`, `isdigit()`), and URL host checks
 * (`urlparse(u).netloc in HOSTS`, `url_has_allowed_host_and_scheme(u, …)`) that clear a URL for
 * redirect and request sinks only. A passed check becomes a `clean` binding of the value checked
 * (until the end of the branch, or past the `if` when the failing branch leaves); a conditional
 * expression that picks the checked value (`x if x in ALLOWED else d`) is allow-listed too.
 */
import { callShape, child, namedChildren, textOf, unwrap } from '../ast.js';
import { constantOf, UNKNOWN } from '../constants.js';
import type { SyntaxNode } from '../parser.js';
import type { SinkKind } from '../taint-spec.js';
import { PY_URL_VALIDATORS, URL_HOST_CHECKED, URL_HOST_PARTS, URL_PARSERS } from '../taint-spec.js';
import { definitionsOfKey } from './bindings.js';
import { evaluate } from './evaluate.js';
import type { ImportedFunction } from '../imports.js';
import { isLookup, isNullish, predicateOf } from './predicates.js';
import { bind, guardHolds, key, scopeOf, type Check, type TaintState } from './state.js';

/** String and list methods without side effects, whose result depends only on the receiver and constant arguments. */
const PURE_STRING_METHODS = new Set(['split', 'slice', 'at', 'toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'substring', 'substr', 'lower', 'upper', 'strip', 'rsplit', 'rpartition', 'partition']);

/**
 * Allow-list and validation guards: `if (!ALLOWED.includes(x)) return;`, `if x not in ALLOWED:
 * abort(400)`, `if (ALLOWED.has(x)) { … }`, `if x == 'asc':`, and URL host checks
 * (`if urlparse(u).netloc not in HOSTS or …: return`, `url_has_allowed_host_and_scheme(u, …)`),
 * through `and`, `or` and `not`.
 */
export function guard(s: TaintState, ifNode: SyntaxNode): void {
  const condition = child(ifNode, 'condition');
  const consequence = child(ifNode, 'consequence');
  if (!condition || !consequence) return;
  for (const c of checks(s, condition, true)) {
    bind(s, ifNode, c.key, { pos: consequence.start, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
    bind(s, ifNode, c.key, { pos: consequence.end, kind: 'restore', at: ifNode.start });
  }
  const whenFalse = checks(s, condition, false);
  if (whenFalse.length === 0) return;
  const leaves = exits(s.text, consequence);
  for (const c of whenFalse) {
    // `if x not in ALLOWED: return`, or `x = DEFAULT` (a fallback): past the if, x is allowed or the fallback.
    if (leaves || (c.kinds === undefined && reassigns(s, consequence, c.key))) bind(s, ifNode, c.key, { pos: ifNode.end + 1, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
  }
  // `if x in ALLOWED: … else: …`: the else branch knows the negation.
  const alt = namedChildren(ifNode).find((c) => c.type === 'else_clause');
  const body = alt && (child(alt, 'body') ?? namedChildren(alt)[0]);
  if (body && namedChildren(ifNode).filter((c) => c.type === 'elif_clause').length === 0) {
    for (const c of whenFalse) {
      bind(s, ifNode, c.key, { pos: body.start, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
      bind(s, ifNode, c.key, { pos: body.end, kind: 'restore', at: ifNode.start });
    }
  }
}

/** What holds when `cond` evaluates to `truth`. */
function checks(s: TaintState, condition: SyntaxNode, truth: boolean, depth = 0): Check[] {
  if (depth > 6) return [];
  const cond = unwrap(condition);
  if (cond.type === 'not_operator' || (cond.type === 'unary_expression' && textOf(s.text, cond).startsWith('!'))) {
    const arg = child(cond, 'argument');
    return arg ? checks(s, arg, !truth, depth + 1) : [];
  }
  const left = child(cond, 'left');
  const right = child(cond, 'right');
  if ((cond.type === 'boolean_operator' || cond.type === 'binary_expression') && left && right) {
    const op = s.text.slice(left.end, right.start).trim();
    // `a and b` true: both hold; `a or b` false: neither holds.
    if ((op === 'and' || op === '&&') && truth) return [...checks(s, left, true, depth + 1), ...checks(s, right, true, depth + 1)];
    if ((op === 'or' || op === '||') && !truth) return [...checks(s, left, false, depth + 1), ...checks(s, right, false, depth + 1)];
    if (cond.type === 'boolean_operator' || ['&&', '||'].includes(op)) return [];
  }
  // `if (!found) return` after `found = lookup(key)`: the key is in the table lookup() reads.
  if (cond.type === 'identifier') return truth ? lookedUp(s, cond) : [];
  const comparison = comparisonOf(s, cond);
  if (comparison) {
    const { op, a, b } = comparison;
    const nonNull = nonNullWhen(s, comparison, truth);
    if (nonNull) return lookedUp(s, nonNull);
    // `'/' not in name`: a single path segment.
    if (((op === 'not in' && truth) || (op === 'in' && !truth)) && isSeparator(s, a)) return withKinds(constrained(s, b), PATH_SEGMENT_CHECKED);
    if ((op === 'in' && truth) || (op === 'not in' && !truth)) return evaluate(s, b) ? [] : constrained(s, a);
    const equality = ['==', '==='].includes(op) ? truth : ['!=', '!=='].includes(op) ? !truth : undefined;
    if (equality) {
      if (constantOf(s.env, b) !== UNKNOWN) return constrained(s, a);
      if (constantOf(s.env, a) !== UNKNOWN) return constrained(s, b);
    }
    return [];
  }
  const call = callShape(s.text, cond);
  if (!call) return [];
  // `!name.includes('/')`: a single path segment, which cannot leave the folder it is joined to.
  if (!truth) return call.method === 'includes' && call.receiver && isSeparator(s, call.args[0]) ? withKinds(constrained(s, call.receiver), PATH_SEGMENT_CHECKED) : [];
  const qualified = s.imports.qualify(call.name);
  let checked: SyntaxNode | undefined;
  let guardId: string | undefined;
  if (['includes', 'has', 'test'].includes(call.method) && call.receiver) {
    if (call.method !== 'test' && evaluate(s, call.receiver)) return [];
    checked = call.args[0];
  } else if (PREDICATE.test(call.method)) {
    // A predicate of another module of the project: a check, decided across files (cross-file/).
    const imported = s.imports.importedFunction(call.name);
    const named = NAMED_PREDICATE.test(call.name);
    if (imported && (s.python || imported.module.startsWith('.'))) guardId = importedGuard(s, imported, cond, !named);
    else if (!named) return [];
    else if (call.callee.type === 'identifier') {
      // A local predicate that only tests for a substring (`url.includes(allowed)`) checks nothing.
      const local = s.functionsByName.get(call.name);
      if (local && predicateOf(s, local)?.strength === 'weak') return [];
    }
    checked = call.args[0];
  } else if (['re.fullmatch', 're.match'].includes(qualified)) checked = call.args[1];
  else if (['isdigit', 'isalnum', 'isnumeric', 'isdecimal'].includes(call.method)) checked = call.receiver;
  else if (PY_URL_VALIDATORS.has(qualified) || PY_URL_VALIDATORS.has(call.name)) {
    const url = call.args[0] ?? call.kwargs.get('url');
    const k = url ? key(s, url) : undefined;
    return k ? [{ key: k, kinds: URL_HOST_CHECKED }] : [];
  }
  const k = checked ? (key(s, checked) ?? pureKey(s, checked)) : undefined;
  return k ? [guardId === undefined ? { key: k } : { key: k, guard: guardId }] : [];
}

/** Predicate names (`isAllowed`, `isValidUrl`), by the name called or its last segment. */
const PREDICATE = /^is[A-Z]\w*$|^isValid\w*$/;
/** The predicates a check by name alone trusts: plain names and validator.js. */
const NAMED_PREDICATE = /^(?:validator\.)?is[A-Z]\w*$|^isValid\w*$/;

/** Records an imported predicate called as a check; its id. */
function importedGuard(s: TaintState, callee: ImportedFunction, call: SyntaxNode, unchecked: boolean): string {
  const id = `${callee.module}\u0000${callee.name}`;
  const known = s.importedGuards.get(id);
  if (!known) s.importedGuards.set(id, { callee, call: textOf(s.text, call).replace(/\s+/g, ' ').slice(0, 120), line: call.row + 1, unchecked });
  else if (unchecked && !known.unchecked) s.importedGuards.set(id, { ...known, unchecked });
  return id;
}

/** Sinks a value without a path separator is safe for: a file name joined to a folder stays in it. */
const PATH_SEGMENT_CHECKED: readonly SinkKind[] = Object.freeze<SinkKind[]>(['path']);

/** Whether a node is the constant `/` (the separator a single path segment lacks). */
const isSeparator = (s: TaintState, node: SyntaxNode | undefined): boolean => node !== undefined && constantOf(s.env, node) === '/';

/** The checks, restricted to the given sinks. */
const withKinds = (list: Check[], kinds: readonly SinkKind[]): Check[] => list.map((c) => ({ key: c.key, kinds: c.kinds ?? kinds }));

/** The value a comparison with null, undefined or None shows not to be one, when `cond` is `truth`. */
function nonNullWhen(s: TaintState, c: { op: string; a: SyntaxNode; b: SyntaxNode }, truth: boolean): SyntaxNode | undefined {
  const value = isNullish(c.b) ? c.a : isNullish(c.a) ? c.b : undefined;
  if (!value) return undefined;
  const negated = c.op === '!=' || c.op === '!==' || c.op === 'is not';
  const equal = c.op === '==' || c.op === '===' || c.op === 'is';
  return (negated && truth) || (equal && !truth) ? value : undefined;
}

/**
 * For a value that is not null here and was returned by a lookup function of this file
 * (`const found = await lookup(key)`, predicates.ts isLookup), the check that its key is in the table.
 */
function lookedUp(s: TaintState, node: SyntaxNode): Check[] {
  const n = unwrap(node);
  if (n.type !== 'identifier') return [];
  const defs = definitionsOfKey(textOf(s.text, n), n.start, scopeOf(s, n));
  const def = defs.length === 1 ? unwrap(defs[0] as SyntaxNode) : undefined;
  const value = def && (def.type === 'await_expression' || def.type === 'await') ? namedChildren(def)[0] : def;
  const call = value ? callShape(s.text, value) : undefined;
  if (!call || call.callee.type !== 'identifier' || !call.args[0]) return [];
  const fn = localFunction(s, call.name);
  if (!fn || !isLookup(s, fn)) return [];
  const k = key(s, call.args[0]);
  return k ? [{ key: k }] : [];
}

/** A function of this file by the name it is called with: declared, or assigned once at the top level (`const f = (k) => …`). */
function localFunction(s: TaintState, name: string): SyntaxNode | undefined {
  const declared = s.functionsByName.get(name);
  if (declared) return declared;
  const bindings = s.moduleScope.bindings.get(name);
  const only = bindings?.length === 1 ? bindings[0] : undefined;
  return only?.kind === 'expr' && s.fnTypes.has(only.node.type) ? only.node : undefined;
}

/** `a OP b` for `in`, `not in`, `==`, `!=`, `===`, `!==` (Python comparisons of two operands, JS binary expressions). */
function comparisonOf(s: TaintState, cond: SyntaxNode): { op: string; a: SyntaxNode; b: SyntaxNode } | undefined {
  if (cond.type === 'comparison_operator') {
    const parts = namedChildren(cond);
    if (parts.length !== 2) return undefined;
    const [a, b] = parts as [SyntaxNode, SyntaxNode];
    return { op: s.text.slice(a.end, b.start).replace(/\s+/g, ' ').trim(), a, b };
  }
  if (cond.type === 'binary_expression') {
    const a = child(cond, 'left');
    const b = child(cond, 'right');
    if (!a || !b) return undefined;
    const op = s.text.slice(a.end, b.start).trim();
    return ['==', '===', '!=', '!=='].includes(op) ? { op, a, b } : undefined;
  }
  return undefined;
}

/**
 * The value a check constrains: the expression itself, or for a URL's host (`u.netloc`,
 * `urlparse(x).hostname`, `new URL(x).host`) the URL parsed, for redirect and request sinks only.
 */
function constrained(s: TaintState, node: SyntaxNode): Check[] {
  const n = unwrap(node);
  if (n.type === 'attribute' || n.type === 'member_expression') {
    const prop = child(n, n.type === 'attribute' ? 'attribute' : 'property');
    const obj = child(n, 'object');
    if (prop && obj && URL_HOST_PARTS.has(textOf(s.text, prop))) {
      const url = parsedUrl(s, obj);
      const k = url ? key(s, url) : undefined;
      if (k) return [{ key: k, kinds: URL_HOST_CHECKED }];
    }
  }
  const k = key(s, n) ?? pureKey(s, n);
  return k ? [{ key: k }] : [];
}

/** For `urlparse(x)` (or a variable assigned it), x. */
function parsedUrl(s: TaintState, node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  const n = unwrap(node);
  if (n.type === 'identifier' && depth === 0) {
    const defs = definitionsOfKey(textOf(s.text, n), n.start, scopeOf(s, n));
    return defs.length === 1 && defs[0] ? parsedUrl(s, defs[0], 1) : undefined;
  }
  const call = callShape(s.text, n);
  if (!call) return undefined;
  const name = call.isNew ? `new ${call.name}` : call.name;
  return URL_PARSERS.has(s.imports.qualify(call.name)) || URL_PARSERS.has(name) ? call.args[0] : undefined;
}

/** Whether a guard's consequence ends by assigning a value that carries no taint to `k`. */
function reassigns(s: TaintState, consequence: SyntaxNode, k: string): boolean {
  const last = consequence.type === 'statement_block' || consequence.type === 'block' ? namedChildren(consequence).at(-1) : consequence;
  const assign = last && (last.type === 'expression_statement' ? namedChildren(last)[0] : last);
  if (!assign || (assign.type !== 'assignment' && assign.type !== 'assignment_expression')) return false;
  const left = child(assign, 'left');
  const right = child(assign, 'right');
  return !!left && !!right && key(s, left) === k && isLiteral(unwrap(right));
}

/** `x if x in ALLOWED else d`, `ALLOWED.includes(x) ? x : d`: the value chosen is the one the condition checked. */
export function allowListed(s: TaintState, condition: SyntaxNode | undefined, value: SyntaxNode | undefined): boolean {
  if (!condition || !value) return false;
  const k = key(s, value) ?? pureKey(s, value);
  return !!k && checks(s, condition, true).some((c) => c.key === k && c.kinds === undefined && guardHolds(s, c.guard));
}

/**
 * A key for a chain of side-effect-free string methods on a variable
 * (`name.split('.').pop().toLowerCase()`), so that an allow-list check of that expression
 * covers the same expression written again (`ALLOWED.includes(e) ? e : 'jpg'`).
 */
function pureKey(s: TaintState, node: SyntaxNode): string | undefined {
  let n = unwrap(node);
  for (let hops = 0; hops < 12; hops++) {
    if (n.type === 'identifier' || n.type === 'member_expression' || n.type === 'attribute') {
      const base = key(s, n);
      return base && hops > 0 ? `pure:${textOf(s.text, node).replace(/\s+/g, '')}` : undefined;
    }
    if (n.type === 'subscript_expression' || n.type === 'subscript') {
      n = unwrap(child(n, n.type === 'subscript' ? 'value' : 'object') ?? n);
      continue;
    }
    const call = n.type === 'call_expression' || n.type === 'call' ? callShape(s.text, n) : undefined;
    if (!call?.receiver || !PURE_STRING_METHODS.has(call.method)) return undefined;
    n = unwrap(call.receiver);
  }
  return undefined;
}

/** Whether a guard's consequence leaves the function or loop (return, throw, raise, abort(), next()). */
function exits(text: string, node: SyntaxNode): boolean {
  const last = node.type === 'statement_block' || node.type === 'block' ? namedChildren(node).at(-1) : node;
  if (!last) return false;
  if (['return_statement', 'throw_statement', 'raise_statement', 'continue_statement', 'break_statement'].includes(last.type)) return true;
  if (last.type === 'expression_statement') return /^(?:abort|next|process\.exit|sys\.exit)\s*\(/.test(textOf(text, last).trim());
  return false;
}

const LITERALS = new Set(['string', 'number', 'integer', 'float', 'true', 'false', 'none', 'null', 'undefined', 'template_string']);

/** A literal without substitutions (`'asc'`, `0`, `None`). */
function isLiteral(node: SyntaxNode): boolean {
  if (!LITERALS.has(node.type)) return false;
  return !node.children.some((c) => c.type === 'interpolation' || c.type === 'template_substitution');
}
