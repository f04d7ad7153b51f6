/**
 * Request sources of the per-function model for PHP, Go, Java and Ruby: a matcher compiled from
 * the tables of taint-sources.ts (superglobals and framework request objects, `net/http` and
 * gin/echo/fiber/chi accessors, servlet getters and Spring/JAX-RS-bound parameters, Rails/Sinatra
 * `params`). (The PHP checks that restrict a value, `is_numeric` and a strict `preg_match`, are
 * barrier rows of taint-barriers.ts.)
 */
import { child, textOf } from '../ast.js';
import type { LanguageProfile } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { compileFunctionModelSources, FUNCTION_MODEL_LANGUAGES, squash, type CompiledFunctionModelSources, type FunctionModelLanguage } from '../taint-sources.js';

const COMPILED: ReadonlyMap<string, CompiledFunctionModelSources> = new Map(FUNCTION_MODEL_LANGUAGES.map((l) => [l, compileFunctionModelSources(l)]));

/** Spring/JAX-RS parameter annotations of the tables (`@RequestParam`, `@PathParam`…). */
export const JAVA_SOURCE_ANNOTATION: RegExp = COMPILED.get('java')?.annotation ?? /(?!)/;

/**
 * `$_SERVER` entries the server sets itself, not the client: the script's path, the server's
 * configured name and address, the peer address and the method. (`HTTP_*` headers, `REQUEST_URI`,
 * `QUERY_STRING`, `PHP_SELF` and `PATH_INFO` stay request data.)
 */
const PHP_SERVER_SETTINGS = new Set(['SCRIPT_NAME', 'SCRIPT_FILENAME', 'SERVER_NAME', 'SERVER_ADDR', 'SERVER_PORT', 'SERVER_SOFTWARE', 'SERVER_PROTOCOL', 'DOCUMENT_ROOT', 'REMOTE_ADDR', 'REQUEST_METHOD', 'REQUEST_TIME', 'REQUEST_TIME_FLOAT', 'HTTPS']);

/** `$_SERVER['SCRIPT_NAME']` and the other entries of PHP_SERVER_SETTINGS. */
export function isServerSetting(ctx: RuleContext, node: SyntaxNode): boolean {
  if (ctx.language !== 'php' || !ctx.profile.kinds.subscripts.has(node.type)) return false;
  const m = /^\$_SERVER\s*\[\s*['"](\w+)['"]\s*\]$/.exec(textOf(ctx.text, node));
  return m !== null && PHP_SERVER_SETTINGS.has(m[1] ?? '');
}

/** Whether `name` is a member (or method) read on `receiver` that the tables call input. */
function reads(src: CompiledFunctionModelSources, receiver: string, name: string, kind: 'members' | 'methods'): boolean {
  if (src.receivers.get(receiver)?.[kind].has(name)) return true;
  if (!src.patternNames.has(name)) return false;
  return src.patterns.some((p) => p[kind].has(name) && p.pattern.test(receiver));
}

/**
 * Where each language writes a source, as roles of its profile (language-profile.ts, which names
 * the node kinds and fields): calls whose method reads input (`$request->input('q')`,
 * `r.FormValue("q")`, `request.getParameter("q")`), member reads (`r.URL`, Ruby `request.path`),
 * free names (`$_GET`, Ruby `params`), subscripts of a source name (`params[:id]`) and whole calls
 * matched by their text (`filter_input(INPUT_GET, 'q')`). The tables of taint-sources.ts say which
 * receivers, names and expressions are input.
 */
interface SourceRoles {
  /** Calls whose method is read on a receiver: `calls` through a member callee, or the receiver and method fields of method calls. */
  readonly methods: readonly ('calls' | 'methodCalls' | 'staticCalls')[];
  readonly members: boolean;
  readonly names: boolean;
  readonly subscripts: boolean;
  readonly wholeCalls: boolean;
}

const SOURCE_ROLES: Readonly<Record<FunctionModelLanguage, SourceRoles>> = Object.freeze({
  php: { methods: ['methodCalls', 'staticCalls'], members: false, names: true, subscripts: false, wholeCalls: true },
  go: { methods: ['calls'], members: true, names: false, subscripts: false, wholeCalls: false },
  java: { methods: ['methodCalls'], members: false, names: false, subscripts: false, wholeCalls: false },
  ruby: { methods: [], members: true, names: true, subscripts: true, wholeCalls: false },
});

/** The receiver and method a call of `role` reads (a member callee for `calls`), else undefined. */
function methodRead(profile: LanguageProfile, node: SyntaxNode, role: SourceRoles['methods'][number]): { receiver: SyntaxNode; name: SyntaxNode } | undefined {
  const { kinds, fields } = profile;
  if (!kinds[role].has(node.type)) return undefined;
  let receiver: SyntaxNode | undefined;
  let name: SyntaxNode | undefined;
  if (role === 'calls') {
    const fn = child(node, fields.calls.callee);
    if (!fn || !kinds.members.has(fn.type)) return undefined;
    receiver = child(fn, fields.members.object);
    name = child(fn, fields.members.property);
  } else {
    receiver = child(node, fields[role].receiver);
    name = child(node, fields[role].method);
  }
  return receiver && name ? { receiver, name } : undefined;
}

/** The source a node is by itself (its text), or undefined: a compiled matcher over the tables of taint-sources.ts. */
export function sourceOf(ctx: RuleContext, node: SyntaxNode): string | undefined {
  const src = COMPILED.get(ctx.language);
  if (!src) return undefined;
  const roles = SOURCE_ROLES[ctx.language as FunctionModelLanguage];
  const { kinds, fields } = ctx.profile;
  const t = (): string => textOf(ctx.text, node);
  const type = node.type;
  for (const role of roles.methods) {
    const read = methodRead(ctx.profile, node, role);
    if (read && reads(src, squash(textOf(ctx.text, read.receiver)), textOf(ctx.text, read.name), 'methods')) return t();
  }
  // A call without arguments or block reads a member (Ruby `request.path`).
  if (roles.members && kinds.members.has(type) && !(kinds.methodCalls.has(type) && (child(node, fields.methodCalls.arguments) || child(node, fields.methodCalls.block)))) {
    const receiver = child(node, fields.members.object);
    const name = child(node, fields.members.property);
    if (receiver && name && reads(src, squash(textOf(ctx.text, receiver)), textOf(ctx.text, name), 'members')) return t();
  }
  // Not the target of an assignment (nor anything under a field of the same name).
  if (roles.names && kinds.identifiers.has(type) && node.field !== fields.assignments.left && src.names.has(t())) return t();
  if (roles.subscripts && kinds.subscripts.has(type)) {
    // `params[:a][:b]`: the innermost object of a chain of subscripts.
    let object = child(node, fields.subscripts.object);
    while (object && kinds.subscripts.has(object.type)) object = child(object, fields.subscripts.object);
    if (object && kinds.identifiers.has(object.type) && src.subscripted.has(textOf(ctx.text, object))) return t();
  }
  if (roles.wholeCalls && kinds.calls.has(type) && src.expressions.has(squash(t()))) return t();
  return undefined;
}
