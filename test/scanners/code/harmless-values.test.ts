import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('pattern findings: values an attacker does not choose are not reported', () => {
  it('JavaScript: numbers, random captchas, lookup tables and allow-listed values', async () => {
    const code = [
      "const { exec } = require('child_process');",
      "app.get('/a', (req, res) => {",
      '  const n = Number(req.query.n);',
      "  exec('ls ' + n);",
      '  const m = +req.query.m;',
      '  exec(`ls ${m}`);',
      "  const col = COLUMNS[req.query.sort];",
      "  db.query('SELECT * FROM t ORDER BY ' + col);",
      "  const ext = req.query.ext;",
      "  if (!['png', 'jpg'].includes(ext)) return res.sendStatus(400);",
      "  exec('convert in.' + ext + ' out.png');",
      '});',
      'function captcha() {',
      '  const a = Math.floor(Math.random() * 10);',
      '  const b = Math.floor(Math.random() * 10);',
      "  const op = ['+', '-', '*'][Math.floor(Math.random() * 3)];",
      '  const question = a + op + b;',
      '  return { question, answer: eval(question) };',
      '}',
    ].join('\n');
    const findings = await scan('src/app.js', code);
    expect(byRule(findings, 'command-injection')).toEqual([]);
    expect(byRule(findings, 'sql-injection')).toEqual([]);
    expect(byRule(findings, 'code-injection')).toEqual([]);
  });

  it('JavaScript: a long captcha expression of random terms and constant operators', async () => {
    const code = [
      'function captcha() {',
      "  const ops = ['*', '+', '-'];",
      '  const t1 = Math.floor(Math.random() * 10 + 1);',
      '  const t2 = Math.floor(Math.random() * 10 + 1);',
      '  const t3 = Math.floor(Math.random() * 10 + 1);',
      '  const o1 = ops[Math.floor(Math.random() * 3)];',
      '  const o2 = ops[Math.floor(Math.random() * 3)];',
      '  const expression = t1.toString() + o1 + t2.toString() + o2 + t3.toString();',
      '  return eval(expression).toString();',
      '}',
      'function calc(req) {',
      '  const expression = (1).toString() + req.query.op + (2).toString() + req.query.op2 + (3).toString();',
      '  return eval(expression);',
      '}',
    ].join('\n');
    expect(byRule(await scan('src/captcha.js', code), 'code-injection').map((f) => f.line)).toEqual([13]);
  });

  it('JavaScript: an expression chosen only when the same expression passed an allow-list', async () => {
    const code = [
      "const fs = require('fs');",
      "app.post('/avatar', (req, res) => {",
      '  const url = req.body.imageUrl;',
      "  const ext = ['jpg', 'png'].includes(url.split('.').slice(-1)[0].toLowerCase()) ? url.split('.').slice(-1)[0].toLowerCase() : 'jpg';",
      '  fs.createWriteStream(`uploads/avatar.${ext}`);',
      "  const other = ['jpg', 'png'].includes(url.split('.').slice(-1)[0]) ? url.split('?')[0] : 'jpg';",
      '  fs.createWriteStream(`uploads/avatar.${other}`);',
      '});',
    ].join('\n');
    expect(byRule(await scan('src/avatar.js', code), 'path-traversal').map((f) => f.line)).toEqual([7]);
  });

  it('still reports values built from something not proven harmless', async () => {
    const code = [
      "const { exec } = require('child_process');",
      'function run(dir) {',
      "  exec('ls ' + dir);",
      '}',
      'function calc(expr) {',
      '  return eval(expr.trim());',
      '}',
      'function table(req) {',
      '  const row = rows[req.query.i];',
      "  db.query('SELECT * FROM t WHERE name = ' + row);",
      '}',
    ].join('\n');
    const findings = await scan('src/app.js', code);
    expect(byRule(findings, 'command-injection').map((f) => f.line)).toEqual([3]);
    expect(byRule(findings, 'code-injection').map((f) => f.line)).toEqual([6]);
    expect(byRule(findings, 'sql-injection').map((f) => f.line)).toEqual([10]);
  });

  it('Python: int()/float() values, random numbers and allow-listed values', async () => {
    const code = [
      'import random, subprocess',
      "@app.route('/a')",
      'def a():',
      "    n = int(request.args.get('n'))",
      "    subprocess.call('ls ' + str(n), shell=True)",
      "    f = float(request.args.get('f'))",
      "    subprocess.call('ls %s' % f, shell=True)",
      '    x = random.randint(1, 9)',
      '    y = random.randint(1, 9)',
      "    expr = str(x) + '+' + str(y)",
      '    answer = eval(expr)',
      "    kind = request.args.get('kind')",
      '    if kind not in ALLOWED:',
      '        abort(400)',
      "    subprocess.call('ls ' + kind, shell=True)",
      "    cursor.execute('SELECT * FROM t WHERE id = %s', (request.args['id'],))",
    ].join('\n');
    const findings = await scan('app/views.py', code);
    expect(byRule(findings, 'command-injection')).toEqual([]);
    expect(byRule(findings, 'code-injection')).toEqual([]);
    expect(byRule(findings, 'sql-injection')).toEqual([]);
  });
});

describe('pattern findings: harmless formatted text joined with an unknown value', () => {
  it('still reports SQL whose harmless %-formatted head is joined with a parameter', async () => {
    const code = [
      'class History:',
      '    def run(self, sql, params, raw=True):',
      "        column = 'source_raw' if raw else 'source'",
      '        query = "SELECT session, %s FROM history " % column + sql',
      '        return self.db.execute(query, params)',
    ].join('\n');
    expect(byRule(await scan('history.py', code), 'sql-injection').map((f) => f.line)).toEqual([5]);
  });

  it('a value is harmless only when it is on every path: a default set in a branch does not clear what came before', async () => {
    const defaulted = ['import os', '', 'def run(name):', '    if not name:', "        name = 'world'", "    os.system('echo ' + name)"].join('\n');
    expect(byRule(await scan('a.py', defaulted), 'command-injection').map((f) => f.line)).toEqual([6]);
    const fromCall = ['import os', '', 'def run():', '    name = load_name()', '    if not name:', "        name = 'world'", "    os.system('echo ' + name)"].join('\n');
    expect(byRule(await scan('a.py', fromCall), 'command-injection').map((f) => f.line)).toEqual([7]);
    const constant = ['import os', '', 'def run(flag):', "    name = 'moon'", '    if flag:', "        name = 'world'", "    os.system('echo ' + name)"].join('\n');
    expect(byRule(await scan('a.py', constant), 'command-injection')).toEqual([]);
  });
});
