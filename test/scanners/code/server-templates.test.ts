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
});
