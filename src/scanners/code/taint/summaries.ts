/**
 * Summaries and callers: what a local function's return value carries (the taint of which
 * parameters, with the sinks sanitised on every path, or request data it reads itself), and for a
 * sink reached by a parameter, the arguments the calls of that function in this file pass there.
 */
import { callShape, child, descendants, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { SinkKind } from '../taint-spec.js';
import { exportedFunctions } from '../cross-file/exports.js';
import { evaluate } from './evaluate.js';
import type { Summary, Taint, TaintState } from './state.js';

/**
 * A sink inside a local function reached by one of its parameters: the taint of the argument
 * some call of that function in this file passes there (`run(cmd)` → `subprocess.call(cmd,
 * shell=True)` inside `run`), followed up through at most three such functions. Only calls by
 * plain name to a function of this file; methods (`self.run(x)`) are not followed.
 */
export function throughCallers(s: TaintState, t: Taint, sink: SinkKind, depth: number): Taint | undefined {
  if (depth > 2 || t.fn === undefined || t.param === undefined) return undefined;
  const name = functionNames(s).get(t.fn);
  for (const site of name === undefined ? [] : (callSites(s).get(name) ?? [])) {
    const call = callShape(s.text, site, s.profile);
    const arg = call?.args[t.param] ?? (t.paramName !== undefined ? call?.kwargs.get(t.paramName) : undefined);
    const a = arg ? evaluate(s, arg) : undefined;
    if (!a || a.cleared?.has(sink)) continue;
    const found = a.param === undefined ? a : throughCallers(s, a, sink, depth + 1);
    if (found) return { ...found, via: found.via ?? name, cleared: t.cleared && found.cleared ? new Set([...t.cleared, ...found.cleared]) : (t.cleared ?? found.cleared) };
  }
  return entryOf(s, t, sink);
}

/**
 * A parameter of a function the file exports, reaching a sink with no caller here that brings
 * request data: callers in other files may. Noted (TaintState.openEntries); taken as a source
 * only when the scanner asks what such callers would reach (TaintState.entriesAsSources).
 */
function entryOf(s: TaintState, t: Taint, sink: SinkKind): Taint | undefined {
  if (t.fn === undefined || t.param === undefined) return undefined;
  s.exported ??= exportedByNode(s);
  const name = s.exported.get(t.fn);
  if (name === undefined) return undefined;
  s.openEntries = true;
  if (!s.entriesAsSources) return undefined;
  const fn = name === 'default' ? 'the default export' : `${name}()`;
  return { source: `parameter ${t.paramName ?? t.param} of ${fn}`, line: t.line, entry: { name, index: t.param, kind: sink }, ...(t.cleared ? { cleared: t.cleared } : {}) };
}

/** The exported functions by node, first name kept. */
function exportedByNode(s: TaintState): Map<SyntaxNode, string> {
  const out = new Map<SyntaxNode, string>();
  for (const [name, fn] of exportedFunctions(s.root, s.text, s.python)) if (!out.has(fn)) out.set(fn, name);
  return out;
}

/** Local functions by node, for those a call by plain name reaches (not methods taking `self`/`cls`). */
function functionNames(s: TaintState): Map<SyntaxNode, string> {
  if (s.functionNamesMemo) return s.functionNamesMemo;
  const names = new Map<SyntaxNode, string>();
  for (const [name, fn] of s.functionsByName) {
    const params = child(fn, s.profile.fields.functions.parameters);
    const first = params ? namedChildren(params)[0] : undefined;
    if (s.python && first && /^(?:self|cls)$/.test(textOf(s.text, first))) continue;
    names.set(fn, name);
  }
  return (s.functionNamesMemo = names);
}

/** Calls by plain name (`run(x)`), by the name called. */
function callSites(s: TaintState): Map<string, SyntaxNode[]> {
  if (s.callSitesMemo) return s.callSitesMemo;
  const { kinds, fields } = s.profile;
  const sites = new Map<string, SyntaxNode[]>();
  for (const n of descendants(s.root)) {
    if (!kinds.calls.has(n.type)) continue;
    const callee = child(n, fields.calls.callee);
    if (!callee || !kinds.identifiers.has(callee.type)) continue;
    const name = textOf(s.text, callee);
    const list = sites.get(name);
    if (list) list.push(n);
    else sites.set(name, [n]);
  }
  return (s.callSitesMemo = sites);
}

/** Which parameters reach the function's return value, or which request data it returns itself. */
export function summaryOf(s: TaintState, fn: SyntaxNode): Summary {
  const known = s.summaries.get(fn);
  if (known) return known;
  const result: Summary = { params: new Map(), source: undefined };
  s.summaries.set(fn, result);
  for (const r of returnValues(s, fn)) {
    const t = evaluate(s, r);
    if (t?.param !== undefined) {
      const had = result.params.has(t.param);
      const before = result.params.get(t.param);
      // Returned through several paths: only what every path sanitised stays sanitised.
      result.params.set(t.param, !had ? t.cleared : before && t.cleared ? new Set([...before].filter((k) => t.cleared?.has(k))) : undefined);
    } else if (t) result.source ??= t;
  }
  return result;
}

/** The expressions a function returns: a lambda's expression body, else the values of its own return statements (not those of nested functions). */
export function returnValues(s: TaintState, fn: SyntaxNode): SyntaxNode[] {
  const { kinds, fields } = s.profile;
  const body = child(fn, fields.functions.body);
  if (!body) return [];
  // `x => x + 1`, `lambda: x`: the body is the value returned.
  if (kinds.lambdas.has(fn.type) && !kinds.blocks.has(body.type)) return [body];
  const returns: SyntaxNode[] = [];
  for (const n of descendants(body)) {
    if (!kinds.returns.has(n.type)) continue;
    let inner = false;
    for (let p = n.parent; p && p !== fn; p = p.parent) if (kinds.functions.has(p.type)) inner = true;
    const value = namedChildren(n)[0];
    if (!inner && value) returns.push(value);
  }
  return returns;
}
