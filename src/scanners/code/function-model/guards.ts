/**
 * Barriers of the PHP, Go, Java and Ruby engine, read from the rows of taint-barriers.ts
 * (format: barrier-spec.ts): the checks of every `if`, `unless`, modifier and ternary of a file
 * become facts about the values they check, each with the range of code where it holds (the
 * branch where the check held; after an `if` whose other branch leaves, to the end of the
 * enclosing block). A value read inside such a range, or read before it and flowing to a sink
 * inside it, with no assignment in between, carries the facts; the barrier rules say whether
 * they make it safe for the sink's kind. Also here: the text of the function around a node, and
 * whether a value names a URL rather than a file. The node kinds and fields are the language
 * profile's (language-profile.ts); this module names none itself (test/architecture/engine-kinds.test.ts).
 */
import { child, descendants, enclosingFunction, functionTypes, namedChildren, textOf } from '../ast.js';
import { clears, compileBarriers, restrictivePattern, strictPattern, type CheckKind, type CheckRow, type CompiledBarriers, type Fact, type Operand } from '../barrier-spec.js';
import type { CodeLanguage, SyntaxNode } from '../parser.js';
import type { QualifiedCall, RuleContext } from '../rule.js';
import { BARRIER_RULES, TAINT_BARRIERS } from '../taint-barriers.js';
import { FUNCTION_MODEL_LANGUAGES } from '../taint-sources.js';
import { SINK_KINDS, type SinkKind } from '../taint-spec.js';
import { nameWords } from '../words.js';
import { assignments, LITERALS } from './assignments.js';
import { assignedValues, localTaint } from './taint.js';
import { branchesOf, cannotReach, conditionalKindsOf, elseIfClause, finalElse, isSwitch, leaves, switchOf } from './branches.js';
import { callAt, constString, leadingText, resolve, strip, VARIABLES } from './values.js';
import type { LanguageProfile } from '../language-profile.js';

/** The barrier rows of each PHP, Go, Java and Ruby language, compiled once. */
export const FUNCTION_MODEL_BARRIERS: ReadonlyMap<CodeLanguage, CompiledBarriers> = new Map(FUNCTION_MODEL_LANGUAGES.map((l) => [l, compileBarriers(TAINT_BARRIERS, BARRIER_RULES, l)] as const));

const topLevelCache = new WeakMap<SyntaxNode, string>();

/** The file's text with the bodies of its functions blanked out (line breaks kept). */
function topLevelText(ctx: RuleContext): string {
  const cached = topLevelCache.get(ctx.root);
  if (cached !== undefined) return cached;
  // Pieces joined once (not the whole text rebuilt per function); functions come in document order,
  // so `done` only grows and a range inside one already blanked adds nothing.
  const { text: source } = ctx;
  const pieces: string[] = [];
  let done = 0;
  for (const fn of ctx.nodes.of(...functionTypes(ctx.language))) {
    if (enclosingFunction(fn, ctx.language)) continue;
    const from = Math.max(fn.start, done);
    if (fn.end <= from) continue;
    pieces.push(source.slice(done, from), source.slice(from, fn.end).replace(/[^\n]/g, ' '));
    done = fn.end;
  }
  pieces.push(source.slice(done));
  const text = pieces.join('');
  topLevelCache.set(ctx.root, text);
  return text;
}

/** The text of the function around a node (top-level code when outside functions), up to the node or whole. */
export function functionText(ctx: RuleContext, node: SyntaxNode, whole = false): string {
  const fn = enclosingFunction(node, ctx.language);
  if (!fn) return topLevelText(ctx).slice(0, whole ? ctx.text.length : node.start);
  return ctx.text.slice(fn.start, whole ? fn.end : node.start);
}

const namingFieldSets: (ReadonlySet<string> | undefined)[] = [];

/** The fields under which an identifier names something rather than reads a variable (the profile's `namingNodes`), once per profile. */
function namingFields(profile: LanguageProfile): ReadonlySet<string> {
  return (namingFieldSets[profile.id] ??= new Set(Object.values(profile.fields.namingNodes).filter((f): f is string => f !== undefined)));
}

/** Whether a node reads a variable: a variable, not a declaration's or method's name, a called method or a field after a dot. */
const readsVariable = (ctx: RuleContext, node: SyntaxNode): boolean => VARIABLES(ctx.profile).has(node.type) && (node.field === null || !namingFields(ctx.profile).has(node.field));

/** Variables an expression is built from, and those they were assigned from (one step). */
export function namesIn(ctx: RuleContext, node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  const collect = (n: SyntaxNode, follow: boolean) => {
    for (const d of descendants(n)) {
      if (!readsVariable(ctx, d)) continue;
      const name = textOf(ctx.text, d);
      if (names.has(name)) continue;
      names.add(name);
      if (follow) for (const v of assignedValues(ctx, d)) collect(v, false);
    }
  };
  collect(node, true);
  return names;
}

const URL_WORDS = new Set(['url', 'uri', 'urls', 'link', 'href', 'host', 'hostname', 'site', 'endpoint', 'feed', 'webhook', 'callback', 'domain', 'remote', 'proxy', 'src', 'rss', 'http', 'https']);

/** Whether an expression (or the request key it comes from) names a URL rather than a file. */
export function looksLikeUrl(ctx: RuleContext, arg: SyntaxNode): boolean {
  if (/^(?:https?:)?\/\//i.test(leadingText(ctx, arg))) return true;
  const source = localTaint(ctx, arg);
  const words = [...namesIn(ctx, arg), textOf(ctx.text, arg), source ?? ''].flatMap((t) => nameWords(t.replace(/\$_SERVER/g, '')));
  return words.some((w) => URL_WORDS.has(w));
}

// ---------------------------------------------------------------------------------------------
// Facts from checks

const squash = (s: string): string => s.replace(/\s+/g, '');
const keyOf = (ctx: RuleContext, node: SyntaxNode): string => squash(textOf(ctx.text, node));

/** A checked value and what the check established (worked out when first asked: most checks never meet a sink). */
interface Item {
  readonly node: SyntaxNode;
  /** The fact's check, known before the fact is worked out. */
  readonly check: CheckKind;
  readonly fact: () => Fact;
}

/** What a check says before the value is looked at (normalised, host part). */
type BaseFact = Omit<Fact, 'normalised' | 'part'>;

/** A function that runs once, when first called. */
function once<T>(f: () => T): () => T {
  let done = false;
  let value: T | undefined;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value as T;
  };
}

const callOf = (ctx: RuleContext, node: SyntaxNode | undefined): QualifiedCall | undefined => (node ? callAt(ctx, strip(node)) : undefined);
const operandOf = (call: QualifiedCall, op: Operand): SyntaxNode | undefined => (op === 'receiver' ? call.receiver : call.args[op]);

/** Strips parentheses and the wrappers a condition sits in. */
function bare(ctx: RuleContext, node: SyntaxNode): SyntaxNode {
  const wrappers = ctx.profile.kinds.conditionWrappers;
  let n = strip(node);
  while (wrappers.has(n.type) && namedChildren(n).length === 1) n = strip(namedChildren(n)[0] as SyntaxNode);
  return n;
}

/** Literals and constants are never what a barrier clears: LITERALS (numbers among them), a string whose parts all are, regular expressions, array literals. */
function isLiteral(ctx: RuleContext, node: SyntaxNode): boolean {
  const { kinds } = ctx.profile;
  const literals = LITERALS(ctx.profile);
  const t = node.type;
  return literals.has(t) || (kinds.interpolatedStrings.has(t) && namedChildren(node).every((c) => literals.has(c.type))) || kinds.regexLiterals.has(t) || kinds.lists.has(t);
}

/** Through calls that keep the text (`toString`, `strtolower`, `to_s`). */
function peel(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode): SyntaxNode {
  let n = strip(node);
  for (let i = 0; i < 6; i++) {
    const call = callOf(ctx, n);
    const row = call && b.conversions.first(call);
    const inner = row && call ? operandOf(call, row.value) : undefined;
    if (!inner) return n;
    n = strip(inner);
  }
  return n;
}

const heldCache = new WeakMap<SyntaxNode, SyntaxNode | null>();

/** The value a variable holds at a node (its last assignment before it, as `assignedValues(…).at(-1)`), else undefined. */
function valueBefore(ctx: RuleContext, node: SyntaxNode): SyntaxNode | undefined {
  if (!VARIABLES(ctx.profile).has(node.type)) return undefined;
  const cached = heldCache.get(node);
  if (cached !== undefined) return cached ?? undefined;
  const list = assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(textOf(ctx.text, node));
  let value: SyntaxNode | undefined;
  for (const a of list ?? []) if (a.pos <= node.start && a.value !== undefined) value = a.value;
  heldCache.set(node, value ?? null);
  return value;
}

/** Whether a value was normalised, by a call of the rows or through the variable it is held in. */
function normalisation(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode, depth = 0): 'clean' | 'relative' | undefined {
  const n = peel(ctx, b, node);
  const call = callOf(ctx, n);
  const row = call && b.normalisers.first(call);
  if (row) return row.relative ? 'relative' : 'clean';
  const held = depth < 2 ? valueBefore(ctx, n) : undefined;
  return held ? normalisation(ctx, b, held, depth + 1) : undefined;
}

/** For `realpath($p)`, `f.getCanonicalPath()` (or a variable holding one): the path normalised, which the check covers too. */
function normalisedValue(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  const call = callOf(ctx, node);
  const row = call && b.normalisers.first(call);
  const inner = row?.value !== undefined && call ? operandOf(call, row.value) : undefined;
  if (inner) return peel(ctx, b, inner);
  const held = depth === 0 ? valueBefore(ctx, node) : undefined;
  return held ? normalisedValue(ctx, b, peel(ctx, b, held), depth + 1) : undefined;
}

/** For a parsed URL (`url.Parse(s)`, `URI.create(s)`, or a variable holding one), the text parsed. */
function parsedUrl(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  const n = peel(ctx, b, node);
  const call = callOf(ctx, n);
  const row = call && b.urlParsers.first(call);
  if (row && call) {
    const text = operandOf(call, row.value);
    return text ? peel(ctx, b, text) : undefined;
  }
  const held = depth < 2 ? valueBefore(ctx, n) : undefined;
  return held ? parsedUrl(ctx, b, held, depth + 1) : undefined;
}

/** If a value is the host of a parsed URL (`u.Host`, `uri.getHost()`, `URI(s).host`, `parse_url($s, PHP_URL_HOST)`, `$parts['host']`), the URL's text. */
function hostOf(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  if (b.hostParts.size === 0) return undefined;
  const n = strip(node);
  // `$host = parse_url($u, PHP_URL_HOST)`, `host := u.Hostname()`: the variable holds the host.
  const held = depth === 0 ? valueBefore(ctx, n) : undefined;
  if (held) return hostOf(ctx, b, held, depth + 1);
  const call = callOf(ctx, n);
  if (call) {
    const parser = b.urlParsers.first(call);
    // parse_url($s, PHP_URL_HOST)
    if (parser && call.args.some((a, i) => i !== parser.value && b.hostParts.has(textOf(ctx.text, strip(a))))) {
      const text = operandOf(call, parser.value);
      return text ? peel(ctx, b, text) : undefined;
    }
    if (call.receiver && call.args.length === 0 && b.hostParts.has(call.method)) return parsedUrl(ctx, b, call.receiver);
    return undefined;
  }
  const { kinds, fields } = ctx.profile;
  // `u.Host` (Ruby's `uri.host` is a call, above).
  if (kinds.members.has(n.type)) {
    const field = child(n, fields.members.property);
    const object = child(n, fields.members.object);
    return field && object && b.hostParts.has(textOf(ctx.text, field)) ? parsedUrl(ctx, b, object) : undefined;
  }
  if (kinds.subscripts.has(n.type)) {
    const [object, index] = [namedChildren(n)[0], namedChildren(n).at(-1)];
    const key = index ? constString(ctx, index) : undefined;
    return object && key !== undefined && b.hostParts.has(key) ? parsedUrl(ctx, b, object) : undefined;
  }
  return undefined;
}

/** The constant text of an operand, following variables and constants (not a string with interpolation, which `constString` reads as its literal parts). */
function constantOperand(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const interpolations = ctx.profile.kinds.interpolations;
  for (const d of descendants(resolve(ctx, node))) if (interpolations.has(d.type)) return undefined;
  return constString(ctx, node);
}

/** Whether an operand carries no request data. */
const trusted = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !node || localTaint(ctx, node) === undefined;

/** The source of a regular expression operand: a literal, a constant, or the pattern a compiled regex was made from. */
function patternOf(ctx: RuleContext, node: SyntaxNode | undefined): { source: string; ruby: boolean } | undefined {
  if (!node) return undefined;
  const { kinds } = ctx.profile;
  let n = resolve(ctx, node);
  if (kinds.regexLiterals.has(n.type)) {
    const t = textOf(ctx.text, n);
    const m = /^(?:%r\{|\/)([\s\S]*)(?:\}|\/)[a-z]*$/.exec(t);
    return m ? { source: m[1] ?? '', ruby: true } : undefined;
  }
  const compiled = callAt(ctx, n);
  if (compiled && compiled.args.length > 0 && /(?:^|\.)(?:MustCompile|Compile|compile|new)$/.test(compiled.name)) n = resolve(ctx, compiled.args[0] as SyntaxNode);
  if (kinds.regexLiterals.has(n.type)) return patternOf(ctx, n);
  let source = constString(ctx, n);
  if (source === undefined) return undefined;
  if (ctx.language === 'php') {
    // Delimiters and modifiers: '/^[a-z]+$/i', '#^/[\w-]+$#'.
    const open = source[0] ?? '';
    const close = ({ '(': ')', '{': '}', '[': ']', '<': '>' } as Record<string, string>)[open] ?? open;
    const end = source.lastIndexOf(close);
    if (!open || end <= 0) return undefined;
    const flags = source.slice(end + 1);
    return { source: source.slice(1, end), ruby: flags.includes('m') };
  }
  if (!kinds.rawStrings.has(n.type)) source = source.replace(/\\\\/g, '\\');
  return { source, ruby: false };
}

/** Facts about a checked value: about the URL when it is a URL's host; about the normalised path too when it is `realpath($p)`. */
function itemsFor(ctx: RuleContext, b: CompiledBarriers, value: SyntaxNode | undefined, check: CheckKind, base: () => BaseFact, part?: 'host'): Item[] {
  if (!value) return [];
  const url = part ? undefined : hostOf(ctx, b, peel(ctx, b, value));
  if (url) return isLiteral(ctx, url) ? [] : [{ node: url, check, fact: once(() => ({ ...base(), part: 'host' })) }];
  const n = peel(ctx, b, value);
  if (isLiteral(ctx, n)) return [];
  const full = once((): Fact => {
    if (part) return { ...base(), part };
    const normalised = normalisation(ctx, b, n);
    return normalised ? { ...base(), normalised } : base();
  });
  const out: Item[] = [{ node: n, check, fact: full }];
  const inner = part ? undefined : normalisedValue(ctx, b, n);
  if (inner && !isLiteral(ctx, inner)) out.push({ node: inner, check, fact: full });
  return out;
}

/** The facts of a check row that a call is, when its result is `holds`. */
function rowItems(ctx: RuleContext, b: CompiledBarriers, row: CheckRow, outer: QualifiedCall, holds: boolean): Item[] {
  // `P.matcher(x).matches()`: the operands are the inner call's.
  const call = row.via === undefined ? outer : callOf(ctx, outer.receiver);
  if (!call || (row.via !== undefined && (call.method !== row.via || !call.receiver))) return [];
  if (row.flag !== undefined) {
    const flag = call.args[row.flag.index];
    // A flag is a constant name, possibly namespaced (`\FILTER_VALIDATE_INT`); combined flags (`A | B`) do not count.
    if (!flag || !row.flag.anyOf.includes(textOf(ctx.text, strip(flag)).replace(/^\\/, ''))) return [];
  }
  let value: SyntaxNode | undefined;
  let other: SyntaxNode | undefined = row.operand !== undefined ? operandOf(call, row.operand) : undefined;
  if (typeof row.value === 'object') {
    // isset($allowed[$x]): the key of a subscript.
    const arg = call.args[row.value.key];
    const sub = arg ? strip(arg) : undefined;
    if (!sub || !ctx.profile.kinds.conditionLookups.has(sub.type)) return [];
    value = namedChildren(sub).at(-1);
    other = namedChildren(sub)[0];
  } else value = operandOf(call, row.value);
  const fact = (v: SyntaxNode | undefined, o: SyntaxNode | undefined): Item[] =>
    itemsFor(
      ctx,
      b,
      v,
      row.check,
      once((): BaseFact => {
        const pattern = row.check === 'matches' ? patternOf(ctx, o) : undefined;
        const constant = o && row.check !== 'matches' ? constantOperand(ctx, o) : undefined;
        return {
          check: row.check,
          holds,
          trusted: row.check === 'matches' || row.check === 'local' || row.check === 'validated' || row.check === 'restricted' ? true : trusted(ctx, o),
          ...(constant !== undefined ? { constant } : {}),
          ...(pattern ? { restrictive: restrictivePattern(pattern.source, { whole: row.whole, ruby: pattern.ruby }), strict: strictPattern(pattern.source, { whole: row.whole, ruby: pattern.ruby }) } : {}),
        };
      }),
      row.part,
    );
  // Equality reads both ways: `"x".equals(v)` checks v.
  return row.check === 'equals' ? [...fact(value, other), ...fact(other, value)] : fact(value, other);
}

/** What holds when a condition evaluates to `truth`: each checked value with its fact. */
function checks(ctx: RuleContext, b: CompiledBarriers, condition: SyntaxNode, truth: boolean, depth = 0): Item[] {
  if (depth > 8) return [];
  const n = bare(ctx, condition);
  const { kinds, fields } = ctx.profile;
  if (kinds.conditionNegations.has(n.type)) {
    const operand = child(n, fields.conditionNegations.argument) ?? namedChildren(n)[0];
    return operand && /^\s*(?:!|not\b)/.test(textOf(ctx.text, n)) ? checks(ctx, b, operand, !truth, depth + 1) : [];
  }
  if (kinds.conditionOperators.has(n.type)) {
    const left = child(n, fields.conditionOperators.left);
    const right = child(n, fields.conditionOperators.right);
    if (!left || !right) return [];
    const op = ctx.text.slice(left.end, right.start).trim();
    const and = op === '&&' || op === 'and';
    const or = op === '||' || op === 'or';
    if (and || or) {
      const l = checks(ctx, b, left, truth, depth + 1);
      const r = checks(ctx, b, right, truth, depth + 1);
      // `a && b` true, `a || b` false: both hold; otherwise only what holds either way.
      return and === truth ? [...l, ...r] : common(ctx, l, r);
    }
    if (op === '=~' || op === '!~') {
      const [value, pattern] = patternOf(ctx, left) ? [right, left] : [left, right];
      return itemsFor(ctx, b, value, 'matches', once((): BaseFact => {
        const p = patternOf(ctx, pattern);
        return { check: 'matches', holds: op === '=~' ? truth : !truth, trusted: true, restrictive: !!p && restrictivePattern(p.source, { ruby: true }), strict: !!p && strictPattern(p.source, { ruby: true }) };
      }));
    }
    return comparison(ctx, b, left, right, op, truth);
  }
  const call = callOf(ctx, n);
  if (call) return b.checks.all(call).filter((r) => (r.result ?? 'truthy') === 'truthy').flatMap((r) => rowItems(ctx, b, r, call, truth));
  // `if allowed[name]`, `if _, ok := allowed[name]; ok`: a lookup in a collection the code holds.
  if (kinds.conditionLookups.has(n.type) && truth) {
    const object = child(n, fields.conditionLookups.object) ?? namedChildren(n)[0];
    const index = child(n, fields.conditionLookups.index) ?? namedChildren(n).at(-1);
    return index && index !== object ? itemsFor(ctx, b, index, 'member', once((): BaseFact => ({ check: 'member', holds: true, trusted: trusted(ctx, object) }))) : [];
  }
  // A variable holding the result of a check: `ok := strings.HasPrefix(p, base)`.
  const held = depth < 4 ? valueBefore(ctx, n) : undefined;
  return held ? checks(ctx, b, held, truth, depth + 1) : [];
}

const EQUAL = new Set(['==', '===']);
const UNEQUAL = new Set(['!=', '!==', '<>']);

/** `a == b`, `strpos($p, $base) === 0`, `strpos($p, '..') === false`, `s.indexOf("..") == -1`. */
function comparison(ctx: RuleContext, b: CompiledBarriers, left: SyntaxNode, right: SyntaxNode, op: string, truth: boolean): Item[] {
  const positive = EQUAL.has(op) ? truth : UNEQUAL.has(op) ? !truth : undefined;
  if (positive === undefined) return [];
  for (const [x, y] of [[left, right], [right, left]] as const) {
    const call = callOf(ctx, x);
    if (!call) continue;
    const literal = textOf(ctx.text, strip(y)).trim();
    const all = b.checks.all(call);
    const rows = all.filter((r) => r.result !== undefined && r.result !== 'truthy');
    const items = rows.flatMap((r) => {
      if (r.result === 'zero' && literal === '0') return rowItems(ctx, b, r, call, positive);
      if (r.result === 'found' && /^(?:false|FALSE|-1)$/.test(literal)) return rowItems(ctx, b, r, call, !positive);
      return [];
    });
    if (rows.length > 0) return items;
    // A check whose result is truthy when it held, compared with a boolean: `filter_var($x, FILTER_VALIDATE_INT) === false`.
    const bool = /^(?:true|TRUE)$/.test(literal) ? true : /^(?:false|FALSE)$/.test(literal) ? false : undefined;
    const truthy = all.filter((r) => r.result === undefined || r.result === 'truthy');
    if (bool !== undefined && truthy.length > 0) return truthy.flatMap((r) => rowItems(ctx, b, r, call, bool ? positive : !positive));
  }
  if (!positive) return [];
  const side = (value: SyntaxNode, other: SyntaxNode): Item[] => {
    if (isLiteral(ctx, strip(value))) return [];
    return itemsFor(ctx, b, value, 'equals', once((): BaseFact => {
      const constant = constantOperand(ctx, other);
      return { check: 'equals', holds: true, trusted: trusted(ctx, other), ...(constant !== undefined ? { constant } : {}) };
    }));
  };
  return [...side(left, right), ...side(right, left)];
}

/** What holds on either side of a disjunction: the same check of the same value. */
function common(ctx: RuleContext, l: readonly Item[], r: readonly Item[]): Item[] {
  const sig = (i: Item) => {
    const f = i.fact();
    const constant = f.check === 'prefix' || f.check === 'contains' ? f.constant : '';
    return `${keyOf(ctx, i.node)}|${f.check}|${f.holds}|${f.part ?? ''}|${f.normalised ?? ''}|${f.trusted}|${f.restrictive ?? ''}|${f.strict ?? ''}|${constant ?? '?'}`;
  };
  const right = new Set(r.map(sig));
  return l.filter((i) => right.has(sig(i)));
}

// ---------------------------------------------------------------------------------------------
// Where facts hold

/** A fact about a value (by its text) in one function, the range where it holds, and where the value was read. */
interface Entry {
  readonly from: number;
  readonly to: number;
  /** Where the checked value was read: a later read sees the same value when no variable in it was assigned in between. */
  readonly at: number;
  readonly vars: () => readonly string[];
  readonly check: CheckKind;
  readonly fact: () => Fact;
}

interface GuardIndex {
  readonly byKey: ReadonlyMap<string, readonly Entry[]>;
  /** Node types of the keys (a cheap test before a node's text is read). */
  readonly types: ReadonlySet<string>;
}

/**
 * The facts of a switch on a value: in the code of a case whose labels are constant strings, and of
 * every case running into it, the value equals one of them (`case 'asc': case 'desc': … $sort …`).
 * A `default:` or a case with another label running into it gives none.
 */
function switchItems(ctx: RuleContext, b: CompiledBarriers, node: SyntaxNode): { readonly items: Item[]; readonly from: number; readonly to: number }[] {
  const sw = switchOf(ctx, b, node);
  if (!sw) return [];
  const out: { items: Item[]; from: number; to: number }[] = [];
  let open = false;
  let chain: string | undefined;
  for (const c of sw.cases) {
    const constants = c.labels.map((l) => constantOperand(ctx, l));
    const own = constants.length > 0 && constants.every((k) => k !== undefined) ? (constants[0] as string) : undefined;
    chain = own !== undefined && (!open || chain !== undefined) ? own : undefined;
    if (chain !== undefined && c.from < c.to) {
      const constant = chain;
      out.push({ items: itemsFor(ctx, b, sw.subject, 'equals', once((): BaseFact => ({ check: 'equals', holds: true, trusted: true, constant }))), from: c.from, to: c.to });
    }
    open = c.fallsThrough;
  }
  return out;
}

/** A file's functions (document order) and its conditionals by the function they are in (null: top level). */
interface FileShape {
  readonly functions: readonly SyntaxNode[];
  readonly conditionals: ReadonlyMap<SyntaxNode | null, readonly SyntaxNode[]>;
  /** Per function (or the top level), the functions inside it, whose code is not its own. */
  readonly nested: Map<SyntaxNode | null, readonly SyntaxNode[]>;
}

const shapeCache = new WeakMap<SyntaxNode, FileShape>();

function shapeOf(ctx: RuleContext): FileShape {
  let shape = shapeCache.get(ctx.root);
  if (shape) return shape;
  const conditionals = new Map<SyntaxNode | null, SyntaxNode[]>();
  for (const node of ctx.nodes.of(...conditionalKindsOf(ctx.profile))) {
    const fn = enclosingFunction(node, ctx.language) ?? null;
    let list = conditionals.get(fn);
    if (!list) conditionals.set(fn, (list = []));
    list.push(node);
  }
  shape = { functions: ctx.nodes.of(...functionTypes(ctx.language)), conditionals, nested: new Map() };
  shapeCache.set(ctx.root, shape);
  return shape;
}

/** The function a node's code belongs to, trying `hint` (the sink's function) first: most reads of a flow are in it. */
function ownerOf(ctx: RuleContext, node: SyntaxNode, hint: SyntaxNode | null): SyntaxNode | null {
  const shape = shapeOf(ctx);
  if (hint && (node.start < hint.start || node.end > hint.end)) return enclosingFunction(node, ctx.language) ?? null;
  let nested = shape.nested.get(hint);
  if (!nested) {
    // The outermost functions inside `hint`, in document order (they do not overlap).
    const inside = shape.functions.filter((f) => f !== hint && (!hint || (f.start >= hint.start && f.end <= hint.end)));
    nested = inside.filter((f, i) => !inside.slice(0, i).some((g) => g.start <= f.start && f.end <= g.end));
    shape.nested.set(hint, nested);
  }
  // The last nested function starting at or before the node, if it holds it.
  let lo = 0;
  let hi = nested.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((nested[mid] as SyntaxNode).start <= node.start) lo = mid + 1;
    else hi = mid - 1;
  }
  const f = nested[hi];
  return f && node.end <= f.end ? (enclosingFunction(node, ctx.language) ?? null) : hint;
}

const indexCache = new WeakMap<SyntaxNode, Map<CompiledBarriers, Map<SyntaxNode | null, GuardIndex>>>();
const EMPTY_INDEX: GuardIndex = { byKey: new Map(), types: new Set() };

/** The facts of every check in one function (or the top level), by the checked value's text (built once per function and barrier set). */
function guardIndex(ctx: RuleContext, b: CompiledBarriers, fn: SyntaxNode | null): GuardIndex {
  let perFile = indexCache.get(ctx.root);
  if (!perFile) indexCache.set(ctx.root, (perFile = new Map<CompiledBarriers, Map<SyntaxNode | null, GuardIndex>>()));
  let perBarriers = perFile.get(b);
  if (!perBarriers) perFile.set(b, (perBarriers = new Map<SyntaxNode | null, GuardIndex>()));
  const cached = perBarriers.get(fn);
  if (cached) return cached;
  // Working out a fact may ask for taint, and so for this index again (guardedForEverySink): none while it is built.
  perBarriers.set(fn, EMPTY_INDEX);
  const byKey = new Map<string, Entry[]>();
  const types = new Set<string>();
  const add = (items: readonly Item[], from: number, to: number) => {
    for (const { node, check, fact } of items) {
      const key = keyOf(ctx, node);
      let list = byKey.get(key);
      if (!list) byKey.set(key, (list = []));
      const vars = once(() => [...descendants(node)].filter((d) => readsVariable(ctx, d)).map((d) => textOf(ctx.text, d)));
      list.push({ from, to, at: node.start, vars, check, fact });
      types.add(node.type);
    }
  };
  if (b.guarded) {
    for (const node of shapeOf(ctx).conditionals.get(fn) ?? []) {
      if (isSwitch(ctx, node)) {
        for (const { items, from, to } of switchItems(ctx, b, node)) add(items, from, to);
        continue;
      }
      const br = branchesOf(ctx.profile, node);
      if (!br) continue;
      const whenTrue = checks(ctx, b, br.condition, !br.negated);
      if (br.then) add(whenTrue, br.then.start, br.then.end);
      // What holds when the condition failed: for the other branches, and past a statement whose first branch leaves.
      const leavesFirst = br.statement && !!node.parent && leaves(ctx, b, br.then);
      if (br.alternatives.length === 0 && !leavesFirst) continue;
      const whenFalse = checks(ctx, b, br.condition, br.negated);
      // PHP `elseif` clauses: each runs when every condition before it failed.
      let failed = whenFalse;
      for (const alt of br.alternatives) {
        add(failed, alt.start, alt.end);
        const clause = elseIfClause(ctx.profile, alt);
        if (clause?.condition) {
          if (clause.body) add(checks(ctx, b, clause.condition, true), clause.body.start, clause.body.end);
          failed = [...failed, ...checks(ctx, b, clause.condition, false)];
        }
      }
      if (!br.statement || !node.parent) continue;
      // `if (!check) return;`: past the if, the check held.
      const last = br.alternatives.at(-1);
      const lastElse = br.alternatives.length === 1 && last ? finalElse(ctx.profile, last) : undefined;
      const elseExits = !!lastElse && leaves(ctx, b, lastElse);
      if (leavesFirst) add(whenFalse, node.end, node.parent.end);
      else if (elseExits) add(whenTrue, node.end, node.parent.end);
    }
  }
  const index: GuardIndex = byKey.size === 0 ? EMPTY_INDEX : { byKey, types };
  perBarriers.set(fn, index);
  return index;
}

/**
 * How many assignments to a variable come before a position and can reach it (equal counts: the
 * same value); one in a branch that leaves before the position does not.
 */
function assignmentsBefore(ctx: RuleContext, fn: SyntaxNode | null, name: string, pos: number): number {
  const list = assignments(ctx).get(fn)?.get(name);
  if (!list) return 0;
  const b = FUNCTION_MODEL_BARRIERS.get(ctx.language);
  let n = 0;
  for (const a of list) if (a.pos <= pos && !(b && cannotReach(ctx, b, a.at, pos))) n++;
  return n;
}

/** What the function model needs to decide barriers at a sink. */
export interface BarrierContext {
  readonly barriers: CompiledBarriers;
  readonly kind: SinkKind;
  /** The sink's position: a fact whose range covers it covers values read before it, unchanged since the check. */
  readonly at: number;
  /** The function the sink is in (null: top level), when known. */
  readonly fn?: SyntaxNode | null;
  /** The index of `fn`, once looked up (the reads of one flow ask it many times). */
  index?: GuardIndex;
}

/**
 * Whether a value read at `node` is made safe for the sink's kind by the checks around it: facts
 * whose range covers the read or the sink, about the same value (no variable in it assigned
 * between the check and the read), that together satisfy a barrier rule.
 */
export function guardedRead(ctx: RuleContext, node: SyntaxNode, barrier: BarrierContext): boolean {
  const facts = factsAt(ctx, node, barrier);
  return facts.length > 0 && clears(barrier.barriers.rules, facts, barrier.kind);
}

/** What the checks around a read establish about its value (see guardedRead). */
function factsAt(ctx: RuleContext, node: SyntaxNode, barrier: Omit<BarrierContext, 'kind'>, only?: ReadonlySet<CheckKind>): Fact[] {
  if (!barrier.barriers.guarded) return [];
  const fn = barrier.fn === undefined ? (enclosingFunction(node, ctx.language) ?? null) : ownerOf(ctx, node, barrier.fn);
  let index: GuardIndex;
  if (fn === barrier.fn && barrier.index) index = barrier.index;
  else {
    index = shapeOf(ctx).conditionals.has(fn) ? guardIndex(ctx, barrier.barriers, fn) : EMPTY_INDEX;
    if (fn === barrier.fn) barrier.index = index;
  }
  if (!index.types.has(node.type)) return [];
  const entries = index.byKey.get(keyOf(ctx, node));
  if (!entries) return [];
  const facts: Fact[] = [];
  for (const e of entries) {
    if (only && !only.has(e.check)) continue;
    const covers = (e.from <= node.start && node.start < e.to) || (e.from <= barrier.at && barrier.at < e.to);
    if (covers && e.vars().every((v) => assignmentsBefore(ctx, fn, v, node.start) === assignmentsBefore(ctx, fn, v, e.at))) facts.push(e.fact());
  }
  return facts;
}

/**
 * The checks of the barrier rules of a compiled set that clear every kind of sink (a number, a
 * strict pattern), once per set. Only their facts are worked out for a read no sink scopes: they
 * never ask whether an operand is trusted, which would look for taint again.
 */
const everyKindChecks = new WeakMap<CompiledBarriers, ReadonlySet<CheckKind>>();
function checksForEveryKind(b: CompiledBarriers): ReadonlySet<CheckKind> {
  let known = everyKindChecks.get(b);
  if (known === undefined) {
    const rules = b.guarded ? b.rules.filter((r) => SINK_KINDS.every((k) => r.kinds.includes(k))) : [];
    everyKindChecks.set(b, (known = new Set(rules.flatMap((r) => r.all.map((p) => p.check)))));
  }
  return known;
}

/**
 * For a read that no sink scopes (a hash's input, whether an operand is trusted): whether the checks
 * around it make its value safe for every kind of sink (`if (is_numeric($id))`, a strict
 * `preg_match`), with the language's own barrier rows.
 */
export function guardedForEverySink(ctx: RuleContext, node: SyntaxNode): boolean {
  const barriers = FUNCTION_MODEL_BARRIERS.get(ctx.language);
  const only = barriers && checksForEveryKind(barriers);
  // A fact's operand is read before the code the fact covers, so the nesting ends; bounded all the same.
  if (!barriers || !only || only.size === 0 || everySinkDepth >= MAX_EVERY_SINK_DEPTH) return false;
  everySinkDepth++;
  try {
    const facts = factsAt(ctx, node, { barriers, at: -1 }, only);
    return facts.length > 0 && SINK_KINDS.every((k) => clears(barriers.rules, facts, k));
  } finally {
    everySinkDepth--;
  }
}

const MAX_EVERY_SINK_DEPTH = 4;
let everySinkDepth = 0;

/**
 * For a call that builds a path or URL object (`new File(base, name)`, `base.resolve(name)`): whether
 * the variable it is stored in (through calls on it: `.normalize()`, `.toPath()`) is checked later
 * in the function so that the facts make it safe (`if (!file.getCanonicalPath().startsWith(base)) throw`).
 */
export function heldAndChecked(ctx: RuleContext, call: SyntaxNode, barrier: Omit<BarrierContext, 'at'>): boolean {
  const { kinds, fields } = ctx.profile;
  const links = kinds.callChainLinks;
  let n = call;
  // Up the chain of calls on the value, then out of the lists of a multiple assignment (a link holds no other call).
  while (n.parent && links.has(n.parent.type) && n.field === fields.callChainLinks.object) n = n.parent;
  while (n.parent && (links.has(n.parent.type) || kinds.expressionLists.has(n.parent.type))) n = n.parent;
  // The variable declared or assigned, when the value is what it is given.
  const p = n.parent;
  const parts = !p ? undefined : kinds.declarators.has(p.type) ? { target: fields.declarators.name, value: fields.declarators.value } : kinds.assignments.has(p.type) ? { target: fields.assignments.left, value: fields.assignments.right } : undefined;
  const holder = p && parts ? child(p, parts.target) : undefined;
  if (!holder || n.field !== parts?.value) return false;
  const name = kinds.expressionLists.has(holder.type) ? namedChildren(holder)[0] : holder;
  if (!name || !VARIABLES(ctx.profile).has(name.type)) return false;
  const fn = enclosingFunction(call, ctx.language) ?? null;
  const entries = guardIndex(ctx, barrier.barriers, fn).byKey.get(keyOf(ctx, name));
  if (!entries) return false;
  const facts = entries.filter((e) => e.at > call.end).map((e) => e.fact());
  return facts.length > 0 && clears(barrier.barriers.rules, facts, barrier.kind);
}

/** Whether a sink call is given a keyword argument that makes it safe for `kind` (Rails `allow_other_host: false`). */
export function safeOption(ctx: RuleContext, call: QualifiedCall, kind: SinkKind, barriers: CompiledBarriers): boolean {
  const rows = barriers.safeOptions.filter((r) => r.kinds.includes(kind));
  if (rows.length === 0) return false;
  return call.args.some((a) => {
    if (!ctx.profile.kinds.pairs.has(a.type)) return false;
    const [k, v] = namedChildren(a);
    return !!k && !!v && rows.some((r) => textOf(ctx.text, k).replace(/^:|:$/g, '') === r.keyword && textOf(ctx.text, v).trim() === r.value);
  });
}

/** A sanitiser that needs a keyword (`url_for(only_path: true)`) or a rooted argument (`filepath.Clean("/" + p)`), for `kind`. */
export function conditionallyClean(ctx: RuleContext, node: SyntaxNode, name: string, kind: SinkKind, barriers: CompiledBarriers): boolean {
  const rows = barriers.conditionalSanitisers.filter((r) => r.kinds.includes(kind) && r.named.includes(name));
  if (rows.length === 0) return false;
  const call = callAt(ctx, node);
  if (!call) return false;
  return rows.some((r) => {
    if (r.keyword) {
      const [key, value] = r.keyword;
      return call.args.some((a) => {
        if (!ctx.profile.kinds.pairs.has(a.type)) return false;
        const [k, v] = namedChildren(a);
        return !!k && !!v && textOf(ctx.text, k).replace(/^:|:$/g, '') === key && textOf(ctx.text, v).trim() === value;
      });
    }
    const first = call.args[0];
    return !!first && (leadingText(ctx, first).startsWith('/') || /^string\(\s*(?:filepath\.Separator|os\.PathSeparator)\s*\)/.test(textOf(ctx.text, strip(first))));
  });
}
