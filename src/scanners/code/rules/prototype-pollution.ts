import { child, descendants, enclosingFunction, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { describeSource, flowOf, JS_SOURCE_TRIGGERS } from '../helpers.js';

const LODASH_SINKS = /^(?:lodash|_|lodash\.merge|lodash\.set|lodash\.mergewith|lodash\.defaultsdeep)(?:\.(?:merge|mergeWith|defaultsDeep|set|setWith|zipObjectDeep))?$/;
/** `x[k] = …` (comments may sit between `]` and `=`): every match but lodash's starts from one. */
const SUBSCRIPT_ASSIGNMENT = /\](?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*\n)*=(?![=>])/;
const GUARD = /__proto__|['"]constructor['"]|['"]prototype['"]|hasOwnProperty|Object\.hasOwn|isSafeKey|isPrototypePolluted/;

/** The function's own name (declaration, or variable it is assigned to). */
function functionName(ctx: RuleContext, fn: SyntaxNode): string | undefined {
  const name = child(fn, 'name');
  if (name) return textOf(ctx.text, name);
  if (fn.parent?.type === 'variable_declarator') {
    const n = child(fn.parent, 'name');
    return n ? textOf(ctx.text, n) : undefined;
  }
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (left?.type !== 'subscript_expression') continue;
    const key = child(left, 'index');
    const object = unwrap(child(left, 'object') ?? left, ctx.profile);
    if (!key) continue;
    const keyTaint = flowOf(ctx, key, { kind: 'property' });
    // obj[a][b] = v with a tainted first key, or obj[key] = v with a tainted key and a tainted value.
    const outerKey = object.type === 'subscript_expression' ? child(object, 'index') : undefined;
    const outerTaint = outerKey ? flowOf(ctx, outerKey, { kind: 'property' }) : undefined;
    if (outerTaint) {
      out.push({ node: assign, taint: outerTaint, detail: `Nested property keys come from ${describeSource(ctx, outerTaint)}; \`__proto__\` as the first key writes to \`Object.prototype\`.` });
      continue;
    }
    const fn = enclosingFunction(assign, ctx.language);
    const guarded = fn ? GUARD.test(textOf(ctx.text, fn)) : false;
    if (keyTaint && flowOf(ctx, child(assign, 'right'), { kind: 'property' }) && !guarded) {
      out.push({ node: assign, taint: keyTaint, detail: `Both the property name and the value come from ${describeSource(ctx, keyTaint)}.` });
      continue;
    }
    // Recursive merge/extend/set helper copying keys without rejecting __proto__/constructor.
    if (!fn || guarded || key.type !== 'identifier') continue;
    const name = functionName(ctx, fn);
    if (!name || !/merge|extend|assign|deep|clone|copy|set|defaults|mixin/i.test(name)) continue;
    const recursive = [...descendants(fn)].some((n) => n.type === 'call_expression' && child(n, 'function') && textOf(ctx.text, child(n, 'function') as SyntaxNode) === name);
    const loopsKeys = [...descendants(fn)].some((n) => n.type === 'for_in_statement' || (n.type === 'call_expression' && /Object\.keys|Object\.entries/.test(textOf(ctx.text, n))));
    const right = child(assign, 'right');
    const copiesKey = !!right && (textOf(ctx.text, right).includes(`[${textOf(ctx.text, key)}]`) || textOf(ctx.text, right).includes(`${name}(`));
    if (recursive && loopsKeys && copiesKey) out.push({ node: assign, detail: `\`${name}\` recursively copies keys without rejecting \`__proto__\`, \`constructor\` or \`prototype\`.` });
  }
  for (const call of ctx.calls) {
    if (!LODASH_SINKS.test(call.qualified) || !/^(?:merge|mergeWith|defaultsDeep|set|setWith|zipObjectDeep)$/.test(call.method)) continue;
    const tainted = call.args.slice(1).map((a) => flowOf(ctx, a, { kind: 'property' })).find((t) => t !== undefined);
    if (tainted) out.push({ node: call.node, taint: tainted, confidence: 0.6, detail: `\`${call.name}\` is given ${describeSource(ctx, tainted)}; lodash before 4.17.21 lets \`__proto__\` keys pollute prototypes.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'prototype-pollution',
  title: 'Prototype pollution through untrusted keys',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-1321',
  owasp: OWASP.injection,
  languages: JS_LANGUAGES,
  description: 'Object properties are written with names that come from input (or by a recursive merge that does not skip `__proto__`), so a client can add properties to `Object.prototype` and change behaviour across the whole process.',
  remediation: 'Reject `__proto__`, `constructor` and `prototype` keys, use `Object.create(null)` or `Map` for dictionaries keyed by input, and validate payloads with a schema; keep lodash at 4.17.21 or later.',
  docs: {
    summary:
      'Assignments `obj[a][b] = v` and `obj[key] = value` with keys from request data, recursive merge/extend/set helpers that copy keys without a `__proto__`/`constructor` check, and lodash `merge`/`defaultsDeep`/`set` given request data.',
    examples: [
      {
        language: 'javascript',
        bad: "function merge(target, source) {\n  for (const key in source) {\n    if (typeof source[key] === 'object') merge(target[key], source[key]);\n    else target[key] = source[key];\n  }\n  return target;\n}",
        good: "function merge(target, source) {\n  for (const key of Object.keys(source)) {\n    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;\n    if (typeof source[key] === 'object') merge(target[key], source[key]);\n    else target[key] = source[key];\n  }\n  return target;\n}",
      },
      {
        language: 'javascript',
        bad: "app.post('/settings', (req, res) => {\n  const { section, key, value } = req.body;\n  settings[section][key] = value;\n  res.sendStatus(204);\n});",
        good: "const SECTIONS = new Map([['ui', {}], ['mail', {}]]);\napp.post('/settings', (req, res) => {\n  const { section, key, value } = req.body;\n  const target = SECTIONS.get(section);\n  if (!target || !Object.hasOwn(target, key)) return res.sendStatus(400);\n  target[key] = String(value);\n  res.sendStatus(204);\n});",
      },
    ],
  },
  match,
  triggers: [
    all(SUBSCRIPT_ASSIGNMENT, [...JS_SOURCE_TRIGGERS, all(/merge|extend|assign|deep|clone|copy|set|defaults|mixin/i, ['for', /Object\.keys|Object\.entries/])]),
    all(['merge', 'mergeWith', 'defaultsDeep', 'set', 'setWith', 'zipObjectDeep'], JS_SOURCE_TRIGGERS),
  ],
});
