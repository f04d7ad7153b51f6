import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('Pillow ImageMath, detached $where clauses and Django/Jinja template files', () => {
  it('reports request data evaluated by ImageMath.eval, not a constant expression', async () => {
    const code = [
      'from PIL import ImageMath',
      'def convert(request):',
      "    expr = request.POST.get('function')",
      '    a = ImageMath.eval(expr, a=img)',
      "    b = ImageMath.eval(\"convert(a, 'L')\", a=img)",
      '    return a, b',
    ].join('\n');
    expect(byRule(await scan('views.py', code), 'code-injection').map((f) => f.line)).toEqual([4]);
  });

  it('reports a $where clause built at run time in a criteria helper, not a constant one', async () => {
    const code = [
      'function Allocations(col) {',
      '  this.byThreshold = (userId, threshold, done) => {',
      '    const criteria = () => {',
      "      if (threshold) return { $where: `this.userId == ${userId} && this.stocks > '${threshold}'` };",
      "      return { $where: 'this.stocks > 0' };",
      '    };',
      '    col.find(criteria()).toArray(done);',
      '  };',
      '}',
    ].join('\n');
    const found = byRule(await scan('app/data/allocations.js', code), 'nosql-injection');
    expect(found.map((f) => [f.line, f.severity])).toEqual([[4, 'MEDIUM']]);
  });

  it('reports |safe of a variable and autoescape off in a Django template, not |safe of a literal', async () => {
    const html = [
      '{% extends "base.html" %}',
      '<h3>You searched for {{ query|safe }}</h3>',
      '<p>{{ "<b>fixed</b>"|safe }}</p>',
      '<p>{{ name }}</p>',
      '{% autoescape off %}{{ bio }}{% endautoescape %}',
    ].join('\n');
    const found = byRule(await scan('app/templates/search.html', html), 'jinja-unescaped-output');
    expect(found.map((f) => [f.line, f.severity])).toEqual([
      [2, 'MEDIUM'],
      [5, 'MEDIUM'],
    ]);
  });

  it('reports swig and nunjucks configured without escaping, not with escaping on', async () => {
    const code = [
      "const swig = require('swig');",
      "const nunjucks = require('nunjucks');",
      'swig.setDefaults({ autoescape: false });',
      'swig.setDefaults({ autoescape: true });',
      "nunjucks.configure('views', { autoescape: false });",
      "nunjucks.configure('views', { autoescape: true });",
    ].join('\n');
    expect(byRule(await scan('server.js', code), 'jinja-unescaped-output').map((f) => f.line)).toEqual([3, 5]);
  });

  it('reports a session secret kept as a literal in a configuration object, not one read from the environment', async () => {
    const code = ['module.exports = {', "  cookieSecret: 'session_cookie_secret_key_here',", '  sessionSecret: process.env.SESSION_SECRET,', '};', "const labels = { secretKey: 'Secret key' };"].join('\n');
    expect(byRule(await scan('config/env/all.js', code), 'hardcoded-session-secret').map((f) => f.line)).toEqual([2]);
  });

  it('reports the libxml2 XML_PARSE_NOENT option, not other parse options', async () => {
    const code = [
      "import * as libxml2 from 'libxml2-wasm';",
      'export function parse(data: string) {',
      '  const loose = libxml2.ParseOption.XML_PARSE_NOENT | libxml2.ParseOption.XML_PARSE_NOBLANKS;',
      '  const strict = libxml2.ParseOption.XML_PARSE_NONET | libxml2.ParseOption.XML_PARSE_NOBLANKS;',
      '  return [libxml2.XmlDocument.fromString(data, { option: loose }), libxml2.XmlDocument.fromString(data, { option: strict })];',
      '}',
    ].join('\n');
    expect(byRule(await scan('lib/xml.ts', code), 'xxe').map((f) => f.line)).toEqual([3]);
  });
});
