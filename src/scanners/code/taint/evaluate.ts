/**
 * Evaluation: the taint of an expression, computed on demand and memoised per node. An
 * identifier takes the taint of its binding in effect at the use (lookup), request data is found
 * by the tables of taint-sources.ts, strings, operators and literals carry the taint of their
 * parts, sanitisers (taint-spec.ts) clear it for the sinks they protect, propagators
 * (taint-propagators.ts) pass it through calls, and a call of a local function carries what its
 * summary (summaries.ts) says.
 */
import { callShape, child, memberChain, namedChildren, textOf, unwrap } from '../ast.js';
import { constantOf, UNKNOWN, type Const } from '../constants.js';
import { roleSwitch } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { SanitiserKinds } from '../taint-spec.js';
import type { ReceiverMatcher } from '../taint-sources.js';
import { truth } from './branches.js';
import { KEYED_READS, listElement, slotTaint } from './containers.js';
import { allowListed } from './guards.js';
import { clear, guardHolds, key, latest, NOT_FOUND, pick, scopeOf, type Scope, type Taint, type TaintState } from './state.js';
import { summaryOf } from './summaries.js';

/** Properties holding a number: no taint in the value. */
const CLEAN_PROPS = new Set(['length', 'size']);

/** The syntax compute reads, by role of the node's kind. */
const EXPRESSION_ROLES = roleSwitch([
  'identifiers',
  'shorthandProperties',
  'awaits',
  'spreads',
  'mapSpreads',
  'jsxExpressions',
  'expressionLists',
  'argumentLists',
  'interpolations',
  'members',
  'subscripts',
  'calls',
  'constructions',
  'strings',
  'templates',
  'concatenatedStrings',
  'binaries',
  'ternaries',
  'inlineIfs',
  'booleanOperators',
  'assignmentExpressions',
  'sequences',
  'maps',
  'lists',
  'tuples',
  'sets',
] as const);

/**
 * The taint `name` (an identifier or a storage key) has at `at`, through its binding in effect
 * there, looked up from `from` outwards; NOT_FOUND when no scope binds it. `unkeyed`: skip writes
 * under a literal key (a read by another key does not see them).
 */
export function lookup(s: TaintState, name: string, at: number, from: Scope, unkeyed = false): Taint | undefined | typeof NOT_FOUND {
  for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
    const binding = latest(scope.bindings.get(name), at);
    if (!binding) continue;
    switch (binding.kind) {
      case 'expr':
        return evaluate(s, binding.node);
      case 'augment': {
        const before = lookup(s, name, binding.at, scope, unkeyed);
        if (unkeyed && binding.keyed !== undefined) return before;
        return pick(before === NOT_FOUND ? undefined : before, evaluate(s, binding.node));
      }
      case 'maybe': {
        if (at >= binding.block.start && at <= binding.block.end) return evaluate(s, binding.node);
        const before = lookup(s, name, binding.at, scope, unkeyed);
        return pick(before === NOT_FOUND ? undefined : before, evaluate(s, binding.node));
      }
      case 'param':
        return binding.route
          ? { source: `request parameter ${binding.name}`, line: binding.line }
          : { source: `parameter ${binding.name}`, line: binding.line, param: binding.index, fn: binding.fn, paramName: binding.name };
      case 'clean': {
        if (!guardHolds(s, binding.guard)) {
          const r = lookup(s, name, binding.at, scope, unkeyed);
          return r === NOT_FOUND ? undefined : r;
        }
        if (!binding.kinds) return undefined;
        const r = lookup(s, name, binding.at, scope, unkeyed);
        return r === NOT_FOUND ? undefined : clear(r, binding.kinds);
      }
      case 'restore': {
        const r = lookup(s, name, binding.at, scope, unkeyed);
        return r === NOT_FOUND ? undefined : r;
      }
    }
  }
  return NOT_FOUND;
}

/** The taint of an expression, memoised per node; undefined inside a cycle or past 400 nested questions. */
export function evaluate(s: TaintState, node: SyntaxNode): Taint | undefined {
  const cached = s.memo.get(node);
  if (cached !== undefined) return cached ?? undefined;
  if (s.active.has(node) || s.active.size > 400) return undefined;
  s.active.add(node);
  let result: Taint | undefined;
  try {
    result = compute(s, unwrap(node, s.profile));
  } finally {
    s.active.delete(node);
  }
  s.memo.set(node, result ?? null);
  return result;
}

/** Request data by the tables of taint-sources.ts: a request object's member or method result, or a source name. */
function source(s: TaintState, node: SyntaxNode): Taint | undefined {
  const chain = memberChain(s.text, node, s.profile);
  if (!chain || chain.length < 2) return undefined;
  const label = (): Taint => {
    const t = textOf(s.text, node).replace(/\s+/g, ' ');
    return { source: t.length > 60 ? `${t.slice(0, 57)}...` : t, line: node.row + 1 };
  };
  // JavaScript: the receiver starts the chain (after `this`); Python: anywhere (`self.request`).
  const first = s.profile.receiverNames.includes(chain[0] as string) ? 1 : 0;
  const last = s.python ? chain.length - 1 : first;
  for (let i = first; i <= last; i++) {
    if (i === 0 && !s.python && s.imports.aliases.has(chain[0] as string)) break;
    for (const m of s.sources.receivers.get(chain[i] as string) ?? []) if (readsInput(chain, i, m)) return label();
  }
  const head = chain[0] as string;
  if (s.sources.names.has(head) && !isLocalVariable(s, head, node)) return label();
  return undefined;
}

/** Whether a name is bound by an assignment (not a parameter) before `node` in its scope chain. */
function isLocalVariable(s: TaintState, name: string, node: SyntaxNode): boolean {
  for (let scope: Scope | undefined = scopeOf(s, node); scope; scope = scope.parent) {
    const binding = latest(scope.bindings.get(name), node.start);
    if (binding) return binding.kind !== 'param';
  }
  return false;
}

/** The taint of one unwrapped expression, by its syntax. */
function compute(s: TaintState, node: SyntaxNode): Taint | undefined {
  const { kinds, fields } = s.profile;
  switch (EXPRESSION_ROLES(s.profile).get(node.type)) {
    case 'identifiers':
    case 'shorthandProperties': {
      const r = lookup(s, textOf(s.text, node), node.start, scopeOf(s, node));
      return r === NOT_FOUND ? undefined : r;
    }
    case 'awaits':
    case 'spreads':
    case 'mapSpreads':
    case 'jsxExpressions':
    case 'expressionLists':
    case 'argumentLists':
    case 'interpolations':
      return any(s, namedChildren(node));
    case 'members':
    case 'subscripts': {
      const k = key(s, node);
      if (k) {
        const bound = lookup(s, k, node.start, scopeOf(s, node));
        if (bound !== NOT_FOUND) return bound;
      }
      const subscript = kinds.subscripts.has(node.type);
      const prop = subscript ? undefined : child(node, fields.members.property);
      if (prop && CLEAN_PROPS.has(textOf(s.text, prop))) return undefined;
      const src = source(s, node);
      if (src) return src;
      if (subscript) {
        const element = listElement(s, node);
        if (element !== undefined) return element ? evaluate(s, element) : undefined;
        const slot = slotTaint(s, node);
        if (slot !== NOT_FOUND) return slot;
      }
      const obj = child(node, subscript ? fields.subscripts.object : fields.members.object);
      return obj ? evaluate(s, obj) : undefined;
    }
    case 'calls':
    case 'constructions':
      return call(s, node);
    case 'strings':
    case 'templates':
    case 'concatenatedStrings':
      return any(s, node.children.filter((c) => kinds.interpolations.has(c.type) || kinds.strings.has(c.type)));
    case 'binaries': {
      const left = child(node, fields.binaries.left);
      const right = child(node, fields.binaries.right);
      if (!left || !right) return undefined;
      const op = s.text.slice(left.end, right.start).trim();
      if (op === '&&') return evaluate(s, right);
      if (op !== '+' && op !== '||' && op !== '??' && op !== s.profile.formatOperator) return undefined;
      if (op === '||' || op === '??') {
        const c = constantOf(s.env, left);
        if (c !== UNKNOWN) return (op === '||' ? truthyJs(c) : c !== null) ? undefined : evaluate(s, right);
      }
      return pick(evaluate(s, left), evaluate(s, right));
    }
    case 'ternaries': {
      const f = fields.ternaries;
      const consequence = child(node, f.consequence);
      const t = truth(s, child(node, f.condition));
      if (t !== undefined) return evaluateOpt(s, t ? consequence : child(node, f.alternative));
      const checked = allowListed(s, child(node, f.condition), consequence);
      return pick(checked ? undefined : evaluateOpt(s, consequence), evaluateOpt(s, child(node, f.alternative)));
    }
    case 'inlineIfs': {
      // Python `a if cond else b`: parts are a, cond, b.
      const parts = namedChildren(node);
      const t = truth(s, parts[1]);
      if (t !== undefined) return evaluateOpt(s, t ? parts[0] : parts[2]);
      const checked = allowListed(s, parts[1], parts[0]);
      return pick(checked ? undefined : evaluateOpt(s, parts[0]), evaluateOpt(s, parts[2]));
    }
    case 'booleanOperators':
      return pick(evaluateOpt(s, child(node, fields.booleanOperators.left)), evaluateOpt(s, child(node, fields.booleanOperators.right)));
    case 'assignmentExpressions':
      return evaluateOpt(s, child(node, fields.assignmentExpressions.right));
    case 'sequences':
      return evaluateOpt(s, namedChildren(node).at(-1));
    case 'maps':
      return any(s, namedChildren(node).map((p) => (kinds.pairs.has(p.type) ? (child(p, fields.pairs.value) ?? p) : p)));
    case 'lists':
    case 'tuples':
    case 'sets':
      return any(s, namedChildren(node));
    default:
      return undefined;
  }
}

/** evaluate for an optional node. */
function evaluateOpt(s: TaintState, node: SyntaxNode | undefined): Taint | undefined {
  return node ? evaluate(s, node) : undefined;
}

/** The taint of any of the nodes, preferring a real unsanitised source (stops at the first). */
function any(s: TaintState, nodes: readonly SyntaxNode[]): Taint | undefined {
  let found: Taint | undefined;
  for (const n of nodes) {
    found = pick(found, evaluate(s, n));
    if (found && found.param === undefined && !found.cleared) return found;
  }
  return found;
}

/** The sinks a call sanitises its input for: 'all', a list, or undefined when it is no sanitiser. */
function sanitiserKinds(s: TaintState, call: NonNullable<ReturnType<typeof callShape>>, qualified: string): SanitiserKinds | undefined {
  const byName = s.sanitisers.calls.get(qualified) ?? s.sanitisers.calls.get(call.name);
  if (byName) return byName;
  if (!call.receiver) return undefined;
  const byMethod = s.sanitisers.methods.get(call.method);
  if (byMethod) return byMethod;
  const first = call.args[0];
  return first && s.sanitisers.patterned?.find((p) => p.methods.includes(call.method) && p.firstArgument.test(textOf(s.text, first)))?.kinds;
}

/** A call: a source itself, a sanitiser, a clean method, a local function (its summary), or a propagator. */
function call(s: TaintState, node: SyntaxNode): Taint | undefined {
  const src = s.profile.kinds.constructions.has(node.type) ? undefined : source(s, node);
  if (src) return src;
  const call = callShape(s.text, node, s.profile);
  if (!call) return undefined;
  const qualified = s.imports.qualify(call.name);
  const kinds = sanitiserKinds(s, call, qualified);
  if (kinds === 'all') return undefined;
  if (kinds) return clear(any(s, [...call.args, ...call.kwargs.values()]) ?? (call.receiver ? evaluate(s, call.receiver) : undefined), kinds);
  if (s.propagators.cleanMethods.has(call.method)) return undefined;
  const local = s.profile.kinds.identifiers.has(call.callee.type) ? s.functionsByName.get(call.name) : undefined;
  if (local) {
    const summary = summaryOf(s, local);
    if (summary.source) return summary.source;
    let found: Taint | undefined;
    for (const [i, cleared] of summary.params) {
      const arg = call.args[i];
      const t = arg ? evaluate(s, arg) : undefined;
      found = pick(found, t && cleared ? clear(t, [...cleared]) : t);
    }
    return found;
  }
  // A function of another module of the project assumed to pass its arguments (cross-file/rerun.ts).
  if (s.passing !== undefined && call.name === s.passing) return any(s, [...call.args, ...call.kwargs.values()]);
  const { argumentFunctions, argumentMethods } = s.propagators;
  // Module functions by qualified name (`base64.b64decode(x)`, `from urllib.parse import unquote`).
  if (argumentFunctions.has(qualified)) return any(s, call.args);
  if (call.receiver) {
    const slot = KEYED_READS.has(call.method) ? slotTaint(s, node, call) : NOT_FOUND;
    if (slot !== NOT_FOUND) return slot;
    const fromReceiver = s.propagators.unlisted.receiverToResult ? evaluate(s, call.receiver) : undefined;
    if (fromReceiver) return fromReceiver;
    if (argumentMethods.has(call.method)) return any(s, [...call.args, ...call.kwargs.values()]);
    return undefined;
  }
  if (argumentFunctions.has(call.name)) return any(s, call.args);
  return undefined;
}

/** Whether the chain at `i` is the receiver followed by one of its input members or a call of one of its input methods. */
function readsInput(chain: readonly string[], i: number, m: ReceiverMatcher): boolean {
  for (let k = 0; k < m.path.length; k++) if (chain[i + k] !== m.path[k]) return false;
  const next = chain[i + m.path.length];
  if (next === undefined) return false;
  return m.members.has(next) || (m.methods.has(next) && chain[i + m.path.length + 1] === '()');
}

/** JavaScript truthiness of a constant (for `||` with a constant left side). */
const truthyJs = (c: Const): boolean => c !== null && c !== false && c !== 0 && c !== '' && !(typeof c === 'number' && Number.isNaN(c));
