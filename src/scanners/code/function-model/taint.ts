/**
 * A simple local taint model for PHP, Go, Java and Ruby: inside one function (or the
 * file's top level), an expression is tainted when it contains a request source
 * (sources.ts) or a variable last assigned, before the use, from a tainted
 * expression (assignments.ts). Sanitisers (numeric casts, shell/SQL escapers,
 * and per rule the encoders of its sink) stop a flow; constant branches and same-file
 * helpers are folded (fold.ts). No loops' back edges, nothing across files.
 */
import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import { roleSwitch, roleUnion, type LanguageProfile, type RoleFields } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { Match, QualifiedCall, RuleContext } from '../rule.js';
import { assignments, stringValueOf, type Assignment } from './assignments.js';
import { deadBranch, evaluate, isField, keyedValues, listLookup, returnsConstant } from './fold.js';
import { cannotReach, skippable } from './branches.js';
import { isServerSetting, sourceOf } from './sources.js';
import { compilePropagators, type CompiledPropagators } from '../taint-propagators.js';
import { FUNCTION_MODEL_LANGUAGES, squash } from '../taint-sources.js';
import { conditionallyClean, FUNCTION_MODEL_BARRIERS, guardedForEverySink, guardedRead, type BarrierContext } from './guards.js';
import { fixedLocation } from './values.js';

export { stringValueOf };

/** Calls whose result carries no taint, per language: a Java name never stops a PHP flow. */
const SANITISERS: Readonly<Record<string, ReadonlySet<string>>> = Object.freeze({
  php: new Set(['intval', 'floatval', 'boolval', 'escapeshellarg', 'escapeshellcmd', 'mysqli_real_escape_string', 'real_escape_string', 'quote', 'htmlspecialchars', 'htmlentities', 'basename']),
  go: new Set(['Atoi', 'ParseInt', 'ParseFloat', 'ParseBool', 'QuoteIdentifier', 'Base']),
  ruby: new Set(['to_i', 'to_f', 'to_sym', 'shellescape', 'Integer', 'Float', 'sanitize_sql', 'sanitize_sql_array', 'sanitize_sql_like', 'basename', 'quote']),
  java: new Set(['parseInt', 'parseLong', 'parseDouble', 'parseFloat', 'parseBoolean', 'getName', 'escapeSql', 'encode']),
});
const NONE: ReadonlySet<string> = new Set();
const sanitisersOf = (ctx: RuleContext): ReadonlySet<string> => SANITISERS[ctx.language] ?? NONE;

/** Which calls pass taint, per language (taint-propagators.ts). */
const PROPAGATORS: ReadonlyMap<string, CompiledPropagators> = new Map(FUNCTION_MODEL_LANGUAGES.map((l) => [l, compilePropagators(l)]));

/** Calls: a callee (PHP `f()`, Go `f()`, `pkg.F()`), or a receiver and a method name (Java, PHP `->` and `::`, Ruby). */
const CALLS = roleSwitch(['calls', 'methodCalls', 'staticCalls'] as const);
/** The calls whose value may be constant (not PHP's `Cls::m()`). */
const CONSTANT_CALLS = roleUnion(['calls', 'methodCalls']);
const NO_FIELDS: RoleFields = Object.freeze({});
/** The fields of a call's role (none for another node). */
function callFields(profile: LanguageProfile, node: SyntaxNode): RoleFields {
  const role = CALLS(profile).get(node.type);
  return role ? profile.fields[role] : NO_FIELDS;
}

/** The parts of a string that hold a value, constant or not. */
const STRING_PARTS = roleUnion(['heredocBodies', 'interpolations']);

/**
 * A call's callee: `full` as written without spaces, receiver and name joined by `.` (`fmt.Sprintf`,
 * `String.valueOf`, `$db.query`, `sprintf`), its last `name`, and whether it has a receiver.
 */
function callee(ctx: RuleContext, node: SyntaxNode): { full: string; name: string; method: boolean } {
  const f = callFields(ctx.profile, node);
  const fn = child(node, f.callee);
  if (fn) {
    // PHP `sprintf(…)`, `\sprintf(…)`; Go `fmt.Sprintf(…)`, `run(…)`.
    const full = squash(textOf(ctx.text, fn)).replace(/^\\/, '');
    return { full, name: full.split(/[.\\]/).at(-1) ?? '', method: ctx.profile.kinds.members.has(fn.type) };
  }
  // Java `obj.name(…)`, PHP `$obj->name(…)` and `Cls::name(…)`, Ruby `obj.name …`.
  const nameNode = child(node, f.method);
  const receiver = child(node, f.receiver);
  const name = nameNode ? textOf(ctx.text, nameNode) : '';
  return { full: receiver ? `${squash(textOf(ctx.text, receiver))}.${name}` : name, name, method: !!receiver };
}

/** Whether the call is one of `functions` (by callee, or by plain name without a receiver) or of `methods` (by name on a receiver). */
function listed(c: ReturnType<typeof callee>, functions: ReadonlySet<string>, methods: ReadonlySet<string>): boolean {
  return functions.has(c.full) || (!c.method && functions.has(c.name)) || (c.method && methods.has(c.name));
}

/**
 * What stops a flow into one sink: calls whose result is safe there (the kind's sanitiser rows of
 * taint-barriers.ts and the rule's own), and, with `guards`, the checks around the value
 * (function-model/guards.ts). Without it only the language's sanitisers apply.
 */
export interface Barrier {
  readonly sanitisers: ReadonlySet<string>;
  readonly guards?: BarrierContext;
}

const NO_BARRIER: Barrier = Object.freeze({ sanitisers: new Set<string>() });

/** A call whose result carries nothing of its input: a sanitiser of the language, or a `none` row of taint-propagators.ts. */
function clean(ctx: RuleContext, node: SyntaxNode, barrier: Barrier = NO_BARRIER): boolean {
  const c = callee(ctx, node);
  if (sanitisersOf(ctx).has(c.name) || barrier.sanitisers.has(c.name)) return true;
  if (barrier.guards && conditionallyClean(ctx, node, c.name, barrier.guards.kind, barrier.guards.barriers)) return true;
  const p = PROPAGATORS.get(ctx.language);
  // A propagator named in full wins over a `none` method of the same name (`String.valueOf`, not `Integer.valueOf`).
  if (!p || listed(c, p.argumentFunctions, NONE)) return false;
  // `none` methods by name on any call, as the sanitisers (`list.size()`, `Foo.size(x)`).
  return p.cleanMethods.has(c.name) || listed(c, p.cleanFunctions, NONE);
}

/** The last names of the `content-of-argument` rows, per language (a quick test before the callee is worked out). */
const CONTENT_READ_NAMES: ReadonlyMap<string, ReadonlySet<string>> = new Map([...PROPAGATORS].map(([l, p]) => [l, new Set([...p.contentReads.keys()].map((n) => n.split('.').at(-1) ?? n))]));

/** `new X(…)` of a `content-of-argument` constructor row (`new FileReader(p)`, `new SplFileObject(p)`) whose result is not the attacker's. */
function constructedFromFixedLocation(ctx: RuleContext, node: SyntaxNode): boolean {
  const p = PROPAGATORS.get(ctx.language);
  if (!p || p.contentReads.size === 0) return false;
  const { kinds, fields } = ctx.profile;
  const type = child(node, fields.constructions.type) ?? namedChildren(node).find((c) => kinds.typeNames.has(c.type));
  const row = type ? p.contentReads.get(`new ${textOf(ctx.text, type).split(/[.\\]/).at(-1) ?? ''}`) : undefined;
  if (!row) return false;
  const args = child(node, fields.constructions.arguments) ?? namedChildren(node).find((c) => kinds.argumentLists.has(c.type));
  return !row.opensUrls || fixedLocation(ctx, namedChildren(args ?? node)[0]);
}

/**
 * A call of a `content-of-argument` row (taint-propagators.ts) whose result is not the attacker's: it reads
 * local files only, or its first argument starts with a location the program fixes (values.ts `fixedLocation`).
 */
function contentOfFixedLocation(ctx: RuleContext, node: SyntaxNode, name: string): boolean {
  if (!CONTENT_READ_NAMES.get(ctx.language)?.has(name)) return false;
  const p = PROPAGATORS.get(ctx.language);
  const c = callee(ctx, node);
  const row = p?.contentReads.get(c.full) ?? (c.method ? undefined : p?.contentReads.get(c.name));
  if (!row) return false;
  return !row.opensUrls || fixedLocation(ctx, namedChildren(child(node, callFields(ctx.profile, node).arguments) ?? node)[0]);
}

/**
 * The source a tainted expression carries (`$_GET['id']`, `r.FormValue("q")`), or undefined.
 * `barrier` adds what neutralises data for one kind of sink: its sanitisers (`encodeForHTML` for
 * HTML output) and the checks around the value (`in_array($x, $allowed)` before a redirect).
 */
export function localTaint(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0, seen: Set<SyntaxNode> = new Set(), barrier: Barrier = NO_BARRIER): string | undefined {
  if (!node || depth > 12 || seen.has(node)) return undefined;
  seen.add(node);
  if (barrier.guards && guardedRead(ctx, node, barrier.guards)) return undefined;
  const { kinds, fields } = ctx.profile;
  if (kinds.parameterDeclarations.has(node.type)) return textOf(ctx.text, node).replace(/\s+/g, ' ');
  const source = sourceOf(ctx, node);
  if (source) return source;
  // Without a sink's barriers (a hash's input, an operand's trust), still the checks that make a value safe for every sink.
  if (isServerSetting(ctx, node) || (!barrier.guards && guardedForEverySink(ctx, node))) return undefined;
  if (kinds.casts.has(node.type) && /^\(\s*(?:int|float|bool|integer|double)\s*\)|^\(\s*(?:int|long|double|float|boolean)\s*\)/.test(textOf(ctx.text, node))) return undefined;
  const callRole = CALLS(ctx.profile).get(node.type);
  if (callRole) {
    const f = fields[callRole];
    const nameNode = child(node, f.method ?? f.callee);
    const name = nameNode ? (textOf(ctx.text, nameNode).split(/[.\\]/).at(-1) ?? '') : '';
    if (clean(ctx, node, barrier) || returnsConstant(ctx, node, name) || contentOfFixedLocation(ctx, node, name)) return undefined;
  }
  if (kinds.constructions.has(node.type) && constructedFromFixedLocation(ctx, node)) return undefined;
  const keyed = keyedValues(ctx, node);
  if (keyed !== false) {
    for (const v of keyed) {
      const t = localTaint(ctx, v, depth + 1, seen, barrier);
      if (t) return t;
    }
    return undefined;
  }
  if (kinds.conditionLookups.has(node.type) && inConstantTable(ctx, node)) return undefined;
  const indexed = listLookup(ctx, node);
  if (indexed !== false) return indexed ? localTaint(ctx, indexed, depth + 1, seen, barrier) : undefined;
  // `cond ? a : b` with a condition constant at compile time: only the branch taken.
  if (kinds.ternaries.has(node.type)) {
    const f = fields.ternaries;
    const taken = evaluate(ctx, child(node, f.condition));
    if (typeof taken === 'boolean') return localTaint(ctx, child(node, taken ? f.consequence : f.alternative), depth, seen, barrier);
    // The value is one of the branches; the condition only picks it (`in_array($p, $pages) ? $p : 'home'`),
    // except in PHP's `$a ?: $b`, whose value is the condition when it is truthy.
    const then = child(node, f.consequence) ?? child(node, f.condition);
    return localTaint(ctx, then, depth, seen, barrier) ?? localTaint(ctx, child(node, f.alternative), depth, seen, barrier);
  }
  if (kinds.identifiers.has(node.type)) {
    // The name of a member or method (`r.Form`, `o.get()`), not a variable.
    const f = fields.memberNameParents;
    if (node.parent && kinds.memberNameParents.has(node.parent.type) && !isField(node, f.object) && !isField(node, f.arguments)) return undefined;
    const fn = enclosingFunction(node, ctx.language) ?? null;
    const list = assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [];
    const before = list.filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
    const last = before.at(-1);
    if (!last) return undefined;
    // `$q .= $x` appends: any appended part or the last plain assignment may carry the taint; so
    // may the values before an assignment that can be skipped (in a branch the read is not in).
    const replaces = (a: Assignment): boolean => !a.append && !!a.value?.parent && !kinds.augmentedAssignments.has(a.value.parent.type);
    const covered = (part: SyntaxNode): boolean => before.some((a) => replaces(a) && part.start <= a.at.start && a.at.end <= part.end);
    const barriers = FUNCTION_MODEL_BARRIERS.get(ctx.language);
    for (let i = before.length - 1; i >= 0; i--) {
      const a = before[i] as Assignment;
      if (barriers && cannotReach(ctx, barriers, a.at, node)) continue;
      const t = localTaint(ctx, a.value, depth + 1, seen, barrier);
      if (t) return t;
      const parent = a.value?.parent;
      if (!a.append && (!parent || !kinds.augmentedAssignments.has(parent.type)) && !skippable(ctx.profile, a.at, node, covered)) break;
    }
    return undefined;
  }
  for (const c of namedChildren(node)) {
    const t = localTaint(ctx, c, depth, seen, barrier);
    if (t) return t;
  }
  return undefined;
}


/**
 * Whether a lookup reads a table that holds only constants (`$docs[$id]['file']` where `$docs` is
 * only ever assigned an array literal of literals): whatever the index, the value is one of the
 * table's, so request data in the index does not reach it. The index is still checked where it
 * matters (a lookup that misses, an index echoed elsewhere).
 */
function inConstantTable(ctx: RuleContext, node: SyntaxNode): boolean {
  const { kinds } = ctx.profile;
  let table = namedChildren(node)[0];
  while (table && kinds.conditionLookups.has(table.type)) table = namedChildren(table)[0];
  if (!table || !kinds.identifiers.has(table.type)) return false;
  const fn = enclosingFunction(table, ctx.language) ?? null;
  const list = (assignments(ctx).get(fn)?.get(textOf(ctx.text, table)) ?? []).filter((a) => a.pos <= node.start);
  return list.length > 0 && list.every((a) => !a.append && a.value !== undefined && constantTable(ctx, a.value, 0));
}

/** An array or hash literal whose entries (values, keys, nested tables) are all constant. */
function constantTable(ctx: RuleContext, node: SyntaxNode, depth: number): boolean {
  const { kinds } = ctx.profile;
  if (!kinds.tableLiterals.has(node.type) || depth > 4) return false;
  const entry = (e: SyntaxNode): boolean => constant(ctx, e, 0) || constantTable(ctx, e, depth + 1);
  return namedChildren(node).every((e) => entry(e) || (namedChildren(e).length > 0 && namedChildren(e).every(entry)));
}

/** Whether an expression is constant (literals, constants, sanitiser calls, concatenations of these). */
function constant(ctx: RuleContext, node: SyntaxNode, depth: number): boolean {
  const { kinds, fields } = ctx.profile;
  const literals = kinds.constantLiterals;
  if (literals.has(node.type)) return !node.children.some((c) => kinds.interpolations.has(c.type));
  if (kinds.interpolations.has(node.type)) return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (kinds.interpolatingStrings.has(node.type)) return namedChildren(node).every((c) => literals.has(c.type) || (kinds.heredocBodies.has(c.type) && constant(ctx, c, depth)));
  if (kinds.heredocBodies.has(node.type)) return namedChildren(node).every((c) => literals.has(c.type));
  if (kinds.parentheses.has(node.type)) return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (kinds.constantTernaries.has(node.type)) {
    // The same folding as the taint model: a condition constant at compile time picks one branch.
    const f = fields.constantTernaries;
    const taken = evaluate(ctx, child(node, f.condition));
    const branches = typeof taken === 'boolean' ? [child(node, taken ? f.consequence : f.alternative)] : [child(node, f.consequence), child(node, f.alternative)];
    return branches.every((b) => b !== undefined && constant(ctx, b, depth));
  }
  if (kinds.foldedBinaries.has(node.type)) return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (kinds.namedConstants.has(node.type) || (kinds.identifiers.has(node.type) && /^[A-Z][A-Z0-9_]*$/.test(textOf(ctx.text, node)))) return true;
  if (CONSTANT_CALLS(ctx.profile).has(node.type)) {
    if (clean(ctx, node)) return true;
    // `String.valueOf(5)`, `sprintf("%d", 5)`: a propagator of constants gives a constant.
    const p = PROPAGATORS.get(ctx.language);
    if (!p || !listed(callee(ctx, node), p.argumentFunctions, NONE)) return false;
    const args = namedChildren(child(node, callFields(ctx.profile, node).arguments) ?? node).map((a) => (kinds.argumentWrappers.has(a.type) ? (namedChildren(a)[0] ?? a) : a));
    return args.every((a) => constant(ctx, a, depth + 1));
  }
  if (kinds.identifiers.has(node.type) && depth < 3) {
    const fn = enclosingFunction(node, ctx.language) ?? null;
    // Assignments in a branch the taint model already folds away as never taken do not count here either.
    // (A declaration without a value, `String bar;`, assigns nothing.)
    const before = (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? []).filter((a) => a.pos <= node.start && a.value !== undefined && !deadBranch(ctx, a.at));
    return before.length > 0 && before.every((a) => a.value !== undefined && !kinds.parameterDeclarations.has(a.value.type) && constant(ctx, a.value, depth + 1));
  }
  return false;
}

/** The syntax dynamicString reads, by role of the node's kind. */
const DYNAMIC_ROLES = roleSwitch(['parentheses', 'interpolatingStrings', 'shellCommands', 'heredocBodies', 'foldedBinaries', 'calls', 'methodCalls', 'staticCalls', 'identifiers'] as const);

/** A string assembled at run time from parts not proven constant: PHP interpolation or `.`, `+`, `fmt.Sprintf`, `String.format`. */
export function dynamicString(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const { profile } = ctx;
  const { kinds, fields } = profile;
  switch (DYNAMIC_ROLES(profile).get(node.type)) {
    case 'parentheses':
      return namedChildren(node).some((c) => dynamicString(ctx, c, depth));
    case 'interpolatingStrings':
    case 'shellCommands':
    case 'heredocBodies':
      return !namedChildren(node).every((c) => kinds.constantLiterals.has(c.type) || (STRING_PARTS(profile).has(c.type) && constant(ctx, c, depth)));
    case 'foldedBinaries': {
      const left = child(node, fields.foldedBinaries.left);
      const right = child(node, fields.foldedBinaries.right);
      if (!left || !right) return false;
      const op = ctx.text.slice(left.end, right.start).trim();
      if (op !== '.' && op !== '+') return false;
      return !constant(ctx, left, depth) || !constant(ctx, right, depth) || dynamicString(ctx, left, depth + 1) || dynamicString(ctx, right, depth + 1);
    }
    case 'calls':
    case 'methodCalls':
    case 'staticCalls': {
      // The `assembles` rows of taint-propagators.ts: `sprintf(fmt, …)`, `fmt.Sprintf`, `String.format`, `"…".formatted(…)`.
      const p = PROPAGATORS.get(ctx.language);
      const c = callee(ctx, node);
      if (!p || !listed(c, p.assemblers.functions, p.assemblers.methods)) return false;
      // The template is a function's first argument, or a method's receiver (`"…".formatted(a, b)`).
      const args = namedChildren(child(node, callFields(profile, node).arguments) ?? node).slice(p.assemblers.methods.has(c.name) && c.method ? 0 : 1);
      return args.some((a) => !constant(ctx, kinds.argumentWrappers.has(a.type) ? (namedChildren(a)[0] ?? a) : a, depth));
    }
    case 'identifiers': {
      const fn = enclosingFunction(node, ctx.language) ?? null;
      const before = (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? []).filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
      return before.some((a, i) => dynamicString(ctx, a.value, depth + 1) || (i > 0 && a.value !== undefined && !constant(ctx, a.value, depth + 1)));
    }
    default:
      return false;
  }
}

/** The constant text of an expression (string pieces, following variables), for SQL/shell shape checks. */
export function constantText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const { kinds } = ctx.profile;
  if (kinds.constantTexts.has(node.type)) return textOf(ctx.text, node).replace(/^[`"]|[`"]$/g, '');
  if (kinds.identifiers.has(node.type)) {
    const fn = enclosingFunction(node, ctx.language) ?? null;
    return (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [])
      .filter((a) => a.pos <= node.start)
      .map((a) => constantText(ctx, a.value, depth + 1))
      .join(' ');
  }
  return namedChildren(node)
    .map((c) => constantText(ctx, c, depth))
    .join(' ');
}

/** The flow a value carries: its source's text and the line where that text first appears in the file. */
export function localFlow(ctx: RuleContext, node: SyntaxNode | undefined, barrier?: Barrier): { source: string; line: number } | undefined {
  const source = localTaint(ctx, node, 0, new Set(), barrier);
  if (!source) return undefined;
  const line = ctx.text.slice(0, ctx.text.indexOf(source) >= 0 ? ctx.text.indexOf(source) : 0).split('\n').length;
  return { source, line };
}

/** A sink argument: a proven local flow, or a pattern match when `pattern` holds (a test of the argument runs only when no flow is proven). */
export function localSink(ctx: RuleContext, call: QualifiedCall | SyntaxNode, arg: SyntaxNode | undefined, pattern: boolean | ((arg: SyntaxNode) => boolean), what: string, barrier?: Barrier): Match | undefined {
  if (!arg) return undefined;
  const node = 'node' in call ? call.node : call;
  const taint = localFlow(ctx, arg, barrier);
  if (taint) return { node, taint, detail: `Request data from \`${taint.source.slice(0, 80)}\` reaches ${what}.` };
  if (typeof pattern === 'function' ? pattern(arg) : pattern) return { node, unproven: true, detail: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} is built at run time from values not proven constant.` };
  return undefined;
}

/** The values a variable was assigned, before `node`, in its function (PHP, Go, Java, Ruby), oldest first. */
export function assignedValues(ctx: RuleContext, node: SyntaxNode): SyntaxNode[] {
  const fn = enclosingFunction(node, ctx.language) ?? null;
  return (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [])
    .filter((a) => a.pos <= node.start && a.value !== undefined)
    .map((a) => a.value as SyntaxNode);
}
