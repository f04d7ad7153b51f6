/**
 * The JavaScript/Python engine core (and the per-function model's branches) reads node kinds and field names only through the language
 * profiles (src/scanners/code/language-profile.ts): a string literal in it that names a node kind
 * or a field of one of the code scanner's grammars is a violation, unless it is listed below as a
 * word the module uses for something else (a method or property name, the text of a literal).
 * Such a word is still a violation where it is compared with a node's `type` or `field`, is a
 * `case` of a switch on one, or names the field of a `child(…)` call.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { grammarVocabulary } from '../helpers/grammar-vocabulary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = 'src/scanners/code/';

/**
 * The engine core: the taint facade and its modules, the syntax helpers, constant folding, sink values, call shapes, imports, the repository pass's facts,
 * and the per-function model's branches (conditionals, switches and branches that leave, which its barrier facts are built on),
 * its local taint (taint.ts), its constant folding (fold.ts), its assignment table (assignments.ts), its constant values (values.ts),
 * its guards (the barrier facts), request sources, weak-hash inputs and what a value is stored under (purpose.ts).
 */
const ENGINE_CORE = ['taint.ts', 'taint/bindings.ts', 'taint/branches.ts', 'taint/containers.ts', 'taint/evaluate.ts', 'taint/guards.ts', 'taint/state.ts', 'taint/summaries.ts', 'taint/predicates.ts', 'ast.ts', 'calls.ts', 'constants.ts', 'sinks.ts', 'helpers.ts', 'imports.ts', 'cross-file/exports.ts', 'cross-file/extract.ts', 'cross-file/facts.ts', 'cross-file/modules.ts', 'cross-file/rerun.ts', 'cross-file/resolve.ts', 'function-model/branches.ts', 'function-model/taint.ts', 'function-model/fold.ts', 'function-model/assignments.ts', 'function-model/values.ts', 'function-model/sources.ts', 'function-model/purpose.ts', 'function-model/crypto.ts', 'function-model/guards.ts'].map((f) => CODE + f);

/** Words that name a kind or field in some grammar but are used otherwise here: file → word → why. */
const OTHER_USES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [`${CODE}taint/bindings.ts`]: { set: 'the method name of `map.set(k, v)`' },
  [`${CODE}taint/containers.ts`]: { index: 'a list method name (`lst.index(x)`)', slice: 'a list method name' },
  [`${CODE}taint/guards.ts`]: { slice: 'a string method name', in: 'the text of the Python operator', path: 'the sink kind of file paths' },
  [`${CODE}taint/predicates.ts`]: { index: 'a string method name (`s.index(x)`)', in: 'the text of the Python operator' },
  [`${CODE}taint/evaluate.ts`]: { length: 'a property name (`s.length`)' },
  [`${CODE}constants.ts`]: { length: 'a property name (`s.length`)', null: 'how JavaScript prints null', in: 'the text of the operator' },
  [`${CODE}sinks.ts`]: { length: 'a property name (`s.length`)', true: 'the text of a true literal', false: 'the text of a false literal', file: 'the keyword of Python `open(file=…)`' },
  [`${CODE}cross-file/extract.ts`]: { guard: 'a kind of fact (a predicate summary)', in: 'a word of the Python membership test, a prefilter trigger', import: 'a keyword, a prefilter trigger', return: 'a keyword, a prefilter trigger' },
  [`${CODE}cross-file/facts.ts`]: { guard: 'a kind of fact (a predicate summary)' },
  [`${CODE}cross-file/resolve.ts`]: { guard: 'a kind of fact (a predicate summary)' },
  [`${CODE}function-model/fold.ts`]: { this: 'the text of a receiver (`this.m()`)', self: 'the text of a receiver (Ruby `self.m`)' },
  [`${CODE}function-model/values.ts`]: { file: 'a URL scheme (`file://`)' },
  [`${CODE}function-model/crypto.ts`]: { file: 'a word naming a benign digest', path: 'a word naming a benign digest', tag: 'a word naming a benign digest' },
  [`${CODE}function-model/guards.ts`]: { receiver: 'an operand of a barrier row (`Operand`)', member: 'a kind of check (`CheckKind`)', kind: 'the property of `BarrierContext` naming the sink kind' },
  [`${CODE}function-model/purpose.ts`]: { key: 'a word naming a secret', code: 'a word naming an identifier or code' },
};

interface KindLiteral {
  readonly file: string;
  readonly line: number;
  readonly word: string;
}

/** `x.type`, `x?.type`, `x.field`. */
const isKindRead = (n: ts.Node): boolean => ts.isPropertyAccessExpression(n) && (n.name.text === 'type' || n.name.text === 'field');

/** Whether a literal sits where only a node kind or field name can: compared with `.type`/`.field`, a case of a switch on one, the field of `child()`. */
function inKindPosition(lit: ts.Node): boolean {
  const p = lit.parent;
  if (ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(p.operatorToken.kind)) {
    return isKindRead(p.left === lit ? p.right : p.left);
  }
  if (ts.isCaseClause(p)) return isKindRead(p.parent.parent.expression);
  if (ts.isCallExpression(p)) return ts.isIdentifier(p.expression) && p.expression.text === 'child' && p.arguments[1] === lit;
  return false;
}

/** The string literals of a module that name a grammar's node kind or field, except the listed other uses outside kind positions. */
function kindLiterals(file: string, text: string, vocabulary: ReadonlySet<string>, otherUses: Readonly<Record<string, string>> = {}): KindLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: KindLiteral[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && vocabulary.has(n.text)) {
      const p = n.parent;
      const typeofTest = ts.isBinaryExpression(p) && (ts.isTypeOfExpression(p.left) || ts.isTypeOfExpression(p.right));
      const moduleName = ts.isImportDeclaration(p) || ts.isExportDeclaration(p);
      if (!typeofTest && !moduleName && (otherUses[n.text] === undefined || inKindPosition(n))) {
        found.push({ file, line: source.getLineAndCharacterOfPosition(n.getStart()).line + 1, word: n.text });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

let vocabulary: ReadonlySet<string>;
beforeAll(async () => {
  vocabulary = await grammarVocabulary();
});

describe('engine core modules name no node kinds', () => {
  it('reads every kind and field through a language profile', () => {
    const found = ENGINE_CORE.flatMap((file) => kindLiterals(file, readFileSync(ROOT + file, 'utf8'), vocabulary, OTHER_USES[file]));
    expect(found.map((f) => `${f.file}:${f.line} '${f.word}'`)).toEqual([]);
  });

  it('lists only other uses that still occur', () => {
    for (const [file, words] of Object.entries(OTHER_USES)) {
      const text = readFileSync(ROOT + file, 'utf8');
      const all = kindLiterals(file, text, vocabulary);
      for (const word of Object.keys(words)) expect(all.some((f) => f.word === word), `${file}: ${word}`).toBe(true);
    }
  });
});

describe('the kind-literal check', () => {
  it('sees kinds compared with a type, in switches, in sets and as child() fields; not typeof tests or other uses', () => {
    const text = [
      "import { x } from 'call';",
      "if (node.type === 'call_expression') f();",
      "switch (n.type) { case 'attribute': break; }",
      "const KINDS = new Set(['member_expression']);",
      "const value = child(n, 'arguments');",
      "if (typeof v === 'string') g();",
      "if (method === 'set') h();",
      "if (n.field === 'set') h();",
    ].join('\n');
    const found = kindLiterals('planted.ts', text, vocabulary, { set: 'a method name' }).map((f) => `${f.line} ${f.word}`);
    expect(found).toEqual(['2 call_expression', '3 attribute', '4 member_expression', '5 arguments', '8 set']);
  });
});
