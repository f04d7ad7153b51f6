/**
 * Lists and keyed containers: the element a constant index reads from a list built by a literal
 * and simple `append`/`push`/`insert`/`pop` statements (`lst[1]`), and the slot a literal key
 * reads (`d['k']`, `map.get('k')`, `conf.get('section', 'key')`) from the writes under that key,
 * the dict or object literal the container was created with, or what was put in it unkeyed.
 */
import { callShape, child, descendants, namedChildren, textOf, unwrap } from '../ast.js';
import { constantOf, UNKNOWN } from '../constants.js';
import { roleUnion } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import { evaluate, lookup } from './evaluate.js';
import { key, literalKey, NOT_FOUND, pick, scopeOf, type Binding, type Scope, type Taint, type TaintState } from './state.js';

/** Methods that read a slot by key: `d.get('k')`, `conf.get('section', 'key')`, `map.get('k')`. */
export const KEYED_READS = new Set(['get', 'getint', 'getfloat', 'getboolean']);
/** Literals of a sequence a constant index reads. */
const SEQUENCES = roleUnion(['lists', 'tuples']);
/** A statement's own node (kept whole), and the nodes whose children are statements. */
const STATEMENTS = roleUnion(['expressionStatements', 'declarations']);
const STATEMENT_LISTS = roleUnion(['blocks', 'programs']);
/** Methods of a list that neither change it nor let it escape. */
const LIST_READS = new Set(['count', 'index', 'copy', 'indexOf', 'includes', 'at', 'slice']);

/**
 * `lst[i]` with a constant i, for a list created by a literal and changed only by
 * `append`/`push`/`insert`/`extend`/`pop`/`shift`/`unshift` statements in the same block, with
 * no other use in between: the element node (null when the index is out of range), or
 * undefined when the list is not that simple.
 */
export function listElement(s: TaintState, n: SyntaxNode): SyntaxNode | null | undefined {
  const { kinds, fields } = s.profile;
  const obj = child(n, fields.subscripts.object);
  const idx = child(n, fields.subscripts.index);
  if (!obj || !idx || kinds.slices.has(idx.type)) return undefined;
  const at = constantOf(s.env, idx);
  if (typeof at !== 'number' || !Number.isInteger(at)) return undefined;
  const target = unwrap(obj, s.profile);
  const pick = (elements: readonly SyntaxNode[]): SyntaxNode | null => elements[at < 0 ? elements.length + at : at] ?? null;
  const spread = (c: SyntaxNode): boolean => kinds.spreads.has(c.type);
  if (SEQUENCES(s.profile).has(target.type)) {
    const items = namedChildren(target);
    return items.some(spread) ? undefined : pick(items);
  }
  if (!kinds.identifiers.has(target.type)) return undefined;
  const name = textOf(s.text, target);
  const scope = scopeOf(s, target);
  const list = scope.bindings.get(name);
  if (!list) return undefined;
  const before = list.filter((b) => b.pos <= n.start);
  const defIndex = before.reduce((best, b, i) => (b.kind !== 'augment' && (best === -1 || b.pos >= (before[best] as Binding).pos) ? i : best), -1);
  const def = before[defIndex];
  // Created here (a branch's own assignment counts inside that branch).
  const created = def?.kind === 'expr' || (def?.kind === 'maybe' && n.start >= def.block.start && n.end <= def.block.end);
  if (!created || !def.site || !kinds.lists.has(unwrap(def.node, s.profile).type)) return undefined;
  const statement = statementOf(s, def.site);
  const elements = namedChildren(unwrap(def.node, s.profile));
  if (!statement || elements.some(spread)) return undefined;
  const calls = receiverCallsBetween(s, name, def.pos, n.start, statement);
  // Every mention of the list between its creation and the read is one of these calls.
  const mention = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
  const between = s.text.slice(def.pos, n.start);
  const receivers = new Set(calls.map((c) => (child(child(c, fields.calls.callee) as SyntaxNode, fields.members.object) as SyntaxNode).start - def.pos));
  for (const m of between.matchAll(mention)) if (!receivers.has(m.index)) return undefined;
  for (const c of calls) {
    if (statementOf(s, c)?.parent !== statement.parent) return undefined;
    const call = callShape(s.text, c, s.profile);
    if (!call) return undefined;
    const args = call.args;
    const num = (a: SyntaxNode | undefined): number | undefined => {
      const v = a ? constantOf(s.env, a) : UNKNOWN;
      return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    };
    switch (call.method) {
      case 'append':
      case 'push':
        if (call.method === 'append' ? args.length !== 1 : args.length === 0) return undefined;
        elements.push(...args);
        break;
      case 'unshift':
        elements.unshift(...args);
        break;
      case 'insert': {
        const i = num(args[0]);
        if (i === undefined || !args[1]) return undefined;
        elements.splice(i < 0 ? Math.max(0, elements.length + i) : i, 0, args[1]);
        break;
      }
      case 'extend': {
        const items = args[0] ? unwrap(args[0], s.profile) : undefined;
        if (!items || !SEQUENCES(s.profile).has(items.type)) return undefined;
        elements.push(...namedChildren(items));
        break;
      }
      case 'pop': {
        if (args.length === 0) elements.pop();
        else {
          const i = num(args[0]);
          if (i === undefined) return undefined;
          elements.splice(i < 0 ? elements.length + i : i, 1);
        }
        break;
      }
      case 'shift':
        elements.shift();
        break;
      default:
        if (!LIST_READS.has(call.method)) return undefined;
    }
  }
  return pick(elements);
}

/** Method calls on `name` between two positions, in the statements that follow `statement` in its block. */
function receiverCallsBetween(s: TaintState, name: string, from: number, to: number, statement: SyntaxNode): SyntaxNode[] {
  const { kinds, fields } = s.profile;
  const calls: SyntaxNode[] = [];
  for (const sibling of statement.parent?.children ?? []) {
    if (sibling.end <= from || sibling.start >= to) continue;
    for (const c of descendants(sibling)) {
      if (!kinds.calls.has(c.type) || c.start <= from || c.end > to) continue;
      const callee = child(c, fields.calls.callee);
      const object = callee && kinds.members.has(callee.type) ? child(callee, fields.members.object) : undefined;
      if (object && kinds.identifiers.has(object.type) && textOf(s.text, object) === name) calls.push(c);
    }
  }
  return calls.sort((a, b) => a.start - b.start);
}

/** For `obj[k]` or `obj.get(k…)` with literal keys: the container's name and the slot names to look up, most specific first. */
export function slotOf(s: TaintState, n: SyntaxNode, shape?: ReturnType<typeof callShape>): { base: string; first: string; paths: string[]; fallback?: SyntaxNode } | undefined {
  const { kinds, fields } = s.profile;
  if (kinds.subscripts.has(n.type)) {
    const obj = child(n, fields.subscripts.object);
    const k = literalKey(s.text, child(n, fields.subscripts.index), s.profile);
    const base = obj ? key(s, obj) : undefined;
    return base !== undefined && k !== undefined ? { base, first: k, paths: [`${base}[${k}]`] } : undefined;
  }
  if (!kinds.calls.has(n.type)) return undefined;
  const callee = child(n, fields.calls.callee);
  const prop = callee && child(callee, fields.members.property);
  if (!prop || !KEYED_READS.has(textOf(s.text, prop))) return undefined;
  const call = shape ?? callShape(s.text, n, s.profile);
  if (!call?.receiver || call.args.length === 0 || call.kwargs.size > 0) return undefined;
  const base = key(s, call.receiver);
  const keys = call.args.map((a) => literalKey(s.text, a, s.profile));
  if (base === undefined || keys[0] === undefined) return undefined;
  const paths: string[] = [];
  // `conf.get('s', 'k')` is the slot conf["s"]["k"]; `d.get('k', default)` the slot d["k"].
  if (keys.length === 2 && keys[1] !== undefined) paths.push(`${base}[${keys[0]}][${keys[1]}]`);
  paths.push(`${base}[${keys[0]}]`);
  return { base, first: keys[0], paths, fallback: keys.length === 2 ? call.args[1] : undefined };
}

/** The entry `first` of the object or dict literal a container was created with: the value (null when absent), or undefined when not created by a literal. */
export function literalEntry(s: TaintState, base: string, first: string, at: number, scope: Scope): SyntaxNode | null | undefined {
  const list = (scope.bindings.get(base) ?? []).filter((b) => b.pos <= at);
  const def = list.filter((b) => b.kind !== 'augment' || b.keyed === undefined).sort((a, b) => a.pos - b.pos).at(-1);
  if (def?.kind !== 'expr') return undefined;
  const { kinds, fields } = s.profile;
  const literal = unwrap(def.node, s.profile);
  if (!kinds.maps.has(literal.type)) return undefined;
  for (const p of namedChildren(literal)) {
    if (!kinds.pairs.has(p.type)) return undefined;
    const k = child(p, fields.pairs.key);
    const key = k && (kinds.propertyIdentifiers.has(k.type) ? JSON.stringify(textOf(s.text, k)) : literalKey(s.text, k, s.profile));
    if (key === undefined) return undefined;
    if (key === first) return child(p, fields.pairs.value) ?? null;
  }
  return null;
}

/** The taint of a keyed read, or NOT_FOUND when it is not one the analysis resolves. */
export function slotTaint(s: TaintState, n: SyntaxNode, shape?: ReturnType<typeof callShape>): Taint | undefined | typeof NOT_FOUND {
  const slot = slotOf(s, n, shape);
  if (!slot) return NOT_FOUND;
  const scope = scopeOf(s, n);
  for (const path of slot.paths) {
    const bound = lookup(s, path, n.start, scope);
    if (bound !== NOT_FOUND) return path === slot.paths.at(-1) && slot.fallback && slot.paths.length === 1 ? pick(bound, evaluate(s, slot.fallback)) : bound;
  }
  const literal = literalEntry(s, slot.base, slot.first, n.start, scope);
  if (literal !== undefined) return literal ? evaluate(s, literal) : slot.fallback ? evaluate(s, slot.fallback) : undefined;
  // Not written under this key: what the container held before, and what was put in it without a key.
  const rest = lookup(s, slot.base, n.start, scope, true);
  if (rest === NOT_FOUND) return NOT_FOUND;
  return slot.fallback ? pick(rest, evaluate(s, slot.fallback)) : rest;
}

/** The statement a node belongs to (its nearest ancestor that is a statement of a block). */
function statementOf(s: TaintState, node: SyntaxNode): SyntaxNode | undefined {
  const statements = STATEMENTS(s.profile);
  const lists = STATEMENT_LISTS(s.profile);
  for (let p: SyntaxNode | null = node; p; p = p.parent) {
    if (statements.has(p.type)) return p;
    if (p.parent && lists.has(p.parent.type)) return p;
  }
  return undefined;
}
