/**
 * Constant branches: drops the bindings of branches a constant condition never takes (`if`,
 * `elif`/`else`, `while`, Python `match`, JavaScript `switch`) and turns may-assignments of
 * branches it always takes into plain ones; and the constant value of an identifier through its
 * bindings, which constants.ts asks for (the `identifier` resolver of the state's ConstEnv).
 */
import { child, namedChildren, textOf } from '../ast.js';
import { constantOf, keyOf, truthOf, UNKNOWN, type Const, type ConstResult } from '../constants.js';
import { roleSwitch, roleUnion } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import { conditionalBlock } from './bindings.js';
import { latest, scopeOf, type Binding, type Scope, type TaintState } from './state.js';

const LOOPS = roleUnion(['whiles', 'forLoops', 'forEachLoops', 'doWhiles']);
/** Statements that leave a `switch` case (no fall-through to the next). */
const JUMPS = roleUnion(['breaks', 'returns', 'raises', 'continues']);
/** The branch and loop statements whose bodies branchState decides. */
const BRANCH_ROLES = roleSwitch(['ifs', 'elifs', 'elses', 'whiles', 'matches', 'caseClauses', 'switchCases', 'switchDefaults'] as const);

type BranchState = 'dead' | 'always' | 'maybe';
/** Whether a statement can run, and the innermost branch body it may or may not run in. */
interface Reach {
  readonly dead: boolean;
  readonly block: SyntaxNode | undefined;
}
const DEAD: Reach = Object.freeze({ dead: true, block: undefined });
const REACHED: Reach = Object.freeze({ dead: false, block: undefined });

/**
 * Drops bindings in branches a constant condition never takes and turns may-assignments in
 * branches it always takes into plain ones (`if 7 * 42 - num > 200: bar = 'x' else: bar = param`
 * with `num = 86` leaves `bar = 'x'`).
 */
export function prune(s: TaintState): void {
  const known = new Map<SyntaxNode, Reach>();
  // Decide every binding first (constants read the bindings as collected), then rewrite.
  const rewrites: { list: Binding[]; index: number; binding: Binding | undefined }[] = [];
  const visit = (scope: Scope): void => {
    for (const list of scope.bindings.values()) {
      for (let i = 0; i < list.length; i++) {
        const b = list[i] as Binding;
        if ((b.kind !== 'maybe' && b.kind !== 'augment') || !b.site) continue;
        const reach = reachOf(s, b.site, known, b.kind === 'maybe' ? b.block : undefined);
        if (reach.dead) rewrites.push({ list, index: i, binding: undefined });
        else if (b.kind === 'maybe' && reach.block !== b.block) {
          rewrites.push({ list, index: i, binding: reach.block ? { ...b, block: reach.block } : { pos: b.pos, kind: 'expr', node: b.node, site: b.site } });
        }
      }
    }
  };
  visit(s.moduleScope);
  for (const scope of s.scopes.values()) visit(scope);
  if (rewrites.length === 0) return;
  const dead = new Set<Binding>();
  for (const r of rewrites) {
    if (r.binding) r.list[r.index] = r.binding;
    else dead.add(r.list[r.index] as Binding);
  }
  if (dead.size > 0) {
    const drop = (scope: Scope): void => {
      for (const [name, list] of scope.bindings) if (list.some((b) => dead.has(b))) scope.bindings.set(name, list.filter((b) => !dead.has(b)));
    };
    drop(s.moduleScope);
    for (const scope of s.scopes.values()) drop(scope);
  }
  s.constMemo.clear();
}

/** Whether a statement can run (memoised per branch body, outermost decisions first). */
function reachOf(s: TaintState, site: SyntaxNode, known: Map<SyntaxNode, Reach>, block = conditionalBlock(s, site)): Reach {
  if (!block) return REACHED;
  const cached = known.get(block);
  if (cached) return cached;
  const branch = block.parent as SyntaxNode;
  const state = branchState(s, branch, block);
  let result: Reach;
  if (state === 'dead') result = DEAD;
  else {
    const outer = reachOf(s, branch, known);
    result = outer.dead ? DEAD : state === 'maybe' ? { dead: false, block } : outer;
  }
  known.set(block, result);
  return result;
}

/** Whether the body `body` of the statement `pp` never runs, always runs, or may run. */
function branchState(s: TaintState, pp: SyntaxNode, body: SyntaxNode): BranchState {
  const { kinds, fields } = s.profile;
  const fromTruth = (t: boolean | undefined): BranchState => (t === undefined ? 'maybe' : t ? 'always' : 'dead');
  const role = BRANCH_ROLES(s.profile).get(pp.type);
  switch (role) {
    case 'ifs':
      return body === child(pp, fields.ifs.consequence) ? fromTruth(truth(s, child(pp, fields.ifs.condition))) : 'maybe';
    case 'elifs':
    case 'elses': {
      const ifNode = pp.parent;
      if (!ifNode || !kinds.ifs.has(ifNode.type)) return 'maybe';
      // The conditions tested before this clause: the if's, then (Python) the elifs before it.
      const before = [child(ifNode, fields.ifs.condition), ...namedChildren(ifNode).filter((c) => kinds.elifs.has(c.type) && c.start < pp.start).map((c) => child(c, fields.elifs.condition))];
      let allFalse = true;
      for (const c of before) {
        const t = truth(s, c);
        if (t === true) return 'dead';
        if (t !== false) allFalse = false;
      }
      if (role === 'elses') return allFalse ? 'always' : 'maybe';
      const own = truth(s, child(pp, fields.elifs.condition));
      if (own === false) return 'dead';
      return allFalse && own === true ? 'always' : 'maybe';
    }
    case 'whiles':
      return truth(s, child(pp, fields.whiles.condition)) === false ? 'dead' : 'maybe';
    case 'matches':
      // Its cases decide (caseClauses).
      return 'always';
    case 'caseClauses':
      return caseState(s, pp);
    case 'switchCases':
    case 'switchDefaults':
      return switchState(s, pp);
    default:
      return 'maybe';
  }
}

/** The truth of a condition when it is constant (constants.ts), else undefined. */
export function truth(s: TaintState, node: SyntaxNode | undefined): boolean | undefined {
  return node ? truthOf(s.env, node) : undefined;
}

/** A Python `case` of a `match` on a constant: the first case whose pattern matches always runs, the others never. */
function caseState(s: TaintState, clause: SyntaxNode): BranchState {
  const { kinds, fields } = s.profile;
  const match = clause.parent?.parent;
  if (!match || !kinds.matches.has(match.type)) return 'maybe';
  const subjects = namedChildren(match).filter((c) => c.field === fields.matches.subject);
  const subject = subjects.length === 1 ? constantOf(s.env, subjects[0]) : UNKNOWN;
  if (subject === UNKNOWN) return 'maybe';
  let unsure = false;
  for (const c of namedChildren(clause.parent as SyntaxNode)) {
    if (!kinds.caseClauses.has(c.type)) continue;
    const pattern = namedChildren(c).find((x) => kinds.casePatterns.has(x.type));
    let r = pattern ? patternMatches(s, pattern, subject) : undefined;
    if (r === true && child(c, fields.caseClauses.guard)) r = undefined;
    if (c === clause) return r === false ? 'dead' : r === true && !unsure ? 'always' : 'maybe';
    if (r === true && !unsure) return 'dead';
    if (r === undefined) unsure = true;
  }
  return 'maybe';
}

/** Whether a `case` pattern matches a constant subject: true, false, or undefined when the analysis cannot tell. */
function patternMatches(s: TaintState, pattern: SyntaxNode, subject: Const): boolean | undefined {
  const kinds = s.profile.kinds;
  const parts = namedChildren(pattern);
  const casePattern = kinds.casePatterns.has(pattern.type);
  if (casePattern && parts.length === 0) return textOf(s.text, pattern).trim() === '_' ? true : undefined;
  if (casePattern && parts.length === 1) return patternMatches(s, parts[0] as SyntaxNode, subject);
  if (kinds.unionPatterns.has(pattern.type)) {
    let unsure = false;
    for (const p of parts) {
      const r = patternMatches(s, p, subject);
      if (r === true) return true;
      if (r === undefined) unsure = true;
    }
    return unsure ? undefined : false;
  }
  // A bare name captures anything; a dotted name is a value pattern we do not resolve.
  if (kinds.dottedNames.has(pattern.type)) return parts.length === 1 ? true : undefined;
  if (casePattern) return undefined;
  const v = constantOf(s.env, pattern);
  if (v === UNKNOWN || typeof v === 'object') return undefined;
  return v === subject || (typeof v === 'number' && typeof subject === 'boolean' && v === Number(subject));
}

/** A JavaScript `case` of a `switch` on a constant: cases neither matched nor fallen into never run. */
function switchState(s: TaintState, clause: SyntaxNode): BranchState {
  const body = clause.parent;
  if (!body?.parent || !s.profile.kinds.switches.has(body.parent.type)) return 'maybe';
  let reachable = s.switches.get(body);
  if (reachable === undefined) s.switches.set(body, (reachable = reachableCases(s, body)));
  return reachable === 'all' ? 'maybe' : reachable.has(clause) ? 'maybe' : 'dead';
}

/** The cases of a switch on a constant that can run (the one matched and those it falls into), or 'all'. */
function reachableCases(s: TaintState, body: SyntaxNode): ReadonlySet<SyntaxNode> | 'all' {
  const { kinds, fields } = s.profile;
  const value = constantOf(s.env, child(body.parent as SyntaxNode, fields.switches.value));
  if (value === UNKNOWN || typeof value === 'object') return 'all';
  const cases = namedChildren(body).filter((c) => kinds.switchCases.has(c.type) || kinds.switchDefaults.has(c.type));
  let start = -1;
  for (const [i, c] of cases.entries()) {
    if (kinds.switchDefaults.has(c.type)) continue;
    const v = constantOf(s.env, child(c, fields.switchCases.value));
    if (v === UNKNOWN) return 'all';
    if (v === value) {
      start = i;
      break;
    }
  }
  if (start === -1) start = cases.findIndex((c) => kinds.switchDefaults.has(c.type));
  const jumps = JUMPS(s.profile);
  const reachable = new Set<SyntaxNode>();
  for (let i = start; i >= 0 && i < cases.length; i++) {
    const c = cases[i] as SyntaxNode;
    reachable.add(c);
    const last = namedChildren(c).filter((x) => x.field === fields.switchCases.body).at(-1);
    if (last && jumps.has(last.type)) break;
  }
  return reachable;
}

/** The constant an identifier holds at its use, through its bindings; UNKNOWN when a loop may change it. */
export function constIdentifier(s: TaintState, node: SyntaxNode): ConstResult {
  const cached = s.constMemo.get(node);
  if (cached !== undefined) return cached;
  if (s.constActive.has(node) || s.constActive.size > 60) return UNKNOWN;
  s.constActive.add(node);
  let result: ConstResult = UNKNOWN;
  try {
    result = constOfName(s, textOf(s.text, node), node.start, scopeOf(s, node), node);
  } finally {
    s.constActive.delete(node);
  }
  s.constMemo.set(node, result);
  return result;
}

/** The constant `name` holds at `at`, from its binding in effect there (UNKNOWN for shared names and loop-carried values). */
function constOfName(s: TaintState, name: string, at: number, from: Scope, use: SyntaxNode): ConstResult {
  if (s.shared.has(name)) return UNKNOWN;
  for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
    const list = scope.bindings.get(name);
    const binding = latest(list, at);
    if (!binding) continue;
    const value = constOfBinding(s, name, binding, list as Binding[], at, scope, from, use);
    if (value === UNKNOWN) return UNKNOWN;
    // A variable written inside a loop around the use may hold another value on the next pass.
    const functions = s.profile.kinds.functions;
    const loops = LOOPS(s.profile);
    for (let p = use.parent; p && !functions.has(p.type); p = p.parent) {
      if (loops.has(p.type) && list?.some((b) => b.pos >= p.start && b.pos <= p.end)) return UNKNOWN;
    }
    return value;
  }
  return UNKNOWN;
}

/** The constant one binding gives its name (a may-assignment only when both paths agree, `+=` of constants folded). */
function constOfBinding(s: TaintState, name: string, binding: Binding, list: readonly Binding[], at: number, scope: Scope, from: Scope, use: SyntaxNode): ConstResult {
  switch (binding.kind) {
    case 'expr':
      // Loop variables and `with … as x` have no site (their value is not the expression bound).
      // A name of an enclosing scope may be reassigned after this function is defined: only a name written once.
      if (!binding.site || (scope !== from && list.length > 1)) return UNKNOWN;
      return constantOf(s.env, binding.node);
    case 'maybe': {
      const inside = constantOf(s.env, binding.node);
      if (inside === UNKNOWN || (at >= binding.block.start && at <= binding.block.end)) return inside;
      const before = constOfName(s, name, binding.at, scope, use);
      return before !== UNKNOWN && keyOf(before) === keyOf(inside) ? inside : UNKNOWN;
    }
    case 'augment': {
      if (binding.keyed !== undefined || !binding.site || !s.profile.kinds.augmentedAssignments.has(binding.site.type)) return UNKNOWN;
      if (!/^\s*\+=/.test(s.text.slice(child(binding.site, s.profile.fields.augmentedAssignments.left)?.end ?? 0, binding.node.start))) return UNKNOWN;
      const before = constOfName(s, name, binding.at, scope, use);
      const added = constantOf(s.env, binding.node);
      if (typeof before === 'string' && typeof added === 'string') return before + added;
      if (typeof before === 'number' && typeof added === 'number') return before + added;
      return UNKNOWN;
    }
    case 'clean':
    case 'restore':
      return constOfName(s, name, binding.at, scope, use);
    default:
      return UNKNOWN;
  }
}
