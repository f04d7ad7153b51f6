/**
 * Predicates: what a function returning a boolean checks of its first parameter, from the checks
 * its return value is built of (through `&&`, `||`, `!`, conditionals and local variables such as
 * `allowed = allowed || url.includes(a)`) and the conditions of its `return true|false`:
 * - `weak` when every check of the parameter only tests that it contains some text:
 *   `url.includes(allowed)`, `url.indexOf(x) !== -1`, `url.search(x)`, a regular expression not
 *   anchored at the start (`/trusted\.com/.test(url)`), Python `allowed in url`, `url.find(x)`,
 *   `re.search(r'trusted', url)`. Any value with that text inside passes (`https://evil.test/?trusted.com`),
 *   so the check proves nothing about the value;
 * - `strong` when every check of it is an exact comparison with a constant or a membership test:
 *   `url === HOME`, `ALLOWED.has(url)`, `ALLOWED.includes(url)`, `url in ALLOWED`, a pattern anchored at
 *   both ends, `re.fullmatch`;
 * - undefined when a check of it is neither (a prefix test, a call of another function), or the
 *   checks mix both kinds: the caller then keeps what it assumed before.
 */
import { callShape, child, namedChildren, stringValue, textOf, unwrap } from '../ast.js';
import { constantOf, UNKNOWN } from '../constants.js';
import type { SyntaxNode } from '../parser.js';
import { evaluate } from './evaluate.js';
import { returnValues } from './summaries.js';
import type { Predicate, TaintState } from './state.js';

type Verdict = 'weak' | 'strong' | 'unknown' | 'irrelevant';

/** Methods whose result says whether (or where) a text occurs inside the receiver. */
const SUBSTRING_METHODS = new Set(['includes', 'indexOf', 'lastIndexOf', 'search', 'find', 'rfind', 'index', 'rindex', 'count', '__contains__']);
/** Methods that test membership of the argument in the receiver (a Set, a list, an array of allowed values). */
const MEMBERSHIP_METHODS = new Set(['has', 'includes', 'indexOf', 'contains']);
const PREFIX_METHODS = new Set(['startsWith', 'endsWith', 'startswith', 'endswith']);
const MAX_ATOMS = 32;

/** What the function checks of its first parameter (memoised per function). */
export function predicateOf(s: TaintState, fn: SyntaxNode): Predicate | undefined {
  const known = s.predicates.get(fn);
  if (known !== undefined) return known ?? undefined;
  s.predicates.set(fn, null);
  const result = judge(s, fn);
  s.predicates.set(fn, result ?? null);
  return result;
}

function judge(s: TaintState, fn: SyntaxNode): Predicate | undefined {
  const { kinds, fields } = s.profile;
  const params = child(fn, fields.functions.parameters) ?? child(fn, fields.functions.parameter);
  const first = params ? (kinds.identifiers.has(params.type) ? params : namedChildren(params)[0]) : undefined;
  if (!first || (s.python && /^(?:self|cls)$/.test(textOf(s.text, first)))) return undefined;
  const atoms: SyntaxNode[] = [];
  const visited = new Set<string>();
  for (const root of roots(s, fn)) collectAtoms(s, fn, root, atoms, visited, 0);
  let weak: SyntaxNode | undefined;
  let strong: SyntaxNode | undefined;
  for (const atom of atoms.slice(0, MAX_ATOMS)) {
    const v = verdict(s, fn, atom);
    if (v === 'unknown') return undefined;
    if (v === 'weak') weak ??= atom;
    else if (v === 'strong') strong ??= atom;
  }
  if (atoms.length > MAX_ATOMS) return undefined;
  if (weak && !strong) return { strength: 'weak', check: weak };
  if (strong && !weak) return { strength: 'strong', check: strong };
  return undefined;
}

/** The return values, and the conditions deciding a `return true`/`return false`. */
function roots(s: TaintState, fn: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const { kinds, fields } = s.profile;
  for (const value of returnValues(s, fn)) {
    const v = unwrap(value, s.profile);
    if (!isBooleanLiteral(s, v)) {
      out.push(value);
      continue;
    }
    for (let p = value.parent; p && p !== fn; p = p.parent) {
      if (!kinds.ifs.has(p.type) && !kinds.elifs.has(p.type)) continue;
      const condition = child(p, kinds.ifs.has(p.type) ? fields.ifs.condition : fields.elifs.condition);
      if (condition) out.push(condition);
      break;
    }
  }
  return out;
}

const isBooleanLiteral = (s: TaintState, n: SyntaxNode): boolean => s.profile.kinds.trueLiterals.has(n.type) || s.profile.kinds.falseLiterals.has(n.type);

/** The checks an expression is built of, following local variables of the function once each. */
function collectAtoms(s: TaintState, fn: SyntaxNode, node: SyntaxNode, atoms: SyntaxNode[], visited: Set<string>, depth: number): void {
  if (depth > 8 || atoms.length > MAX_ATOMS) return;
  const { kinds, fields } = s.profile;
  const n = unwrap(node, s.profile);
  const next = (x: SyntaxNode | undefined): void => {
    if (x) collectAtoms(s, fn, x, atoms, visited, depth + 1);
  };
  if (isBooleanLiteral(s, n)) return;
  if (kinds.negations.has(n.type)) return next(child(n, fields.negations.argument));
  if (kinds.unaries.has(n.type) && textOf(s.text, n).startsWith('!')) return next(child(n, fields.unaries.argument));
  if (kinds.booleanOperators.has(n.type)) {
    next(child(n, fields.booleanOperators.left));
    return next(child(n, fields.booleanOperators.right));
  }
  if (kinds.binaries.has(n.type)) {
    const left = child(n, fields.binaries.left);
    const right = child(n, fields.binaries.right);
    const op = left && right ? s.text.slice(left.end, right.start).trim() : '';
    if (op === '&&' || op === '||') {
      next(left);
      return next(right);
    }
  }
  if (kinds.ternaries.has(n.type)) {
    next(child(n, fields.ternaries.consequence));
    return next(child(n, fields.ternaries.alternative));
  }
  if (kinds.identifiers.has(n.type)) {
    const name = textOf(s.text, n);
    const bindings = s.scopes.get(fn)?.bindings.get(name);
    const local = bindings?.filter((b) => b.kind === 'expr' || b.kind === 'maybe' || b.kind === 'augment');
    if (local && local.length > 0 && !bindings?.some((b) => b.kind === 'param')) {
      if (visited.has(name)) return;
      visited.add(name);
      for (const b of local) if ('node' in b) next(b.node);
      return;
    }
  }
  atoms.push(n);
}

/** Whether an expression is built from the function's first parameter. */
function fromParameter(s: TaintState, fn: SyntaxNode, node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const t = evaluate(s, node);
  return t?.param === 0 && t.fn === fn;
}

/** What one check says of the parameter. */
function verdict(s: TaintState, fn: SyntaxNode, atom: SyntaxNode): Verdict {
  const { kinds } = s.profile;
  if (kinds.comparisons.has(atom.type) || kinds.binaries.has(atom.type)) return comparison(s, fn, atom);
  if (kinds.calls.has(atom.type)) return callVerdict(s, fn, atom);
  return fromParameter(s, fn, atom) ? 'unknown' : 'irrelevant';
}

function comparison(s: TaintState, fn: SyntaxNode, atom: SyntaxNode): Verdict {
  const { kinds, fields } = s.profile;
  const parts = kinds.comparisons.has(atom.type) ? namedChildren(atom) : [child(atom, fields.binaries.left), child(atom, fields.binaries.right)];
  const [a, b] = parts;
  if (parts.length !== 2 || !a || !b) return fromParameter(s, fn, atom) ? 'unknown' : 'irrelevant';
  const op = s.text.slice(a.end, b.start).replace(/\s+/g, ' ').trim();
  const pa = fromParameter(s, fn, a);
  const pb = fromParameter(s, fn, b);
  if (op === 'in' || op === 'not in') return pa ? 'strong' : pb ? 'weak' : 'irrelevant';
  // `url.indexOf(x) !== -1`, `url.search(x) >= 0`: where a text occurs in the parameter.
  for (const side of [a, b]) {
    const u = unwrap(side, s.profile);
    if (kinds.calls.has(u.type)) {
      const v = callVerdict(s, fn, u);
      if (v !== 'irrelevant') return v;
    }
  }
  if (!pa && !pb) return 'irrelevant';
  if (['===', '==', '!==', '!='].includes(op) && (constantOf(s.env, pa ? b : a) !== UNKNOWN)) return 'strong';
  return 'unknown';
}

function callVerdict(s: TaintState, fn: SyntaxNode, node: SyntaxNode): Verdict {
  const call = callShape(s.text, node, s.profile);
  if (!call) return 'irrelevant';
  const receiver = call.receiver ? fromParameter(s, fn, call.receiver) : false;
  const arg = call.args.some((a) => fromParameter(s, fn, a));
  const qualified = s.imports.qualify(call.name);
  if (receiver && SUBSTRING_METHODS.has(call.method)) return 'weak';
  if (receiver && call.method === 'match') return patternVerdict(s, call.args[0]);
  if (receiver && PREFIX_METHODS.has(call.method)) return 'unknown';
  if (arg && (call.method === 'test' || call.method === 'exec') && call.receiver) return patternVerdict(s, call.receiver);
  if (arg && qualified === 're.fullmatch') return 'strong';
  if (arg && (qualified === 're.search' || qualified === 're.match') && fromParameter(s, fn, call.args[1])) return patternVerdict(s, call.args[0], qualified === 're.match');
  if (arg && !receiver && call.receiver && MEMBERSHIP_METHODS.has(call.method) && fromParameter(s, fn, call.args[0])) {
    // `'a b c'.includes(url)`: the parameter inside a fixed text is a substring test too.
    return typeof constantOf(s.env, call.receiver) === 'string' ? 'weak' : 'strong';
  }
  return receiver || arg ? 'unknown' : 'irrelevant';
}

/**
 * A pattern's verdict: not anchored at the start, a substring test (weak); anchored at both ends,
 * an exact shape (strong); anchored at the start only, a prefix test (unknown). `startAnchored`:
 * Python `re.match` anchors the start itself.
 */
function patternVerdict(s: TaintState, node: SyntaxNode | undefined, startAnchored = false): Verdict {
  if (!node) return 'unknown';
  const n = unwrap(node, s.profile);
  // A regular expression literal `/…/flags`: the text between the slashes.
  const source = s.profile.kinds.regexLiterals.has(n.type) ? textOf(s.text, n).replace(/^\/|\/[a-z]*$/g, '') : stringValue(s.text, n, s.profile);
  if (source === undefined) return 'unknown';
  const start = startAnchored || /^(?:\^|\\A)/.test(source);
  const end = /(?:^|[^\\])(?:\$|\\Z|\\z)$/.test(source);
  if (!start) return 'weak';
  return end ? 'strong' : 'unknown';
}

/** A `null`, `undefined` or `None` literal (JavaScript's `undefined` may parse as an identifier). */
export function isNullish(s: TaintState, node: SyntaxNode): boolean {
  const n = unwrap(node, s.profile);
  return s.profile.kinds.nullLiterals.has(n.type) || (s.profile.kinds.identifiers.has(n.type) && s.profile.nullNames.includes(textOf(s.text, n)));
}

/**
 * Whether a function is a lookup of its first parameter: every value it returns is `null`,
 * `undefined` or `None`, except under a strong check of the parameter (`if (TABLE.has(key)) return
 * TABLE.get(key)`). A caller that goes on only when the result is not null knows the key was in the table.
 */
export function isLookup(s: TaintState, fn: SyntaxNode): boolean {
  let found = false;
  for (const value of returnValues(s, fn)) {
    if (isNullish(s, value)) continue;
    if (!underStrongCheck(s, fn, value)) return false;
    found = true;
  }
  return found;
}

/** Whether a node lies in the consequence of an `if` of the function whose condition checks the first parameter strongly. */
function underStrongCheck(s: TaintState, fn: SyntaxNode, node: SyntaxNode): boolean {
  const { kinds, fields } = s.profile;
  for (let p: SyntaxNode | null = node, up = node.parent; up && up !== fn; p = up, up = up.parent) {
    if (!kinds.ifs.has(up.type) || p !== child(up, fields.ifs.consequence)) continue;
    const condition = child(up, fields.ifs.condition);
    if (!condition) continue;
    const atoms: SyntaxNode[] = [];
    collectAtoms(s, fn, condition, atoms, new Set(), 0);
    const verdicts = atoms.map((a) => verdict(s, fn, a)).filter((v) => v !== 'irrelevant');
    if (verdicts.length > 0 && verdicts.every((v) => v === 'strong')) return true;
  }
  return false;
}
