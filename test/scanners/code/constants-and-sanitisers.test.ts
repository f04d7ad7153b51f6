import { describe, expect, it } from 'vitest';
import { analyse } from '../../../src/scanners/code/scanner.js';
import { ConstMap, UNKNOWN } from '../../../src/scanners/code/constants.js';
import { loadAllLanguages, type SyntaxNode } from '../../../src/scanners/code/parser.js';
import { byRule, scan } from './helpers.js';

/** The constant the analysis gives the right-hand side of the last assignment to `x` in `code`. */
async function constantOfLast(path: string, code: string): Promise<unknown> {
  await loadAllLanguages();
  const language = path.endsWith('.py') ? 'python' : 'javascript';
  const ctx = analyse(path, code, language);
  if (!ctx) throw new Error('unparsable');
  const assigns = ctx.nodes.of(language === 'python' ? 'assignment' : 'variable_declarator');
  const last = assigns.filter((a) => code.slice(a.start, a.end).startsWith('x =')).at(-1) as SyntaxNode;
  const value = last.children.find((c) => c.field === (language === 'python' ? 'right' : 'value'));
  const v = ctx.taint.constantOf(value);
  return v === UNKNOWN ? 'UNKNOWN' : v instanceof ConstMap ? Object.fromEntries(v.entries) : v;
}

describe('constant evaluation (constants.ts)', () => {
  it('folds arithmetic, comparisons, membership, indexing and string methods', async () => {
    expect(await constantOfLast('a.py', 'num = 86\nx = 7 * 42 - num > 200')).toBe(true);
    expect(await constantOfLast('a.py', 'num = 106\nx = 7 * 18 + num > 200')).toBe(true);
    expect(await constantOfLast('a.py', 'possible = "ABC"\nx = possible[1]')).toBe('B');
    expect(await constantOfLast('a.py', 's = "This should never happen"\nx = "should" not in s')).toBe(false);
    expect(await constantOfLast('a.py', 'x = [1, 2, 3][-1] + len("abcd") // 3')).toBe(4);
    expect(await constantOfLast('a.py', 'x = "a-b".replace("-", "_").upper()[0:2]')).toBe('A_');
    expect(await constantOfLast('a.py', 'n = 2\nx = f"v{n}" if n > 1 else "w"')).toBe('v2');
    expect(await constantOfLast('a.js', 'const a = 3; const x = a === 3 ? `n${a}` : "z";')).toBe('n3');
    expect(await constantOfLast('a.js', 'const x = ({ a: 1, b: "2" });')).toEqual({ '"a"': 1, '"b"': '2' });
  });

  it('gives up on values that are not constant on every run', async () => {
    expect(await constantOfLast('a.py', 'x = request.args.get("a") == "b"')).toBe('UNKNOWN');
    expect(await constantOfLast('a.py', 'def f(p):\n    n = 1\n    if p:\n        n = 2\n    x = n > 1')).toBe('UNKNOWN');
    // A variable changed in the loop around its use is not the constant it started as.
    expect(await constantOfLast('a.py', 'def f(items):\n    first = True\n    for i in items:\n        x = first\n        first = False')).toBe('UNKNOWN');
    expect(await constantOfLast('a.js', 'let i = 0; for (;;) { i++; const x = i === 0; }')).toBe('UNKNOWN');
    expect(await constantOfLast('a.py', 'import os\nx = "Windows" in os.name')).toBe('UNKNOWN');
  });
});

describe('taint: branches a constant condition decides', () => {
  it('drops the branch an always-true or always-false condition never runs (if, elif, else, ternary)', async () => {
    const code = [
      "@app.route('/a')",
      'def a():',
      "    param = request.args.get('p')",
      '    num = 86',
      '    if 7 * 42 - num > 200:',
      "        bar = 'safe'",
      '    else:',
      '        bar = param',
      '    os.system(f"echo {bar}")',
      "    baz = 'safe' if 7 * 18 + num > 200 else param",
      '    os.system(f"echo {baz}")',
      '    return redirect(bar)',
    ].join('\n');
    const findings = await scan('app/views.py', code);
    expect(byRule(findings, 'command-injection')).toEqual([]);
    expect(byRule(findings, 'open-redirect')).toEqual([]);
    // The same code with the condition reversed runs the tainted branch.
    const reversed = await scan('app/views.py', code.replace('if 7 * 42 - num > 200', 'if 7 * 42 - num < 200').replace('7 * 18 + num > 200', '7 * 18 + num < 200'));
    expect(byRule(reversed, 'command-injection').filter((f) => f.confidence >= 0.9)).toHaveLength(2);
    expect(byRule(reversed, 'open-redirect')).toHaveLength(1);
  });

  it('follows the case a match on a constant takes, and an if a constant condition always enters', async () => {
    const code = (guess: number, test: string) =>
      [
        "@app.route('/a')",
        'def a():',
        "    param = request.args.get('p')",
        '    possible = "ABC"',
        `    guess = possible[${guess}]`,
        '    match guess:',
        "        case 'A':",
        '            bar = param',
        "        case 'B':",
        "            bar = 'bob'",
        "        case 'C' | 'D':",
        '            bar = param',
        '        case _:',
        "            bar = 'other'",
        '    baz = "This should never happen"',
        `    if ${test}:`,
        '        baz = param',
        '    return redirect(bar), redirect(baz)',
      ].join('\n');
    const lines = async (g: number, test: string) => byRule(await scan('app/views.py', code(g, test)), 'open-redirect').map((f) => f.description.includes('param') || f.description.includes('request'));
    expect(await lines(1, "'should' not in baz")).toEqual([]);
    expect((await lines(0, "'should' not in baz")).length).toBe(1);
    expect((await lines(2, "'should' not in baz")).length).toBe(1);
    expect((await lines(1, "'should' in baz")).length).toBe(1);
  });

  it('JavaScript: a switch on a constant and an always-false if', async () => {
    const code = [
      "const { exec } = require('child_process');",
      "app.get('/x', (req, res) => {",
      "  const mode = 'fast';",
      "  let cmd = 'ls';",
      '  switch (mode) {',
      "    case 'slow': cmd = req.query.cmd; break;",
      "    case 'fast': cmd = 'ls -l'; break;",
      '  }',
      "  if (mode !== 'fast') cmd = req.query.other;",
      '  exec(cmd);',
      '});',
    ].join('\n');
    expect(byRule(await scan('src/a.js', code), 'command-injection')).toEqual([]);
    expect(byRule(await scan('src/a.js', code.replace("const mode = 'fast'", "const mode = 'slow'")), 'command-injection')).toHaveLength(1);
  });
});

describe('taint: lists and maps read by a constant index or key', () => {
  it('reads the element a list built in straight-line code holds at that index', async () => {
    const code = (index: number) =>
      [
        "@app.route('/a')",
        'def a():',
        "    param = request.args.get('p')",
        '    lst = []',
        "    lst.append('safe')",
        '    lst.append(param)',
        "    lst.append('moresafe')",
        '    lst.pop(0)',
        `    bar = lst[${index}]`,
        '    return redirect(bar)',
      ].join('\n');
    expect(byRule(await scan('app/views.py', code(1)), 'open-redirect')).toEqual([]);
    expect(byRule(await scan('app/views.py', code(0)), 'open-redirect')).toHaveLength(1);
    // A list that escapes (passed to a function that may change it) is not modelled.
    const escaped = code(1).replace('    lst.pop(0)\n', '    lst.pop(0)\n    shuffle(lst)\n');
    expect(byRule(await scan('app/views.py', escaped), 'open-redirect')).toHaveLength(1);
  });

  it('reads config parser, dict and Map slots by their literal keys', async () => {
    const py = (key: string) =>
      [
        "@app.route('/a')",
        'def a():',
        "    param = request.headers.get('p')",
        '    conf = configparser.ConfigParser()',
        "    conf.add_section('s')",
        "    conf.set('s', 'keyA', 'a_Value')",
        "    conf.set('s', 'keyB', param)",
        `    bar = conf.get('s', '${key}')`,
        '    m = {}',
        "    m['keyA'] = 'a-Value'",
        '    m["keyB"] = param',
        `    baz = m['${key}']`,
        '    os.system("echo " + bar)',
        '    os.system("echo " + baz)',
      ].join('\n');
    expect(byRule(await scan('app/views.py', py('keyA')), 'command-injection')).toEqual([]);
    expect(byRule(await scan('app/views.py', py('keyB')), 'command-injection').filter((f) => f.confidence >= 0.9)).toHaveLength(2);
    const js = (key: string) =>
      ["const { exec } = require('child_process');", "app.get('/x', (req, res) => {", '  const m = new Map();', "  m.set('a', 'ls');", "  m.set('b', req.query.cmd);", `  exec(m.get('${key}'));`, '});'].join('\n');
    expect(byRule(await scan('src/a.js', js('a')), 'command-injection')).toEqual([]);
    expect(byRule(await scan('src/a.js', js('b')), 'command-injection')).toHaveLength(1);
  });
});

describe('taint: sanitisers protect the sinks they are for', () => {
  it('html.escape protects HTML output, not a redirect or a shell command; shlex.quote the reverse', async () => {
    const code = [
      'import html, shlex',
      "@app.route('/a')",
      'def a():',
      "    param = request.args.get('p')",
      '    bar = html.escape(param)',
      "    os.system('echo ' + shlex.quote(param))",
      "    os.system('echo ' + bar)",
      "    resp = '<p>' + bar + '</p>'",
      '    return redirect(bar)',
    ].join('\n');
    const findings = await scan('app/views.py', code);
    expect(byRule(findings, 'open-redirect')).toHaveLength(1);
    expect(byRule(findings, 'command-injection').filter((f) => f.confidence >= 0.9).map((f) => f.line)).toEqual([7]);
  });

  it('a local wrapper keeps what it sanitises for', async () => {
    const code = [
      'import html',
      'def clean(v):',
      '    return html.escape(v)',
      "@app.route('/a')",
      'def a():',
      "    return redirect(clean(request.args.get('p')))",
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'open-redirect')).toHaveLength(1);
  });
});

describe('taint: URL host checks protect redirects', () => {
  it('a parsed URL whose host is checked against an allow-list, and Django url_has_allowed_host_and_scheme', async () => {
    const code = [
      'import urllib.parse',
      "@app.route('/a')",
      'def a():',
      "    bar = request.args.get('next')",
      '    url = urllib.parse.urlparse(bar)',
      "    if url.netloc not in ['example.com'] or url.scheme != 'https':",
      "        return 'Invalid URL.'",
      "    os.system('echo ' + bar)",
      '    return redirect(bar)',
      '',
      "@app.route('/b')",
      'def b():',
      "    target = request.GET.get('next')",
      '    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):',
      "        target = '/'",
      '        return redirect(target)',
      '    return redirect(target)',
    ].join('\n');
    const findings = await scan('app/views.py', code);
    expect(byRule(findings, 'open-redirect')).toEqual([]);
    // The host check does not make the value safe in a shell command.
    expect(byRule(findings, 'command-injection').filter((f) => f.confidence >= 0.9)).toHaveLength(1);
    const unchecked = code.replace("    if url.netloc not in ['example.com'] or url.scheme != 'https':\n        return 'Invalid URL.'\n", '');
    expect(byRule(await scan('app/views.py', unchecked), 'open-redirect')).toHaveLength(1);
  });

  it('JavaScript: new URL(x).hostname compared with a constant', async () => {
    const code = [
      "app.get('/go', (req, res) => {",
      '  const target = req.query.next;',
      "  if (new URL(target).hostname !== 'example.com') return res.sendStatus(400);",
      '  res.redirect(target);',
      '});',
    ].join('\n');
    expect(byRule(await scan('src/a.js', code), 'open-redirect')).toEqual([]);
  });
});

describe('command injection: list-form commands that run a shell', () => {
  it('Python: subprocess with [sh, -c, cmd] built in branches, without shell=True', async () => {
    const code = [
      'import os, subprocess',
      "@app.route('/a')",
      'def a():',
      "    bar = request.form.get('p')",
      '    argList = []',
      '    if "Windows" in os.name:',
      '        argList.append("cmd.exe")',
      '        argList.append("/c")',
      '    else:',
      '        argList.append("sh")',
      '        argList.append("-c")',
      '    argList.append(f"echo {bar}")',
      '    return subprocess.run(argList, capture_output=True).stdout',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'command-injection')).toHaveLength(1);
    // The same program without a shell: arguments are not parsed by a shell.
    const direct = code.replace(/argList\.append\("(?:cmd\.exe|\/c|sh|-c)"\)/g, 'argList.append("echo")');
    expect(byRule(await scan('app/views.py', direct), 'command-injection')).toEqual([]);
  });

  it('JavaScript: spawn(sh, [-c, cmd])', async () => {
    const code = ["const { spawn, execFile } = require('child_process');", "app.get('/x', (req, res) => {", "  spawn('sh', ['-c', 'ls ' + req.query.dir]);", "  execFile('ls', ['-l', req.query.dir]);", '});'].join('\n');
    expect(byRule(await scan('src/a.js', code), 'command-injection').map((f) => f.line)).toEqual([3]);
  });
});

describe('deserialisation of data the code itself holds', () => {
  const deser = async (code: string) => byRule(await scan('app.py', code), 'insecure-deserialization');
  it('is quiet on bytes proven constant, reports unknown data on sight and request data with taint', async () => {
    expect(await deser('import pickle\nstate = pickle.loads(b"\\x80\\x04K\\x01.")\n')).toHaveLength(0);
    expect(await deser('import base64, pickle\nbar = "gASVBQAAAAAAAACMAWGULg=="\nstate = pickle.loads(base64.urlsafe_b64decode(bar))\n')).toHaveLength(0);
    expect(await deser('import base64, pickle\ndef f(bar):\n    return pickle.loads(base64.urlsafe_b64decode(bar))\n')).toHaveLength(1);
    expect(await deser('import pickle\ndef f(flag):\n    data = b"a" if flag else b"b"\n    return pickle.loads(data)\n')).toHaveLength(1);
    expect(await deser('import pickle\ndef f(path):\n    with open(path, "rb") as fh:\n        return pickle.loads(fh.read())\n')).toHaveLength(1);
    const tainted = await deser('import pickle\nfrom flask import request\n@app.route("/r", methods=["POST"])\ndef r():\n    return pickle.loads(request.data)\n');
    expect(tainted).toHaveLength(1);
    expect(tainted[0]?.confidence).toBeGreaterThan(0.8);
  });
});

describe('sanitisers that depend on their argument (log injection)', () => {
  const login = (expr: string): string => `app.post('/login', (req, res) => {\n  const user = req.body.user;\n  console.log('failed login: ' + ${expr});\n  res.sendStatus(401);\n});\n`;

  it('a replace that removes line breaks stops the flow; any other replace does not', async () => {
    expect(byRule(await scan('app.js', login('user')), 'log-injection')).toHaveLength(1);
    expect(byRule(await scan('app.js', login("user.replace(/\\n|\\r/g, '')")), 'log-injection')).toHaveLength(0);
    expect(byRule(await scan('app.js', login("user.replaceAll('\\n', ' ')")), 'log-injection')).toHaveLength(0);
    expect(byRule(await scan('app.js', login("user.replace('admin', 'x')")), 'log-injection')).toHaveLength(1);
    // Escaping for HTML keeps line breaks: still reported.
    expect(byRule(await scan('app.js', login('escapeHtml(user)')), 'log-injection')).toHaveLength(1);
  });

  it('an object given to a logger is written serialised, and JSON loggers escape line breaks: not reported', async () => {
    const route = (line: string): string => `app.post('/p', (req, res) => {\n  ${line}\n  res.end();\n});\n`;
    expect(byRule(await scan('app.js', route('logger.info({ body: req.body }, "received");')), 'log-injection')).toEqual([]);
    expect(byRule(await scan('app.js', route('console.log([req.query.q]);')), 'log-injection')).toEqual([]);
    expect(byRule(await scan('app.js', route('req.log.info("received " + req.body.name);')), 'log-injection')).toEqual([]);
    expect(byRule(await scan('app.js', route('logger.info("received " + req.body.name);')), 'log-injection')).toHaveLength(1);
  });

  it('in Python: str.replace of a line break and repr stop the flow', async () => {
    const view = (expr: string): string => `@app.route('/login', methods=['POST'])\ndef login():\n    user = request.form['user']\n    logging.warning('failed login: %s', ${expr})\n    return 'no', 401\n`;
    expect(byRule(await scan('app.py', view('user')), 'log-injection')).toHaveLength(1);
    expect(byRule(await scan('app.py', view("user.replace('\\n', '')")), 'log-injection')).toHaveLength(0);
    expect(byRule(await scan('app.py', view('repr(user)')), 'log-injection')).toHaveLength(0);
    expect(byRule(await scan('app.py', view("user.replace('a', 'b')")), 'log-injection')).toHaveLength(1);
  });
});
