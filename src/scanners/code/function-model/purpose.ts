/**
 * What a value is for, read from where it is stored: the variable, field, key, setter or cookie it
 * goes to (and the next variable it is copied into). Decides whether a random value is a token and
 * whether a cookie carries a session.
 */
import { child, descendants, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { Match, RuleContext } from '../rule.js';
import { nameWords } from '../words.js';
import { constString, VARIABLES } from './values.js';

/** Words that make a value a secret (MEDIUM) or an identifier or code (LOW) when it is stored under them. */
export const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'nonce', 'salt', 'otp', 'csrf', 'xsrf', 'session', 'key', 'apikey', 'auth', 'reset', 'credential', 'passphrase', 'signature', 'remember']);
export const ID_WORDS = new Set(['id', 'uuid', 'guid', 'sid', 'code', 'invite', 'verification', 'verify', 'pin', 'coupon', 'voucher']);

const STATEMENTS = /^(?:expression_statement|block|compound_statement|body_statement|if_statement|for_statement|while_statement|program|source_file|class_body|method_declaration|function_declaration|method|function_definition)$/;
const STORING_CALL = /^(?:set|put|store|save|add)|cookie|session|header|attribute/i;

/** The left side of an assignment-like parent of `p`, when `p` is its value. */
function assignedTo(ctx: RuleContext, parent: SyntaxNode, p: SyntaxNode): SyntaxNode | undefined {
  switch (parent.type) {
    case 'variable_declarator':
    case 'var_spec':
      return p.field === 'value' || p.type === 'expression_list' ? child(parent, 'name') : undefined;
    case 'assignment_expression':
    case 'augmented_assignment_expression':
    case 'assignment':
    case 'operator_assignment':
    case 'short_var_declaration':
    case 'assignment_statement': {
      if (p.field !== 'right') return undefined;
      const left = child(parent, 'left');
      return left?.type === 'expression_list' ? namedChildren(left)[0] : left;
    }
    case 'keyed_element':
    case 'array_element_initializer':
    case 'pair': {
      const [key, value] = namedChildren(parent);
      return value === p ? key : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Names a value is stored under: the variable, field or key it is assigned to, a setter or
 * cookie call it is passed to (with its constant arguments), or the function returning it.
 */
export function storedUnder(ctx: RuleContext, node: SyntaxNode): { names: string[]; variable?: SyntaxNode } {
  const names: string[] = [];
  for (let p: SyntaxNode = node, depth = 0; p.parent && depth < 8; p = p.parent, depth++) {
    const parent: SyntaxNode = p.parent;
    const target = assignedTo(ctx, parent, p);
    if (target) {
      names.push(textOf(ctx.text, target));
      return { names, variable: VARIABLES(ctx.profile).has(target.type) ? target : undefined };
    }
    if (parent.type === 'return_statement' || parent.type === 'return') {
      const fn = enclosingFunction(parent, ctx.language);
      const name = fn ? child(fn, 'name') : undefined;
      if (name) names.push(textOf(ctx.text, name));
      return { names };
    }
    if ((parent.type === 'argument_list' || parent.type === 'arguments') && parent.parent) {
      const call = parent.parent;
      const callee = child(call, 'name') ?? child(call, 'method') ?? child(call, 'function') ?? child(call, 'type');
      const calleeName = callee ? textOf(ctx.text, callee) : '';
      if (call.type === 'object_creation_expression' || STORING_CALL.test(calleeName.split(/[.:>]/).at(-1) ?? '')) {
        names.push(calleeName, ...namedChildren(parent).map((a) => constString(ctx, a) ?? '').filter((s) => s.length > 0));
        return { names };
      }
    }
    if (STATEMENTS.test(parent.type)) return { names };
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
    const fn = enclosingFunction(node, ctx.language);
    const name = fn ? child(fn, 'name') : undefined;
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
