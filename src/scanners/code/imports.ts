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

/** Where a local name comes from: a module as written (`../lib/insecurity`, `.utils`) and the name imported from it, or the module object itself. */
export interface ImportOrigin {
  readonly module: string;
  /** The exported name; undefined for the module object (`import * as m`, `require('m')`, a default import, Python `import m`). */
  readonly name?: string;
}

/** A function of another module, as a call names it: `security.hash(x)` after `import * as security from '../lib/insecurity'`. */
export interface ImportedFunction {
  readonly module: string;
  /** The exported name (`default` for the module object called itself); dotted for a Python submodule's function (`utils.check`). */
  readonly name: string;
}

export class Imports {
  /** Local name → qualified name (`cp` → `child_process`, `exec` → `child_process.exec`). */
  readonly aliases = new Map<string, string>();
  readonly modules = new Set<string>();
  /** Local name → the module and name it was imported from. */
  readonly origins = new Map<string, ImportOrigin>();

  constructor(root: SyntaxNode, text: string, language: CodeLanguage, nodes: (type: string) => SyntaxNode[]) {
    if (language === 'python') this.python(text, nodes);
    else if (isJsFamily(language)) this.javascript(text, nodes);
  }

  private add(local: string, qualified: string, origin: ImportOrigin): void {
    this.aliases.set(local, qualified);
    this.modules.add(qualified.split('.')[0] as string);
    this.origins.set(local, origin);
  }

  /**
   * The function of another module a call by this name reaches (`security.hash` → module
   * `../lib/insecurity`, name `hash`; `hash` after a named import), or undefined when the name is
   * not imported.
   */
  importedFunction(callee: string): ImportedFunction | undefined {
    const dot = callee.indexOf('.');
    const head = dot === -1 ? callee : callee.slice(0, dot);
    const rest = dot === -1 ? '' : callee.slice(dot + 1);
    const origin = this.origins.get(head);
    if (!origin) return undefined;
    if (origin.name === undefined) return { module: origin.module, name: rest === '' ? 'default' : rest };
    return { module: origin.module, name: rest === '' ? origin.name : `${origin.name}.${rest}` };
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
        if (part.type === 'identifier') this.add(textOf(text, part), mod, { module: source });
        else if (part.type === 'namespace_import') {
          const id = namedChildren(part)[0];
          if (id) this.add(textOf(text, id), mod, { module: source });
        } else if (part.type === 'named_imports') {
          for (const spec of namedChildren(part)) {
            const name = child(spec, 'name');
            const alias = child(spec, 'alias') ?? name;
            if (name && alias) this.add(textOf(text, alias), `${mod}.${textOf(text, name)}`, { module: source, name: textOf(text, name) });
          }
        }
      }
    }
    for (const decl of nodes('variable_declarator')) {
      const value = child(decl, 'value');
      const name = child(decl, 'name');
      if (!value || !name) continue;
      const req = requiredModule(text, value);
      if (!req) continue;
      const required = normaliseModule(req.module) + (req.path.length > 0 ? `.${req.path.join('.')}` : '');
      // `require('m').a.b`: the module object's property path (only its first name is an export).
      const origin = (member?: string): ImportOrigin => {
        const path = member === undefined ? req.path : [...req.path, member];
        return path.length === 0 ? { module: req.module } : { module: req.module, name: path.join('.') };
      };
      if (name.type === 'identifier') this.add(textOf(text, name), required, origin());
      else if (name.type === 'object_pattern') {
        for (const p of namedChildren(name)) {
          if (p.type === 'shorthand_property_identifier_pattern') this.add(textOf(text, p), `${required}.${textOf(text, p)}`, origin(textOf(text, p)));
          else if (p.type === 'pair_pattern') {
            const k = child(p, 'key');
            const v = child(p, 'value');
            if (k && v?.type === 'identifier') this.add(textOf(text, v), `${required}.${textOf(text, k)}`, origin(textOf(text, k)));
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
          const head = full.split('.')[0] as string;
          this.add(head, head, { module: head });
          this.modules.add(full);
        } else if (part.type === 'aliased_import') {
          const name = child(part, 'name');
          const alias = child(part, 'alias');
          if (name && alias) this.add(textOf(text, alias), textOf(text, name), { module: textOf(text, name) });
        }
      }
    }
    for (const imp of nodes('import_from_statement')) {
      const mod = child(imp, 'module_name');
      if (!mod) continue;
      const modName = textOf(text, mod);
      this.modules.add(modName);
      for (const part of imp.children.filter((c) => c.field === 'name')) {
        if (part.type === 'dotted_name') this.add(textOf(text, part), `${modName}.${textOf(text, part)}`, { module: modName, name: textOf(text, part) });
        else if (part.type === 'aliased_import') {
          const name = child(part, 'name');
          const alias = child(part, 'alias');
          if (name && alias) this.add(textOf(text, alias), `${modName}.${textOf(text, name)}`, { module: modName, name: textOf(text, name) });
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

/** `require('x')`, `require('x').y`, `await import('x')` → module `x` as written and the property path after it. */
function requiredModule(text: string, value: SyntaxNode): { module: string; path: string[] } | undefined {
  let node = value;
  if (node.type === 'await_expression') node = namedChildren(node)[0] ?? node;
  const path: string[] = [];
  while (node.type === 'member_expression') {
    const prop = child(node, 'property');
    const obj = child(node, 'object');
    if (!prop || !obj) return undefined;
    path.unshift(textOf(text, prop));
    node = obj;
  }
  if (node.type !== 'call_expression') return undefined;
  const fn = child(node, 'function');
  if (!fn || (textOf(text, fn) !== 'require' && fn.type !== 'import')) return undefined;
  const args = child(node, 'arguments');
  const first = args ? namedChildren(args)[0] : undefined;
  const mod = stringValue(text, first);
  return mod === undefined ? undefined : { module: mod, path };
}
