/**
 * Call shapes for PHP, Go, Java and Ruby, in the same form as the JavaScript/Python
 * `callShape`, so that rules of every language read `ctx.calls` alike. The
 * name joins receiver and method with `.` (`$pdo.query`, `exec.Command`,
 * `stmt.executeQuery`, `DB.select`). The kinds and fields are the profile's
 * (language-profile.ts): `calls` (a callee, a member when it has a receiver),
 * `methodCalls`/`optionalMethodCalls`/`staticCalls` (receiver and method fields)
 * and `constructions`.
 */
import { child, namedChildren, textOf, type CallShape } from './ast.js';
import type { LanguageProfile } from './language-profile.js';
import type { SyntaxNode } from './parser.js';

const squash = (s: string): string => s.replace(/\s+/g, '').replace(/^\\/, '');

/** Positional arguments: PHP wraps each in an `argument` node (the profile's `argumentWrappers`). */
function argumentsOf(argsNode: SyntaxNode | undefined, profile: LanguageProfile): SyntaxNode[] {
  if (!argsNode) return [];
  const wrappers = profile.kinds.argumentWrappers;
  return namedChildren(argsNode).map((a) => (wrappers.has(a.type) ? (namedChildren(a).at(-1) ?? a) : a));
}

export function functionModelCallShape(text: string, node: SyntaxNode, profile: LanguageProfile): CallShape | undefined {
  const { kinds, fields } = profile;
  // Each shape spelled out in full, in the field order of `callShape` (no spread of a shared base).
  const type = node.type;
  if (kinds.calls.has(type)) {
    // `foo($x)`, `\Ns\foo()`, Go `exec.Command(…)` (a selector callee has a receiver).
    const fn = child(node, fields.calls.callee);
    if (!fn) return undefined;
    const member = kinds.members.has(fn.type);
    const receiver = member ? child(fn, fields.members.object) : undefined;
    const field = member ? child(fn, fields.members.property) : undefined;
    const name = squash(textOf(text, fn));
    const separator = profile.namespaceSeparator;
    const method = field ? textOf(text, field) : separator === undefined ? name : (name.split(separator).at(-1) ?? name);
    return { node, callee: fn, name, method, receiver, args: argumentsOf(child(node, fields.calls.arguments), profile), kwargs: new Map(), isNew: false };
  }
  const methodFields = kinds.methodCalls.has(type) ? fields.methodCalls : kinds.optionalMethodCalls.has(type) ? fields.optionalMethodCalls : kinds.staticCalls.has(type) ? fields.staticCalls : undefined;
  if (methodFields) {
    // `$db->query()`, `DB::select()`, `stmt.executeQuery()`, Ruby `receiver.method(args)`, `system "…"`.
    const receiver = child(node, methodFields.receiver);
    const nameNode = child(node, methodFields.method);
    if (!nameNode) return undefined;
    const method = textOf(text, nameNode);
    const name = receiver ? `${squash(textOf(text, receiver))}.${method}` : method;
    return { node, callee: nameNode, name, method, receiver, args: argumentsOf(child(node, methodFields.arguments), profile), kwargs: new Map(), isNew: method === profile.constructorMethod };
  }
  if (kinds.constructions.has(type)) {
    const typeNode = child(node, fields.constructions.type) ?? namedChildren(node).find((c) => kinds.typeNames.has(c.type));
    if (!typeNode) return undefined;
    const argsNode = child(node, fields.constructions.arguments) ?? namedChildren(node).find((c) => kinds.argumentLists.has(c.type));
    const name = squash(textOf(text, typeNode)).replace(/<.*$/, '');
    return { node, callee: typeNode, name, method: name.split(/[.\\]/).at(-1) ?? name, receiver: undefined, args: argumentsOf(argsNode, profile), kwargs: new Map(), isNew: true };
  }
  return undefined;
}
