/**
 * Guards: allow-list and validation checks (`if (!ALLOWED.includes(x)) return`, `if x not in
 * ALLOWED: abort(400)`, `if x == 'asc':`, `re.fullmatch`, `isdigit()`), and URL host checks
 * (`urlparse(u).netloc in HOSTS`, `url_has_allowed_host_and_scheme(u, …)`) that clear a URL for
 * redirect and request sinks only; the URL parsers, host parts and validators are rows of
 * taint-barriers.ts. A passed check becomes a `clean` binding of the value checked
 * (until the end of the branch, or past the `if` when the failing branch leaves); a conditional
 * expression that picks the checked value (`x if x in ALLOWED else d`) is allow-listed too.
 */
import { callShape, child, namedChildren, textOf, unwrap } from '../ast.js';
import { constantOf, UNKNOWN } from '../constants.js';
import { roleUnion, type LanguageProfile } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { SinkKind } from '../taint-spec.js';
import { urlBarriers, type UrlBarriers } from '../barrier-spec.js';
import { BARRIER_RULES, TAINT_BARRIERS } from '../taint-barriers.js';
import { definitionsOfKey } from './bindings.js';
import { evaluate } from './evaluate.js';
import type { ImportedFunction } from '../imports.js';
import { isLookup, isNullish, predicateOf } from './predicates.js';
import { bind, guardHolds, key, scopeOf, type Check, type TaintState } from './state.js';

/** The URL parsers, host parts and host validators of the barrier rows (taint-barriers.ts), per family. */
const JS_URL = urlBarriers(TAINT_BARRIERS, BARRIER_RULES, 'js');
const PY_URL = urlBarriers(TAINT_BARRIERS, BARRIER_RULES, 'python');
const urlRows = (s: TaintState): UrlBarriers => (s.python ? PY_URL : JS_URL);

/** String and list methods without side effects, whose result depends only on the receiver and constant arguments. */
const PURE_STRING_METHODS = new Set(['split', 'slice', 'at', 'toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'substring', 'substr', 'lower', 'upper', 'strip', 'rsplit', 'rpartition', 'partition']);

/**
 * Allow-list and validation guards: `if (!ALLOWED.includes(x)) return;`, `if x not in ALLOWED:
 * abort(400)`, `if (ALLOWED.has(x)) { … }`, `if x == 'asc':`, and URL host checks
 * (`if urlparse(u).netloc not in HOSTS or …: return`, `url_has_allowed_host_and_scheme(u, …)`),
 * through `and`, `or` and `not`.
 */
export function guard(s: TaintState, ifNode: SyntaxNode): void {
  const { kinds, fields } = s.profile;
  if (kinds.switches.has(ifNode.type) || kinds.matches.has(ifNode.type)) return switchGuard(s, ifNode);
  const condition = child(ifNode, fields.ifs.condition);
  const consequence = child(ifNode, fields.ifs.consequence);
  if (!condition || !consequence) return;
  for (const c of checks(s, condition, true)) {
    bind(s, ifNode, c.key, { pos: consequence.start, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
    bind(s, ifNode, c.key, { pos: consequence.end, kind: 'restore', at: ifNode.start });
  }
  const whenFalse = checks(s, condition, false);
  if (whenFalse.length === 0) return;
  const leaves = exits(s.text, consequence, s.profile);
  for (const c of whenFalse) {
    // `if x not in ALLOWED: return`, or `x = DEFAULT` (a fallback): past the if, x is allowed or the fallback.
    if (leaves || (c.kinds === undefined && reassigns(s, consequence, c.key))) bind(s, ifNode, c.key, { pos: ifNode.end + 1, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
  }
  // `if x in ALLOWED: … else: …`: the else branch knows the negation.
  const alt = namedChildren(ifNode).find((c) => kinds.elses.has(c.type));
  const body = alt && (child(alt, fields.elses.body) ?? namedChildren(alt)[0]);
  if (body && namedChildren(ifNode).filter((c) => kinds.elifs.has(c.type)).length === 0) {
    for (const c of whenFalse) {
      bind(s, ifNode, c.key, { pos: body.start, kind: 'clean', at: ifNode.start, kinds: c.kinds, guard: c.guard });
      bind(s, ifNode, c.key, { pos: body.end, kind: 'restore', at: ifNode.start });
    }
  }
}

/**
 * A `switch` (JavaScript) or `match` (Python) on a value, as an allow-list: in the code of a case
 * whose labels are all constants (`case 'asc': case 'desc':`, `case 'a' | 'b':`) the value is one
 * of them, when every case running into it (a JavaScript case without `break`) is one too. A
 * `default:`, a capture (`case other:`) or a case with a computed label gives nothing.
 */
function switchGuard(s: TaintState, node: SyntaxNode): void {
  const { kinds, fields } = s.profile;
  const python = kinds.matches.has(node.type);
  const subject = child(node, python ? fields.matches.subject : fields.switches.value);
  const k = subject ? key(s, subject) : undefined;
  if (!k) return;
  const cases = namedChildren(node).flatMap((c) => namedChildren(c)).filter((c) => kinds.switchCases.has(c.type) || kinds.switchDefaults.has(c.type) || kinds.caseClauses.has(c.type));
  const jumps = JUMPS(s.profile);
  let open = false;
  let chain = true;
  for (const c of cases) {
    const body = python ? [child(c, fields.caseClauses.consequence)].filter((b): b is SyntaxNode => b !== undefined) : namedChildren(c).filter((x) => x.field === fields.switchCases.body);
    const labels = python ? namedChildren(c).filter((x) => kinds.casePatterns.has(x.type)) : kinds.switchCases.has(c.type) ? [child(c, fields.switchCases.value)] : [];
    const constant = labels.length > 0 && labels.every((l) => l !== undefined && constantLabel(s, l));
    chain = constant && (!open || chain);
    const first = body[0];
    if (chain && first) {
      bind(s, node, k, { pos: first.start, kind: 'clean', at: node.start });
      bind(s, node, k, { pos: c.end, kind: 'restore', at: node.start });
    }
    const last = body.at(-1);
    // A JavaScript case runs into the next unless it leaves; Python cases never do.
    open = !python && !(last && (jumps.has(last.type) || (kinds.blocks.has(last.type) && jumps.has(namedChildren(last).at(-1)?.type ?? ''))));
  }
}

/** A case label that is a constant string or number: `'asc'`, `1`, `'a' | 'b'` (not `_`, a capture name or a value pattern). */
function constantLabel(s: TaintState, label: SyntaxNode): boolean {
  const { kinds } = s.profile;
  const parts = namedChildren(label);
  if (kinds.casePatterns.has(label.type)) return parts.length === 1 && constantLabel(s, parts[0] as SyntaxNode);
  if (kinds.unionPatterns.has(label.type)) return parts.length > 0 && parts.every((p) => constantLabel(s, p));
  if (kinds.dottedNames.has(label.type)) return false;
  const v = constantOf(s.env, label);
  return typeof v === 'string' || typeof v === 'number';
}

/** What holds when `cond` evaluates to `truth`. */
function checks(s: TaintState, condition: SyntaxNode, truth: boolean, depth = 0): Check[] {
  if (depth > 6) return [];
  const { kinds, fields } = s.profile;
  const cond = unwrap(condition, s.profile);
  const negation = kinds.negations.has(cond.type) ? fields.negations : kinds.unaries.has(cond.type) && textOf(s.text, cond).startsWith('!') ? fields.unaries : undefined;
  if (negation) {
    const arg = child(cond, negation.argument);
    return arg ? checks(s, arg, !truth, depth + 1) : [];
  }
  const logical = kinds.booleanOperators.has(cond.type) ? fields.booleanOperators : kinds.binaries.has(cond.type) ? fields.binaries : undefined;
  const left = child(cond, logical?.left);
  const right = child(cond, logical?.right);
  if (logical && left && right) {
    const op = s.text.slice(left.end, right.start).trim();
    // `a and b` true: both hold; `a or b` false: neither holds.
    if ((op === 'and' || op === '&&') && truth) return [...checks(s, left, true, depth + 1), ...checks(s, right, true, depth + 1)];
    if ((op === 'or' || op === '||') && !truth) return [...checks(s, left, false, depth + 1), ...checks(s, right, false, depth + 1)];
    if (kinds.booleanOperators.has(cond.type) || ['&&', '||'].includes(op)) return [];
  }
  // `if (!found) return` after `found = lookup(key)`: the key is in the table lookup() reads.
  if (kinds.identifiers.has(cond.type)) return truth ? lookedUp(s, cond) : [];
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
  const call = callShape(s.text, cond, s.profile);
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
    else if (kinds.identifiers.has(call.callee.type)) {
      // A local predicate that only tests for a substring (`url.includes(allowed)`) checks nothing.
      const local = s.functionsByName.get(call.name);
      if (local && predicateOf(s, local)?.strength === 'weak') return [];
    }
    checked = call.args[0];
  } else if (['re.fullmatch', 're.match'].includes(qualified)) checked = call.args[1];
  else if (['isdigit', 'isalnum', 'isnumeric', 'isdecimal'].includes(call.method)) checked = call.receiver;
  else if (urlRows(s).validators.has(qualified) || urlRows(s).validators.has(call.name)) {
    const url = call.args[0] ?? call.kwargs.get('url');
    const k = url ? key(s, url) : undefined;
    return k ? [{ key: k, kinds: urlRows(s).hostKinds }] : [];
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
  const value = isNullish(s, c.b) ? c.a : isNullish(s, c.a) ? c.b : undefined;
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
  const { kinds } = s.profile;
  const n = unwrap(node, s.profile);
  if (!kinds.identifiers.has(n.type)) return [];
  const defs = definitionsOfKey(textOf(s.text, n), n.start, scopeOf(s, n));
  const def = defs.length === 1 ? unwrap(defs[0] as SyntaxNode, s.profile) : undefined;
  const value = def && kinds.awaits.has(def.type) ? namedChildren(def)[0] : def;
  const call = value ? callShape(s.text, value, s.profile) : undefined;
  if (!call || !kinds.identifiers.has(call.callee.type) || !call.args[0]) return [];
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
  return only?.kind === 'expr' && s.profile.kinds.functions.has(only.node.type) ? only.node : undefined;
}

/** `a OP b` for `in`, `not in`, `==`, `!=`, `===`, `!==` (Python comparisons of two operands, JS binary expressions). */
function comparisonOf(s: TaintState, cond: SyntaxNode): { op: string; a: SyntaxNode; b: SyntaxNode } | undefined {
  const { kinds, fields } = s.profile;
  if (kinds.comparisons.has(cond.type)) {
    const parts = namedChildren(cond);
    if (parts.length !== 2) return undefined;
    const [a, b] = parts as [SyntaxNode, SyntaxNode];
    return { op: s.text.slice(a.end, b.start).replace(/\s+/g, ' ').trim(), a, b };
  }
  if (kinds.binaries.has(cond.type)) {
    const a = child(cond, fields.binaries.left);
    const b = child(cond, fields.binaries.right);
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
  const n = unwrap(node, s.profile);
  const { kinds, fields } = s.profile;
  if (kinds.members.has(n.type)) {
    const prop = child(n, fields.members.property);
    const obj = child(n, fields.members.object);
    if (prop && obj && urlRows(s).hostParts.has(textOf(s.text, prop))) {
      const url = parsedUrl(s, obj);
      const k = url ? key(s, url) : undefined;
      if (k) return [{ key: k, kinds: urlRows(s).hostKinds }];
    }
  }
  const k = key(s, n) ?? pureKey(s, n);
  return k ? [{ key: k }] : [];
}

/** For `urlparse(x)` (or a variable assigned it), x. */
function parsedUrl(s: TaintState, node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  const n = unwrap(node, s.profile);
  if (s.profile.kinds.identifiers.has(n.type) && depth === 0) {
    const defs = definitionsOfKey(textOf(s.text, n), n.start, scopeOf(s, n));
    return defs.length === 1 && defs[0] ? parsedUrl(s, defs[0], 1) : undefined;
  }
  const call = callShape(s.text, n, s.profile);
  if (!call) return undefined;
  const name = call.isNew ? `new ${call.name}` : call.name;
  const { parsers } = urlRows(s);
  return parsers.has(s.imports.qualify(call.name)) || parsers.has(name) ? call.args[0] : undefined;
}

/** Whether a guard's consequence ends by assigning a value that carries no taint to `k`. */
function reassigns(s: TaintState, consequence: SyntaxNode, k: string): boolean {
  const { kinds, fields } = s.profile;
  const last = kinds.blocks.has(consequence.type) ? namedChildren(consequence).at(-1) : consequence;
  const assign = last && (kinds.expressionStatements.has(last.type) ? namedChildren(last)[0] : last);
  if (!assign || !kinds.assignments.has(assign.type)) return false;
  const left = child(assign, fields.assignments.left);
  const right = child(assign, fields.assignments.right);
  return !!left && !!right && key(s, left) === k && isLiteral(unwrap(right, s.profile), s.profile);
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
  const { kinds, fields } = s.profile;
  let n = unwrap(node, s.profile);
  for (let hops = 0; hops < 12; hops++) {
    if (kinds.identifiers.has(n.type) || kinds.members.has(n.type)) {
      const base = key(s, n);
      return base && hops > 0 ? `pure:${textOf(s.text, node).replace(/\s+/g, '')}` : undefined;
    }
    if (kinds.subscripts.has(n.type)) {
      n = unwrap(child(n, fields.subscripts.object) ?? n, s.profile);
      continue;
    }
    const call = kinds.calls.has(n.type) ? callShape(s.text, n, s.profile) : undefined;
    if (!call?.receiver || !PURE_STRING_METHODS.has(call.method)) return undefined;
    n = unwrap(call.receiver, s.profile);
  }
  return undefined;
}

/** Statements that leave the function or loop. */
const JUMPS = roleUnion(['returns', 'raises', 'continues', 'breaks']);
/** Literals whose value a guard's fallback may be (strings and templates without substitutions among them). */
const LITERALS = roleUnion(['strings', 'templates', 'numbers', 'trueLiterals', 'falseLiterals', 'nullLiterals']);

/** Whether a guard's consequence leaves the function or loop (return, throw, raise, abort(), next()). */
function exits(text: string, node: SyntaxNode, profile: LanguageProfile): boolean {
  const kinds = profile.kinds;
  const last = kinds.blocks.has(node.type) ? namedChildren(node).at(-1) : node;
  if (!last) return false;
  if (JUMPS(profile).has(last.type)) return true;
  if (kinds.expressionStatements.has(last.type)) return /^(?:abort|next|process\.exit|sys\.exit)\s*\(/.test(textOf(text, last).trim());
  return false;
}

/** A literal without substitutions (`'asc'`, `0`, `None`). */
function isLiteral(node: SyntaxNode, profile: LanguageProfile): boolean {
  if (!LITERALS(profile).has(node.type)) return false;
  return !node.children.some((c) => profile.kinds.interpolations.has(c.type));
}
