/**
 * The one helper API for rule authors. Each job has one function here, whatever the language;
 * it dispatches on `ctx.language` to the engine that analyses it:
 *
 * - JavaScript, TypeScript, TSX and Python: the taint analysis of taint.ts (`ctx.taint`) and its
 *   value helpers in sinks.ts;
 * - PHP, Go, Java and Ruby: the per-function model of function-model/ (taint.ts, values.ts).
 *
 * Each engine keeps its own semantics (this module dispatches, it does not merge logic), so a rule
 * behaves exactly as it did when it called the engine's helper itself. Rules import from here,
 * never from sinks.ts, taint.ts or function-model/{taint,values,assignments,fold,sources}.ts
 * (test/scanners/code/helpers-architecture.test.ts). The rule-support libraries of the PHP, Go,
 * Java and Ruby rules (function-model/{guards,crypto,purpose}.ts) are built on this model
 * and may still be imported by those rules.
 */
import type { SyntaxNode } from './parser.js';
import { usesFunctionModel } from './parser.js';
import type { Match, QualifiedCall, RuleContext } from './rule.js';
import { enclosingFunction, stringValue } from './ast.js';
import * as js from './sinks.js';
import { assignedValues as fmAssignedValues, constantText as fmConstantText, dynamicString, localFlow, localSink, localTaint, type Barrier } from './function-model/taint.js';
import { FUNCTION_MODEL_BARRIERS, heldAndChecked, safeOption } from './function-model/guards.js';
import type { CompiledBarriers } from './barrier-spec.js';
import { stringValueOf } from './function-model/assignments.js';
import { constString, falseLiteral, fixedOrigin, leadingText as fmLeadingText, trueLiteral, urlText } from './function-model/values.js';
import type { SinkKind } from './taint-spec.js';
import type { Taint } from './taint.js';

/** How a sink argument is judged when no request data is proven to reach it. */
export interface SinkOptions {
  /** Report the value as a pattern match (capped, lower confidence) when this holds: a boolean, or a test of the argument run only when no flow is proven. */
  readonly pattern: boolean | ((arg: SyntaxNode) => boolean);
  /** The value as the evidence names it: `the SQL text of this query`. */
  readonly what: string;
  /** What the sink does with the value; it decides the sanitisers that clear it (JavaScript/TypeScript and Python engine). */
  readonly kind: SinkKind;
  /** Calls that clear the value for this sink (PHP, Go, Java and Ruby engine: its per-rule sanitisers, beside the kind's sanitiser rows). */
  readonly sanitisers?: ReadonlySet<string>;
  /** The barrier rows to use instead of the language's own (PHP, Go, Java and Ruby engine; the barrier tests leave a group out). */
  readonly barriers?: CompiledBarriers;
}

const NO_NAMES: ReadonlySet<string> = new Set();
const unions = new WeakMap<CompiledBarriers, Map<string, Map<ReadonlySet<string>, ReadonlySet<string>>>>();

/** The sanitiser names of a kind's rows together with a rule's own, built once per pair. */
function sanitiserNames(b: CompiledBarriers, kind: SinkKind, own: ReadonlySet<string> = NO_NAMES): ReadonlySet<string> {
  let byKind = unions.get(b);
  if (!byKind) unions.set(b, (byKind = new Map<string, Map<ReadonlySet<string>, ReadonlySet<string>>>()));
  let byOwn = byKind.get(kind);
  if (!byOwn) byKind.set(kind, (byOwn = new Map<ReadonlySet<string>, ReadonlySet<string>>()));
  let names = byOwn.get(own);
  if (!names) byOwn.set(own, (names = new Set([...(b.sanitisers.get(kind) ?? []), ...own])));
  return names;
}

/** What stops a flow into a sink of `kind` at `at` in the PHP, Go, Java and Ruby engine: the kind's barrier rows (taint-barriers.ts) and the rule's sanitisers. */
function barrierOf(ctx: RuleContext, kind: SinkKind, at: SyntaxNode | undefined, own?: ReadonlySet<string>, override?: CompiledBarriers): Barrier {
  const barriers = override ?? FUNCTION_MODEL_BARRIERS.get(ctx.language);
  if (!barriers) return { sanitisers: own ?? NO_NAMES };
  return { sanitisers: sanitiserNames(barriers, kind, own), guards: { barriers, kind, at: at?.start ?? 0, ...(at ? { fn: enclosingFunction(at, ctx.language) ?? null } : {}) } };
}

/**
 * A sink argument: a finding with the flow when request data reaches it, or a pattern match when
 * `pattern` holds, else undefined. `at` is the sink (a call or a syntax node), reported as the finding's node.
 * JS/Python: `sinkMatch` (sinks.ts, flows of `ctx.taint` scoped by `kind`); PHP/Go/Java/Ruby: `localSink` (function-model/taint.ts, scoped by
 * the barrier rows of `kind` in taint-barriers.ts (sanitisers and checks around the value) and the rule's `sanitisers`).
 */
export function sink(ctx: RuleContext, at: QualifiedCall | SyntaxNode, arg: SyntaxNode | undefined, options: SinkOptions): Match | undefined {
  if (usesFunctionModel(ctx.language)) return localSink(ctx, at, arg, options.pattern, options.what, barrierOf(ctx, options.kind, arg, options.sanitisers, options.barriers));
  return js.sinkMatch(ctx, 'node' in at ? at.node : at, arg, options.pattern, options.what, options.kind);
}

/**
 * The request source whose data an expression carries, as the evidence names it, or undefined.
 * JS/Python: `ctx.taint.taintOf(node, kind)` described by `ctx.taint.describe`; PHP/Go/Java/Ruby: `localTaint` (the source's text).
 */
export function taintSource(ctx: RuleContext, node: SyntaxNode | undefined, options: { readonly kind: SinkKind; readonly sanitisers?: ReadonlySet<string> }): string | undefined {
  if (usesFunctionModel(ctx.language)) return localTaint(ctx, node, 0, new Set(), barrierOf(ctx, options.kind, node, options.sanitisers));
  const taint = ctx.taint.taintOf(node, options.kind);
  return taint ? ctx.taint.describe(taint) : undefined;
}

/**
 * The flow a value carries (a Match's `taint`), or undefined. JS/Python: `ctx.taint.taintOf(node, kind)`;
 * PHP/Go/Java/Ruby: `localFlow` (function-model/taint.ts: the source's text and its line).
 */
export function flowOf(ctx: RuleContext, node: SyntaxNode | undefined, options: { readonly kind: SinkKind; readonly sanitisers?: ReadonlySet<string> }): Taint | undefined {
  if (usesFunctionModel(ctx.language)) return localFlow(ctx, node, barrierOf(ctx, options.kind, node, options.sanitisers));
  return ctx.taint.taintOf(node, options.kind);
}

/** How the evidence names the source of a proven flow (a Match's `taint`): JS/Python `ctx.taint.describe`, PHP/Go/Java/Ruby the source's text in backticks (at most 80 characters). */
export const describeSource = (ctx: RuleContext, taint: Taint): string => (usesFunctionModel(ctx.language) ? `\`${taint.source.slice(0, 80)}\`` : ctx.taint.describe(taint));

/** Whether a string is assembled at run time from parts not proven constant. JS/Python: `isDynamicString` (sinks.ts); PHP/Go/Java/Ruby: `dynamicString` (function-model/taint.ts). */
export const isDynamic = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => (usesFunctionModel(ctx.language) ? dynamicString(ctx, node) : js.isDynamicString(ctx, node));

/** The value of a string literal without interpolation, else undefined. JS/Python: `stringValue` (ast.ts); PHP/Go/Java/Ruby: `stringValueOf` (function-model/assignments.ts). */
export const stringLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): string | undefined => (usesFunctionModel(ctx.language) ? stringValueOf(ctx, node) : stringValue(ctx.text, node, ctx.profile));

/**
 * The constant string a value has, else undefined. JS/Python: the literal itself (`stringArg`, sinks.ts; that
 * engine's constants are `ctx.taint.constantOf`); PHP/Go/Java/Ruby: `constString` (function-model/values.ts), following variables,
 * file constants and `+`/`.` of constants.
 */
export const constantString = (ctx: RuleContext, node: SyntaxNode | undefined): string | undefined => (usesFunctionModel(ctx.language) ? constString(ctx, node) : js.stringArg(ctx, node));

/** The constant text pieces of a (possibly dynamic) string, following variables, for SQL/LDAP/XPath shape checks. JS/Python: `literalText` (sinks.ts); PHP/Go/Java/Ruby: `constantText` (function-model/taint.ts). */
export const constantText = (ctx: RuleContext, node: SyntaxNode | undefined): string => (usesFunctionModel(ctx.language) ? fmConstantText(ctx, node) : js.literalText(ctx, node));

/** The constant text an expression starts with (literal, head of a concatenation, template or format). JS/Python: `leadingConstant` (sinks.ts); PHP/Go/Java/Ruby: `leadingText` (function-model/values.ts). */
export const leadingText = (ctx: RuleContext, node: SyntaxNode | undefined): string => (usesFunctionModel(ctx.language) ? fmLeadingText(ctx, node) : js.leadingConstant(ctx, node));

/**
 * Whether a URL starts with a local path or a fixed scheme and host, after an optional `prefix`
 * (`Location: `). JS/Python: `hasFixedOrigin` (sinks.ts); PHP/Go/Java/Ruby: `fixedOrigin` (function-model/values.ts,
 * which also takes a relative reference with a fixed path).
 */
export const hasFixedOrigin = (ctx: RuleContext, node: SyntaxNode | undefined, prefix?: RegExp): boolean => (usesFunctionModel(ctx.language) ? fixedOrigin(ctx, node, prefix) : js.hasFixedOrigin(ctx, node, prefix));

/** Literal true. JS/Python: `isTrue` (`true`, `True`, `1`); PHP/Go/Java/Ruby: `trueLiteral` (also `TRUE`, `'1'`, `'on'`). */
export const isTrueLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => (usesFunctionModel(ctx.language) ? trueLiteral(ctx, node) : js.isTrue(ctx, node));

/** Literal false. JS/Python: `isFalse` (`false`, `False`, `0`, `'0'`); PHP/Go/Java/Ruby: `falseLiteral` (also `FALSE`, `'off'`, `nil`). */
export const isFalseLiteral = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => (usesFunctionModel(ctx.language) ? falseLiteral(ctx, node) : js.isFalse(ctx, node));

/**
 * The values a variable was assigned before this use, oldest first. JS/Python: `ctx.taint.definitionsOf`
 * (in scope); PHP/Go/Java/Ruby: `assignedValues` (function-model/taint.ts, in its function).
 */
export const assignedValues = (ctx: RuleContext, node: SyntaxNode): SyntaxNode[] => (usesFunctionModel(ctx.language) ? fmAssignedValues(ctx, node) : ctx.taint.definitionsOf(node));

/**
 * The string a URL object is made from (`new URL(s)`, `URI.create(s)`, `url.Parse(s)`), following variables, so a fixed
 * origin in it is seen. PHP/Go/Java/Ruby: `urlText` (function-model/values.ts); JS/Python: the value itself (that engine
 * follows URL objects in its flows and constants).
 */
export const urlString = (ctx: RuleContext, node: SyntaxNode): SyntaxNode => (usesFunctionModel(ctx.language) ? urlText(ctx, node) : node);

/**
 * Whether a sink call is given an option that makes it safe for `kind` (a `safeOptions` row of
 * taint-barriers.ts: Rails `redirect_to url, allow_other_host: false`). PHP, Go, Java and Ruby; JS/Python: none.
 */
export const hasSafeOption = (ctx: RuleContext, call: QualifiedCall, kind: SinkKind, override?: CompiledBarriers): boolean => {
  const barriers = usesFunctionModel(ctx.language) ? (override ?? FUNCTION_MODEL_BARRIERS.get(ctx.language)) : undefined;
  return !!barriers && safeOption(ctx, call, kind, barriers);
};

/**
 * For a call that only builds a path or URL object (`new File(base, name)`): whether the variable it
 * is stored in is checked later so that the barrier rules make it safe for `kind`. PHP, Go, Java and Ruby; JS/Python: never.
 */
export const checkedWhereHeld = (ctx: RuleContext, call: SyntaxNode, kind: SinkKind, override?: CompiledBarriers): boolean => {
  const barriers = usesFunctionModel(ctx.language) ? (override ?? FUNCTION_MODEL_BARRIERS.get(ctx.language)) : undefined;
  return !!barriers && heldAndChecked(ctx, call, { barriers, kind });
};

// One engine only (no counterpart in the other): JavaScript/TypeScript and Python.
export { argument, isClientSource, isHarmless, option } from './sinks.js';
export { JS_SERVER_SOURCE_TRIGGERS, JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from './taint.js';
// One engine only: PHP, Go, Java and Ruby (values followed through variables and file constants).
export { callAt, constInt, resolve, strip } from './function-model/values.js';
// Any language: words of names and the SQL shape of text.
export { mentionsPassword, nameWords, SQL_KEYWORDS, SQL_TEXT } from './words.js';
