import { beforeAll, describe, expect, it } from 'vitest';
import { stringValue } from '../../../src/scanners/code/ast.js';
import { constantString, describeSource, flowOf, hasFixedOrigin, isDynamic, isFalseLiteral, isTrueLiteral, sink, stringLiteral, taintSource } from '../../../src/scanners/code/helpers.js';
import { loadAllLanguages, type CodeLanguage, type SyntaxNode } from '../../../src/scanners/code/parser.js';
import type { RuleContext } from '../../../src/scanners/code/rule.js';
import { analyse } from '../../../src/scanners/code/scanner.js';

/** The context of `code` and the first argument of its last call to `name`. */
function argOf(path: string, language: CodeLanguage, code: string, name: string): { ctx: RuleContext; arg: SyntaxNode } {
  const ctx = analyse(path, code, language);
  if (!ctx) throw new Error('unparsable');
  const call = ctx.calls.filter((c) => c.name === name).at(-1);
  const arg = call?.args[0];
  if (!arg) throw new Error(`no call to ${name}`);
  return { ctx, arg };
}
const js = (code: string, name = 'f') => argOf('a.js', 'javascript', code, name);
const php = (code: string, name = 'f') => argOf('a.php', 'php', `<?php\n${code}`, name);

beforeAll(async () => {
  await loadAllLanguages();
});

describe('the rule helper API dispatches to the engine of the language, keeping each engine’s meaning', () => {
  it('literal false: PHP also takes `off`, JavaScript does not', () => {
    let { ctx, arg } = php("f('off');");
    expect(isFalseLiteral(ctx, arg)).toBe(true);
    ({ ctx, arg } = js("f('off');"));
    expect(isFalseLiteral(ctx, arg)).toBe(false);
    ({ ctx, arg } = js('f(false);'));
    expect(isFalseLiteral(ctx, arg)).toBe(true);
    ({ ctx, arg } = php("f('on');"));
    expect(isTrueLiteral(ctx, arg)).toBe(true);
    ({ ctx, arg } = js("f('on');"));
    expect(isTrueLiteral(ctx, arg)).toBe(false);
  });

  it('a constant string: the PHP model follows the variable, the JavaScript helper reads the literal only', () => {
    let { ctx, arg } = php("$h = 'Location';\nf($h);");
    expect(constantString(ctx, arg)).toBe('Location');
    ({ ctx, arg } = js("const h = 'Location';\nf(h);"));
    expect(constantString(ctx, arg)).toBeUndefined();
    ({ ctx, arg } = js("f('Location');"));
    expect(constantString(ctx, arg)).toBe('Location');
  });

  it('a string literal: Go’s is read by the function model (the JavaScript/Python reader does not know its node)', () => {
    const { ctx, arg } = argOf('a.go', 'go', 'package main\nfunc main() { f("sh") }', 'f');
    expect(stringLiteral(ctx, arg)).toBe('sh');
    expect(stringValue(ctx.text, arg, ctx.profile)).toBeUndefined();
    const j = js("f('sh');");
    expect(stringLiteral(j.ctx, j.arg)).toBe('sh');
  });

  it('a fixed origin: a relative path with a fixed head counts in the PHP model, not in the JavaScript helper', () => {
    let { ctx, arg } = php("f('reports/' . $name);");
    expect(hasFixedOrigin(ctx, arg)).toBe(true);
    ({ ctx, arg } = js("f('reports/' + name);"));
    expect(hasFixedOrigin(ctx, arg)).toBe(false);
    ({ ctx, arg } = js("f('/reports/' + name);"));
    expect(hasFixedOrigin(ctx, arg)).toBe(true);
    ({ ctx, arg } = php("f('Location: /home?x=' . $x);"));
    expect(hasFixedOrigin(ctx, arg, /^Location:\s*/i)).toBe(true);
    expect(hasFixedOrigin(ctx, arg)).toBe(false);
  });

  it('dynamic strings in both engines', () => {
    let { ctx, arg } = php('f("SELECT * FROM t WHERE id = $id");');
    expect(isDynamic(ctx, arg)).toBe(true);
    ({ ctx, arg } = php('f("SELECT 1");'));
    expect(isDynamic(ctx, arg)).toBe(false);
    ({ ctx, arg } = js('f(`SELECT * FROM t WHERE id = ${id}`);'));
    expect(isDynamic(ctx, arg)).toBe(true);
    ({ ctx, arg } = js('f(`SELECT 1`);'));
    expect(isDynamic(ctx, arg)).toBe(false);
  });

  it('sinks and flows: request data is followed by the engine of the language', () => {
    const p = php("$c = $_GET['cmd'];\nsystem($c);", 'system');
    const m = sink(p.ctx, p.arg, p.arg, { pattern: false, what: 'the command', kind: 'shell' });
    expect(m?.taint?.source).toBe('$_GET');
    expect(m?.detail).toBe('Request data from `$_GET` reaches the command.');
    expect(flowOf(p.ctx, p.arg, { kind: 'shell' })).toEqual({ source: '$_GET', line: 2 });
    expect(taintSource(p.ctx, p.arg, { kind: 'shell' })).toBe('$_GET');
    expect(describeSource(p.ctx, m?.taint ?? { source: '', line: 0 })).toBe('`$_GET`');
    // A sanitiser passed for this sink clears the PHP flow; the pattern is then tested.
    const escaped = php("$c = my_escape($_GET['cmd']);\nsystem($c);", 'system');
    expect(sink(escaped.ctx, escaped.arg, escaped.arg, { pattern: false, what: 'the command', kind: 'shell', sanitisers: new Set(['my_escape']) })).toBeUndefined();
    expect(sink(escaped.ctx, escaped.arg, escaped.arg, { pattern: (a) => a.type === 'variable_name', what: 'the command', kind: 'shell', sanitisers: new Set(['my_escape']) })?.unproven).toBe(true);

    const j = js("const { exec } = require('child_process');\napp.get('/', (req, res) => { exec(req.query.cmd); });", 'exec');
    const jm = sink(j.ctx, j.arg, j.arg, { pattern: false, what: 'the command', kind: 'shell' });
    expect(jm?.taint).toBeDefined();
    expect(flowOf(j.ctx, j.arg, { kind: 'shell' })).toEqual(j.ctx.taint.taintOf(j.arg, 'shell'));
    const described = j.ctx.taint.describe(jm?.taint ?? { source: '', line: 0 });
    expect(describeSource(j.ctx, jm?.taint ?? { source: '', line: 0 })).toBe(described);
    expect(taintSource(j.ctx, j.arg, { kind: 'shell' })).toBe(described);
    expect(jm?.detail).toBe(`Request data from ${described} reaches the command.`);
  });
});
