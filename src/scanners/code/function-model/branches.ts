/**
 * The branches of the PHP, Go, Java and Ruby engine, read through the language profiles
 * (language-profile.ts): which nodes are conditionals (if, unless, modifiers, ternaries, switches),
 * their conditions and branches, the cases of a switch with their labels and whether they run into
 * the next, and whether a branch always leaves. The barrier facts (guards.ts) are built on these;
 * this module names no node kind or field itself (test/architecture/engine-kinds.test.ts).
 */
import { child, namedChildren } from '../ast.js';
import type { CompiledBarriers } from '../barrier-spec.js';
import { kindsOf, roleSwitch, roleUnion, type LanguageProfile, type Role } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { callAt, strip } from './values.js';

/** The roles of the conditionals whose checks give facts, in the order their nodes are gathered. */
const CONDITIONAL_ROLES: readonly Role[] = ['ifs', 'unlesses', 'chainedIfs', 'ifModifiers', 'unlessModifiers', 'ternaries', 'switches'];
const conditionalKinds: string[][] = [];

/** The kinds of a language's conditionals (ifs, unless, modifiers, ternaries, switches). */
export function conditionalKindsOf(profile: LanguageProfile): readonly string[] {
  return (conditionalKinds[profile.id] ??= kindsOf(profile, CONDITIONAL_ROLES));
}

export const isSwitch = (ctx: RuleContext, node: SyntaxNode): boolean => ctx.profile.kinds.switches.has(node.type);

/** Statements after which the code that follows does not run (in the branch they end). */
const LEAVING = roleUnion(['returns', 'raises', 'breaks', 'continues', 'exits']);
/** Those that leave the function, not only a loop or a switch. */
const LEAVING_FUNCTION = roleUnion(['returns', 'raises', 'exits']);

/**
 * Whether a branch always leaves (its last statement returns, throws, exits or calls a function
 * that never returns; also breaks or continues unless `functionOnly`).
 */
export function leaves(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode | undefined, depth = 0, functionOnly = false): boolean {
  if (!node || depth > 4) return false;
  const { kinds, fields } = ctx.profile;
  if (kinds.blocks.has(node.type)) return leaves(ctx, b, namedChildren(node).at(-1), depth + 1, functionOnly);
  if ((functionOnly ? LEAVING_FUNCTION : LEAVING)(ctx.profile).has(node.type)) return true;
  if (kinds.expressionStatements.has(node.type)) return leaves(ctx, b, namedChildren(node)[0], depth + 1, functionOnly);
  // Ruby `head :forbidden and return`.
  if (kinds.binaries.has(node.type)) {
    const right = child(node, fields.binaries.right);
    const left = child(node, fields.binaries.left);
    return !!left && !!right && /^(?:and|&&)$/.test(ctx.text.slice(left.end, right.start).trim()) && leaves(ctx, b, right, depth + 1, functionOnly);
  }
  const call = callAt(ctx, strip(node));
  return !!call && b.exits.has(ctx.language === 'php' ? call.name.toLowerCase() : call.name);
}

export interface Branches {
  readonly condition: SyntaxNode;
  /** When the condition is false the first branch runs (`unless`). */
  readonly negated: boolean;
  readonly then: SyntaxNode | undefined;
  /** `else`, Go/Java `else if`, Ruby `elsif`; PHP `elseif`/`else` clauses in order. */
  readonly alternatives: readonly SyntaxNode[];
  /** A statement (not an expression): code after it may rely on a branch that leaves. */
  readonly statement: boolean;
}

const BRANCH_ROLES = roleSwitch(['ifModifiers', 'unlessModifiers', 'ternaries', 'ifs', 'unlesses', 'chainedIfs'] as const);

/** The condition and branches of a conditional that is not a switch. */
export function branchesOf(profile: LanguageProfile, node: SyntaxNode): Branches | undefined {
  const role = BRANCH_ROLES(profile).get(node.type);
  if (!role) return undefined;
  const f = profile.fields[role];
  const condition = child(node, f.condition);
  if (!condition) return undefined;
  const alternatives = f.alternative ? node.children.filter((c) => c.field === f.alternative) : [];
  const then = child(node, f.consequence);
  switch (role) {
    case 'ifModifiers':
    case 'unlessModifiers':
      return { condition, negated: role === 'unlessModifiers', then, alternatives: [], statement: true };
    case 'ternaries':
      return { condition, negated: false, then, alternatives, statement: false };
    default:
      return { condition, negated: role === 'unlesses', then, alternatives, statement: role !== 'chainedIfs' };
  }
}

/** A PHP `elseif` clause among an if's alternatives: its condition and body (else undefined). */
export function elseIfClause(profile: LanguageProfile, alt: SyntaxNode): { condition: SyntaxNode | undefined; body: SyntaxNode | undefined } | undefined {
  if (!profile.kinds.elifs.has(alt.type)) return undefined;
  return { condition: child(alt, profile.fields.elifs.condition), body: child(alt, profile.fields.elifs.consequence) };
}

/**
 * The code an `else` alternative runs, when the alternative is a last `else` (not an else-if), for
 * the test of whether it leaves; undefined for an else-if.
 */
export function finalElse(profile: LanguageProfile, alt: SyntaxNode): SyntaxNode | undefined {
  const { kinds, fields } = profile;
  if (kinds.elifs.has(alt.type) || kinds.ifs.has(alt.type) || kinds.chainedIfs.has(alt.type)) return undefined;
  return child(alt, fields.elses.body) ?? alt;
}

/** One case of a switch: its labels (none: `default`/`else`), where its code runs, and whether it runs into the next case. */
export interface SwitchCase {
  readonly labels: readonly SyntaxNode[];
  readonly from: number;
  readonly to: number;
  readonly fallsThrough: boolean;
}

/**
 * The value a switch is on and its cases: PHP `switch`, Go `switch v {}`, Java `switch` (`case "a":`
 * groups, which run into the next unless they leave, and `case "a" ->` rules, which do not), Ruby
 * `case v when "a"`.
 */
export function switchOf(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode): { subject: SyntaxNode; cases: SwitchCase[] } | undefined {
  const { kinds, fields } = ctx.profile;
  const subject = child(node, fields.switches.value);
  if (!subject) return undefined;
  const body = child(node, fields.switches.body);
  const caseFields = fields.switchCases;
  const cases: SwitchCase[] = [];
  for (const c of namedChildren(body ?? node).filter((x) => kinds.switchCases.has(x.type) || kinds.switchDefaults.has(x.type))) {
    let labels: SyntaxNode[];
    let code: SyntaxNode[];
    if (kinds.switchLabels.size > 0) {
      const own = namedChildren(c).filter((x) => kinds.switchLabels.has(x.type));
      labels = own.flatMap((l) => namedChildren(l));
      // `default` (no value) among the labels makes the case run for any value.
      if (own.some((l) => namedChildren(l).length === 0)) labels = [];
      code = namedChildren(c).filter((x) => !kinds.switchLabels.has(x.type));
    } else if (caseFields.pattern && kinds.switchCases.has(c.type)) {
      labels = c.children.filter((x) => x.field === caseFields.pattern).map((p) => namedChildren(p)[0] ?? p);
      code = namedChildren(child(c, caseFields.body) ?? c).filter((x) => x.field !== caseFields.pattern);
    } else {
      const value = child(c, caseFields.value);
      labels = value ? (kinds.expressionLists.has(value.type) ? namedChildren(value) : [value]) : [];
      code = caseFields.value ? namedChildren(c).filter((x) => x.field !== caseFields.value) : namedChildren(c);
    }
    const last = code.at(-1);
    const from = last ? (code[0] as SyntaxNode).start : c.end;
    // PHP and Java `case …:` groups run into the next case unless they leave; Go only with `fallthrough`.
    const fallsThrough = kinds.fallingCases.has(c.type) ? !last || !leaves(ctx, b, last) : !!last && kinds.fallthroughs.has(last.type);
    cases.push({ labels, from, to: c.end, fallsThrough });
  }
  return { subject, cases };
}

/**
 * Whether the code at `at` may be skipped on the way to `use`, later in the same function: it sits
 * in a branch of a conditional, or a case of a switch, that does not hold `use`, and that
 * conditional does not run such code on every branch (`if (c) x = a; else x = b;`, where
 * `covered` says whether a branch holds it). An assignment that may be skipped does not hide the
 * values the variable had before it (`if (p == null) p = "";` keeps `p`'s request data).
 */
export function skippable(profile: LanguageProfile, at: SyntaxNode, use: SyntaxNode, covered: (part: SyntaxNode) => boolean): boolean {
  for (let n = at; n.parent; n = n.parent) {
    const p = n.parent;
    // A node holding the use holds every conditional above it too: those branch for both alike.
    if (p.start <= use.start && use.end <= p.end) return false;
    if (profile.kinds.switches.has(p.type)) {
      if (n !== child(p, profile.fields.switches.value)) return true;
      continue;
    }
    const b = branchesOf(profile, p);
    if (b && n !== b.condition && !everyBranch(profile, b, covered)) return true;
  }
  return false;
}

/** Whether a conditional statement has a last `else` and `covered` holds for each of its branches. */
function everyBranch(profile: LanguageProfile, b: Branches, covered: (part: SyntaxNode) => boolean): boolean {
  if (!b.statement || !b.then || b.alternatives.length === 0 || !covered(b.then)) return false;
  let final = false;
  for (const alt of b.alternatives) {
    const elif = elseIfClause(profile, alt);
    if (elif) {
      if (!elif.body || !covered(elif.body)) return false;
      continue;
    }
    // Go/Java `else if`: the alternative is an if of its own.
    const nested = branchesOf(profile, alt);
    const body = nested ? undefined : finalElse(profile, alt);
    if (nested ? !everyBranch(profile, nested, covered) : !body || !covered(body)) return false;
    final = true;
  }
  return final;
}

/**
 * Whether code at `at` cannot reach `use`, later in the same function: it sits in a branch that
 * always leaves the function (returns, throws, exits; a `break` only leaves a loop) and that does
 * not hold `use` (`if (!ok) { next = "/"; return; } … redirect(next)`: that `next` never reaches
 * the redirect).
 */
export function cannotReach(ctx: RuleContext, b: CompiledBarriers, at: SyntaxNode, use: SyntaxNode | number): boolean {
  const [from, to] = typeof use === 'number' ? [use, use] : [use.start, use.end];
  for (let n = at; n.parent; n = n.parent) {
    const p = n.parent;
    if (p.start <= from && to <= p.end) return false;
    const branches = branchesOf(ctx.profile, p);
    if (!branches?.statement || n === branches.condition) continue;
    const body = branches.alternatives.includes(n) ? (elseIfClause(ctx.profile, n)?.body ?? finalElse(ctx.profile, n) ?? n) : n;
    if (leaves(ctx, b, body, 0, true)) return true;
  }
  return false;
}
