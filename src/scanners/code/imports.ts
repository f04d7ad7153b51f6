/**
 * Module aliases of a file, so that rules can match `child_process.exec`
 * whether it is written `cp.exec(…)`, `exec(…)` after a destructured require,
 * or `import { exec } from 'node:child_process'`; likewise Python imports.
 */
import { child, namedChildren, stringValue, textOf } from './ast.js';
import { isJsFamily, type CodeLanguage, type SyntaxNode } from './parser.js';

const normaliseModule = (name: string): string =>
  name
    .replace(/^node:/, '')
    .replace(/^fs\/promises$/, 'fs')
    .replace(/^(child_process|fs|path|crypto|vm|http|https)\/.*$/, '$1');

export class Imports {
  /** Local name → qualified name (`cp` → `child_process`, `exec` → `child_process.exec`). */
  readonly aliases = new Map<string, string>();
  readonly modules = new Set<string>();

  constructor(root: SyntaxNode, text: string, language: CodeLanguage, nodes: (type: string) => SyntaxNode[]) {
    if (language === 'python') this.python(text, nodes);
    else if (isJsFamily(language)) this.javascript(text, nodes);
  }

  private add(local: string, qualified: string): void {
    this.aliases.set(local, qualified);
    this.modules.add(qualified.split('.')[0] as string);
  }

  private javascript(text: string, nodes: (type: string) => SyntaxNode[]): void {
    for (const imp of nodes('import_statement')) {
      const source = stringValue(text, child(imp, 'source'));
      if (source === undefined) continue;
      const mod = normaliseModule(source);
      this.modules.add(mod);
      const clause = namedChildren(imp).find((c) => c.type === 'import_clause');
      if (!clause) continue;
      for (const part of namedChildren(clause)) {
        if (part.type === 'identifier') this.add(textOf(text, part), mod);
        else if (part.type === 'namespace_import') {
          const id = namedChildren(part)[0];
          if (id) this.add(textOf(text, id), mod);
        } else if (part.type === 'named_imports') {
          for (const spec of namedChildren(part)) {
            const name = child(spec, 'name');
            const alias = child(spec, 'alias') ?? name;
            if (name && alias) this.add(textOf(text, alias), `${mod}.${textOf(text, name)}`);
          }
        }
      }
    }
    for (const decl of nodes('variable_declarator')) {
      const value = child(decl, 'value');
      const name = child(decl, 'name');
      if (!value || !name) continue;
      const required = requiredModule(text, value);
      if (!required) continue;
      if (name.type === 'identifier') this.add(textOf(text, name), required);
      else if (name.type === 'object_pattern') {
        for (const p of namedChildren(name)) {
          if (p.type === 'shorthand_property_identifier_pattern') this.add(textOf(text, p), `${required}.${textOf(text, p)}`);
          else if (p.type === 'pair_pattern') {
            const k = child(p, 'key');
            const v = child(p, 'value');
            if (k && v?.type === 'identifier') this.add(textOf(text, v), `${required}.${textOf(text, k)}`);
          }
        }
      }
    }
  }

  private python(text: string, nodes: (type: string) => SyntaxNode[]): void {
    for (const imp of nodes('import_statement')) {
      for (const part of namedChildren(imp)) {
        if (part.type === 'dotted_name') {
          const full = textOf(text, part);
          this.add(full.split('.')[0] as string, full.split('.')[0] as string);
          this.modules.add(full);
        } else if (part.type === 'aliased_import') {
          const name = child(part, 'name');
          const alias = child(part, 'alias');
          if (name && alias) this.add(textOf(text, alias), textOf(text, name));
        }
      }
    }
    for (const imp of nodes('import_from_statement')) {
      const mod = child(imp, 'module_name');
      if (!mod) continue;
      const modName = textOf(text, mod);
      this.modules.add(modName);
      for (const part of imp.children.filter((c) => c.field === 'name')) {
        if (part.type === 'dotted_name') this.add(textOf(text, part), `${modName}.${textOf(text, part)}`);
        else if (part.type === 'aliased_import') {
          const name = child(part, 'name');
          const alias = child(part, 'alias');
          if (name && alias) this.add(textOf(text, alias), `${modName}.${textOf(text, name)}`);
        }
      }
    }
  }

  /** `cp.exec` → `child_process.exec`; names without an import stay as written. */
  qualify(name: string): string {
    const dot = name.indexOf('.');
    const head = dot === -1 ? name : name.slice(0, dot);
    const alias = this.aliases.get(head);
    const full = alias === undefined ? name : alias + (dot === -1 ? '' : name.slice(dot));
    return full.replace(/^fs\.promises\./, 'fs.');
  }
}

/** `require('x')`, `require('x').y`, `await import('x')` → `x` / `x.y`. */
function requiredModule(text: string, value: SyntaxNode): string | undefined {
  let node = value;
  if (node.type === 'await_expression') node = namedChildren(node)[0] ?? node;
  let suffix = '';
  while (node.type === 'member_expression') {
    const prop = child(node, 'property');
    const obj = child(node, 'object');
    if (!prop || !obj) return undefined;
    suffix = `.${textOf(text, prop)}${suffix}`;
    node = obj;
  }
  if (node.type !== 'call_expression') return undefined;
  const fn = child(node, 'function');
  if (!fn || (textOf(text, fn) !== 'require' && fn.type !== 'import')) return undefined;
  const args = child(node, 'arguments');
  const first = args ? namedChildren(args)[0] : undefined;
  const mod = stringValue(text, first);
  return mod === undefined ? undefined : normaliseModule(mod) + suffix;
}
