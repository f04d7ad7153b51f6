/**
 * The two sink loops the Java, PHP, Go and Ruby SSRF and path-traversal rules
 * share: each rule supplies which argument of a call is the URL or path, what
 * clears it, and how to name the sink; the loop and the reporting live here.
 */
import { fixedOrigin, urlText } from './values.js';
import { prefixChecked, guardedBefore } from './guards.js';
import type { SyntaxNode } from '../parser.js';
import { localSink } from './taint.js';
import type { Match, QualifiedCall, RuleContext } from '../rule.js';

export interface UrlSinks {
  /** The URL (or address) argument of a call that sends a request, else undefined. */
  readonly urlArgument: (ctx: RuleContext, call: QualifiedCall) => SyntaxNode | undefined;
  /** The sink's name in the finding's detail. */
  readonly name: (call: QualifiedCall) => string;
  readonly sanitisers: ReadonlySet<string>;
}

/** A request to a URL built from request data, unless the URL starts with a fixed origin. */
export function urlSinkMatches(ctx: RuleContext, sinks: UrlSinks): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const arg = sinks.urlArgument(ctx, call);
    if (!arg) continue;
    const url = urlText(ctx, arg);
    if (fixedOrigin(ctx, url)) continue;
    const m = localSink(ctx, call, url, false, `the URL of \`${sinks.name(call)}\``, sinks.sanitisers);
    if (m) out.push(m);
  }
  return out;
}

export interface PathSinks {
  /** The path arguments of a call that opens, writes or sends a file. */
  readonly pathArguments: (ctx: RuleContext, call: QualifiedCall) => readonly SyntaxNode[];
  /** A canonicalising call, and the prefix check that must follow it. */
  readonly normaliser: RegExp;
  readonly prefix: RegExp;
  /** A check written before the sink that rejects traversal (`..`, allow-lists). */
  readonly guard: RegExp;
  readonly sanitisers: ReadonlySet<string>;
  readonly name: (call: QualifiedCall) => string;
  /** Language-specific reasons an argument is safe (optional). */
  readonly cleared?: (ctx: RuleContext, call: QualifiedCall, arg: SyntaxNode) => boolean;
}

/** A file path built from request data, unless it is normalised and prefix-checked or guarded; one finding per call. */
export function pathSinkMatches(ctx: RuleContext, sinks: PathSinks): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    for (const arg of sinks.pathArguments(ctx, call)) {
      if (sinks.cleared?.(ctx, call, arg)) continue;
      if (prefixChecked(ctx, call.node, arg, sinks.normaliser, sinks.prefix) || guardedBefore(ctx, call.node, arg, sinks.guard)) continue;
      const m = localSink(ctx, call, arg, false, `the file path of \`${sinks.name(call)}\``, sinks.sanitisers);
      if (m) {
        out.push(m);
        break;
      }
    }
  }
  return out;
}
