/**
 * What a value is for, read from where it is stored: the variable, field, key, setter or cookie it
 * goes to (and the next variable it is copied into). Decides whether a random value is a token and
 * whether a cookie carries a session. The node kinds and fields are the language profile's
 * (language-profile.ts); this module names none itself (test/architecture/engine-kinds.test.ts).
 */
import { child, descendants, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { Match, RuleContext } from '../rule.js';
import { nameWords } from '../words.js';
import { constString, VARIABLES } from './values.js';

/** Words that make a value a secret (MEDIUM) or an identifier or code (LOW) when it is stored under them. */
export const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'nonce', 'salt', 'otp', 'csrf', 'xsrf', 'session', 'key', 'apikey', 'auth', 'reset', 'credential', 'passphrase', 'signature', 'remember']);
export const ID_WORDS = new Set(['id', 'uuid', 'guid', 'sid', 'code', 'invite', 'verification', 'verify', 'pin', 'coupon', 'voucher']);

const STORING_CALL = /^(?:set|put|store|save|add)|cookie|session|header|attribute/i;

/** The left side of an assignment-like parent of `p` (a declarator, an assignment, a key and its value), when `p` is its value. */
function assignedTo(ctx: RuleContext, parent: SyntaxNode, p: SyntaxNode): SyntaxNode | undefined {
  const { kinds, fields } = ctx.profile;
  const t = parent.type;
  const declarator = kinds.declarators.has(t) ? fields.declarators : kinds.listDeclarators.has(t) ? fields.listDeclarators : undefined;
  if (declarator) return p.field === declarator.value || kinds.expressionLists.has(p.type) ? child(parent, declarator.name) : undefined;
  const assignment = kinds.assignments.has(t) ? fields.assignments : kinds.augmentedAssignments.has(t) ? fields.augmentedAssignments : undefined;
  if (assignment) {
    if (p.field !== assignment.right) return undefined;
    const left = child(parent, assignment.left);
    return left && kinds.expressionLists.has(left.type) ? namedChildren(left)[0] : left;
  }
  // A key and its value (`['token' => $v]`, a foreach's `$k => $v`): by position.
  if (kinds.pairs.has(t) || kinds.forEachPairs.has(t)) {
    const [key, value] = namedChildren(parent);
    return value === p ? key : undefined;
  }
  return undefined;
}

/** The name of the function around a node (none for lambdas and top-level code). */
export function enclosingFunctionName(ctx: RuleContext, node: SyntaxNode): SyntaxNode | undefined {
  const fn = enclosingFunction(node, ctx.language);
  return fn ? child(fn, ctx.profile.fields.namingNodes.name) : undefined;
}

/** What a call passing arguments calls: its function, method or type (a Java enum constant's name too). */
function calleeOf(ctx: RuleContext, call: SyntaxNode): SyntaxNode | undefined {
  const { fields } = ctx.profile;
  return child(call, fields.namingNodes.name) ?? child(call, fields.namingNodes.method) ?? child(call, fields.calls.callee) ?? child(call, fields.constructions.type);
}

/**
 * Names a value is stored under: the variable, field or key it is assigned to, a setter or
 * cookie call it is passed to (with its constant arguments), or the function returning it.
 */
export function storedUnder(ctx: RuleContext, node: SyntaxNode): { names: string[]; variable?: SyntaxNode } {
  const { kinds } = ctx.profile;
  const names: string[] = [];
  for (let p: SyntaxNode = node, depth = 0; p.parent && depth < 8; p = p.parent, depth++) {
    const parent: SyntaxNode = p.parent;
    const target = assignedTo(ctx, parent, p);
    if (target) {
      names.push(textOf(ctx.text, target));
      return { names, variable: VARIABLES(ctx.profile).has(target.type) ? target : undefined };
    }
    if (kinds.returns.has(parent.type)) {
      const name = enclosingFunctionName(ctx, parent);
      if (name) names.push(textOf(ctx.text, name));
      return { names };
    }
    if (kinds.argumentLists.has(parent.type) && parent.parent) {
      const call = parent.parent;
      const callee = calleeOf(ctx, call);
      const calleeName = callee ? textOf(ctx.text, callee) : '';
      if (kinds.constructions.has(call.type) || STORING_CALL.test(calleeName.split(/[.:>]/).at(-1) ?? '')) {
        names.push(calleeName, ...namedChildren(parent).map((a) => constString(ctx, a) ?? '').filter((s) => s.length > 0));
        return { names };
      }
    }
    if (kinds.storageBoundaries.has(parent.type)) return { names };
  }
  return { names };
}

/**
 * The names that say what a generated value is for: where it is stored, and where the variable
 * holding it is stored next in the same function (`r = rand(); token = hex(r)`).
 */
export function purposeOf(ctx: RuleContext, node: SyntaxNode, holder?: SyntaxNode): string[] {
  const first = holder ? { names: [textOf(ctx.text, holder)], variable: holder } : storedUnder(ctx, node);
  const names = [...first.names];
  const variable = first.variable;
  if (variable) {
    const fn = enclosingFunction(variable, ctx.language);
    const name = textOf(ctx.text, variable);
    for (const use of descendants(fn ?? ctx.root)) {
      if (use.start <= variable.end || !VARIABLES(ctx.profile).has(use.type) || textOf(ctx.text, use) !== name) continue;
      names.push(...storedUnder(ctx, use).names);
      if (names.length > 12) break;
    }
  }
  if (names.length === 0) {
    const name = enclosingFunctionName(ctx, node);
    if (name) names.push(textOf(ctx.text, name));
  }
  return names;
}

/** MEDIUM for secrets, LOW for identifiers and codes, undefined when the names say neither. */
export function purposeSeverity(names: readonly string[]): 'MEDIUM' | 'LOW' | undefined {
  const words = names.flatMap((n) => nameWords(n));
  if (words.some((w) => SECRET_WORDS.has(w))) return 'MEDIUM';
  if (words.some((w) => ID_WORDS.has(w))) return 'LOW';
  return undefined;
}

/**
 * A finding for a non-cryptographic random value whose names say it is a secret (MEDIUM) or an
 * identifier or code (LOW); undefined when they say neither. `holder` is an out-parameter it fills.
 */
export function randomMatch(ctx: RuleContext, node: SyntaxNode, label: string, holder?: SyntaxNode): Match | undefined {
  const names = purposeOf(ctx, node, holder);
  const severity = purposeSeverity(names);
  if (!severity) return undefined;
  const shown = (names.find((n) => purposeSeverity([n]) === severity) ?? '').replace(/\s+/g, ' ');
  const detail = `\`${label}\` produces the value of \`${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}\`, which should be unpredictable.`;
  return severity === 'LOW' ? { node, severity, confidence: 0.4, detail } : { node, detail };
}

/** Words naming a cookie that carries a session or credential, whose missing HttpOnly flag matters. */
const SENSITIVE_COOKIE_WORDS = new Set([...SECRET_WORDS, 'sid', 'jwt', 'login', 'sso', 'identity']);
export const sensitiveCookie = (names: readonly string[]): boolean =>
  names.flatMap((n) => nameWords(n)).some((w) => SENSITIVE_COOKIE_WORDS.has(w)) || names.some((n) => /sess|token|jwt|auth|remember/i.test(n));
