/**
 * Checks that make a value safe without naming an allow-list: a key the code found in a table
 * first (a lookup function whose result is checked for null), and a file name checked to hold no
 * path separator. Each with the same code unchecked (reported) beside it.
 */
import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const lookup = (check: string, table = "new Map([['login', 'a.yml']])"): string =>
  [
    "const fs = require('fs')",
    `const TABLE = ${table}`,
    'const find = async (key) => {',
    '  if (TABLE.has(key)) {',
    '    return TABLE.get(key) ?? null',
    '  }',
    '  return null',
    '}',
    "app.post('/verdict', async (req, res) => {",
    '  const key = req.body.key',
    '  const found = await find(key)',
    `  ${check}`,
    "  res.send(fs.readFileSync('./data/' + key + '.yml'))",
    '})',
  ].join('\n');

describe('a key found in a table first', () => {
  it('is safe past a null check of the lookup result (`== null`, `!found`, `=== undefined`)', async () => {
    for (const check of ['if (found == null) return res.status(404).end()', 'if (!found) { return res.status(404).end() }', 'if (found === undefined) return res.status(404).end()']) {
      expect(byRule(await scan('src/verdict.js', lookup(check)), 'path-traversal'), check).toEqual([]);
    }
  });

  it('is still request data when the result is not checked, or the function is no lookup', async () => {
    expect(byRule(await scan('src/verdict.js', lookup('res.set("X-Found", String(found))')), 'path-traversal')).toHaveLength(1);
    // A lookup that returns something for any key (a default) proves nothing about the key.
    const withDefault = lookup('if (found == null) return res.status(404).end()').replace('  return null\n}', "  return 'default.yml'\n}");
    expect(byRule(await scan('src/verdict.js', withDefault), 'path-traversal')).toHaveLength(1);
    // A substring test of the key is no table lookup.
    const substring = lookup('if (found == null) return res.status(404).end()').replace('if (TABLE.has(key))', "if ('login logout'.includes(key))");
    expect(byRule(await scan('src/verdict.js', substring), 'path-traversal')).toHaveLength(1);
  });

  it('works for Python `is None` checks', async () => {
    const code = (check: string): string =>
      [
        'import os',
        'from flask import request',
        "TABLE = {'login': 'a.yml'}",
        'def find(key):',
        '    if key in TABLE:',
        '        return TABLE[key]',
        '    return None',
        "@app.route('/verdict', methods=['POST'])",
        'def verdict():',
        "    key = request.form['key']",
        '    found = find(key)',
        `    ${check}`,
        "    return open(os.path.join('data', key + '.yml')).read()",
      ].join('\n');
    expect(byRule(await scan('app/views.py', code('if found is None:\n        abort(404)')), 'path-traversal')).toEqual([]);
    expect(byRule(await scan('app/views.py', code('print(found)')), 'path-traversal')).toHaveLength(1);
  });
});

describe('a file name without a path separator', () => {
  const serve = (check: string): string =>
    [
      "import path from 'node:path'",
      "app.get('/keys/:file', (req, res, next) => {",
      '  const file = req.params.file',
      `  if (${check}) {`,
      "    res.sendFile(path.resolve('keys/', file))",
      '  } else {',
      '    next(new Error(\'no\'))',
      '  }',
      '})',
    ].join('\n');

  it('is safe for path sinks once checked (`!file.includes(\'/\')`)', async () => {
    expect(byRule(await scan('src/keys.ts', serve("!file.includes('/')")), 'path-traversal')).toEqual([]);
  });

  it('is not safe after a check for another character, or for other sinks', async () => {
    expect(byRule(await scan('src/keys.ts', serve("!file.includes('\\\\0')")), 'path-traversal')).toHaveLength(1);
    expect(byRule(await scan('src/keys.ts', serve("file.includes('/')")), 'path-traversal')).toHaveLength(1);
    const html = "app.get('/k/:file', (req, res) => {\n  const file = req.params.file\n  if (!file.includes('/')) res.send('<p>' + file + '</p>')\n})";
    expect(byRule(await scan('src/keys.ts', html), 'reflected-xss')).toHaveLength(1);
  });

  it('works for Python `not in` checks', async () => {
    const code = (check: string): string =>
      ['import os', 'from flask import request, send_file', "@app.route('/keys')", 'def keys():', "    name = request.args['f']", `    if ${check}:`, "        return send_file(os.path.join('keys', name))"].join('\n');
    expect(byRule(await scan('app/keys.py', code("'/' not in name")), 'path-traversal')).toEqual([]);
    expect(byRule(await scan('app/keys.py', code("'..' not in name")), 'path-traversal')).toHaveLength(1);
  });
});
