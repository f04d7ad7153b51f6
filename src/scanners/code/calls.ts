/**
 * Call shapes for PHP, Go and Java, in the same form as the JavaScript/Python
 * `callShape`, so that rules of every language read `ctx.calls` alike. The
 * name joins receiver and method with `.` (`$pdo.query`, `exec.Command`,
 * `stmt.executeQuery`, `DB.select`).
 */
import { child, namedChildren, textOf, type CallShape } from './ast.js';
import type { SyntaxNode } from './parser.js';

export type FunctionModelLanguage = 'php' | 'go' | 'java' | 'ruby';

export const FUNCTION_MODEL_CALL_TYPES: Readonly<Record<FunctionModelLanguage, string[]>> = Object.freeze({
  php: ['function_call_expression', 'member_call_expression', 'nullsafe_member_call_expression', 'scoped_call_expression', 'object_creation_expression'],
  go: ['call_expression'],
  java: ['method_invocation', 'object_creation_expression'],
  ruby: ['call'],
});

const squash = (s: string): string => s.replace(/\s+/g, '').replace(/^\\/, '');

/** Positional arguments: PHP wraps each in an `argument` node. */
function argumentsOf(argsNode: SyntaxNode | undefined): SyntaxNode[] {
  if (!argsNode) return [];
  return namedChildren(argsNode).map((a) => (a.type === 'argument' ? (namedChildren(a).at(-1) ?? a) : a));
}

export function functionModelCallShape(text: string, node: SyntaxNode): CallShape | undefined {
  const base = { node, kwargs: new Map<string, SyntaxNode>() };
  switch (node.type) {
    case 'function_call_expression': {
      const fn = child(node, 'function');
      if (!fn) return undefined;
      const name = squash(textOf(text, fn));
      return { ...base, callee: fn, name, method: name.split('\\').at(-1) ?? name, receiver: undefined, args: argumentsOf(child(node, 'arguments')), isNew: false };
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression':
    case 'scoped_call_expression':
    case 'method_invocation': {
      const receiver = child(node, 'object') ?? child(node, 'scope');
      const nameNode = child(node, 'name');
      if (!nameNode) return undefined;
      const method = textOf(text, nameNode);
      const name = receiver ? `${squash(textOf(text, receiver))}.${method}` : method;
      return { ...base, callee: nameNode, name, method, receiver, args: argumentsOf(child(node, 'arguments')), isNew: false };
    }
    case 'call': {
      // Ruby: `receiver.method(args)`, `system "…"`.
      const receiver = child(node, 'receiver');
      const nameNode = child(node, 'method');
      if (!nameNode) return undefined;
      const method = textOf(text, nameNode);
      const name = receiver ? `${squash(textOf(text, receiver))}.${method}` : method;
      return { ...base, callee: nameNode, name, method, receiver, args: argumentsOf(child(node, 'arguments')), isNew: method === 'new' };
    }
    case 'call_expression': {
      const fn = child(node, 'function');
      if (!fn) return undefined;
      const receiver = fn.type === 'selector_expression' ? child(fn, 'operand') : undefined;
      const field = fn.type === 'selector_expression' ? child(fn, 'field') : undefined;
      const name = squash(textOf(text, fn));
      return { ...base, callee: fn, name, method: field ? textOf(text, field) : name, receiver, args: argumentsOf(child(node, 'arguments')), isNew: false };
    }
    case 'object_creation_expression': {
      const type = child(node, 'type') ?? namedChildren(node).find((c) => c.type === 'name' || c.type === 'qualified_name');
      if (!type) return undefined;
      const argsNode = child(node, 'arguments') ?? namedChildren(node).find((c) => c.type === 'arguments' || c.type === 'argument_list');
      const name = squash(textOf(text, type)).replace(/<.*$/, '');
      return { ...base, callee: type, name, method: name.split(/[.\\]/).at(-1) ?? name, receiver: undefined, args: argumentsOf(argsNode), isNew: true };
    }
    default:
      return undefined;
  }
}
