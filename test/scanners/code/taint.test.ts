import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('taint: JavaScript/TypeScript sources and propagation', () => {
  it('follows destructuring into a template string and names the source and its line', async () => {
    const code = "app.get('/u', async (req, res) => {\n  const { id } = req.query;\n  await db.query(`SELECT * FROM users WHERE id = ${id}`);\n});";
    const [f, ...rest] = byRule(await scan('src/a.js', code), 'sql-injection');
    expect(rest).toEqual([]);
    expect(f?.confidence).toBe(0.9);
    expect(f?.line).toBe(3);
    expect(f?.column).toBe(9);
    expect(f?.description).toContain('`req.query` (line 2)');
  });

  it('gives the column in UTF-16 code units after CRLF line ends, tabs and astral characters', async () => {
    const code = "app.get('/u', async (req, res) => {\r\n  const id = req.query.id; // 😀\r\n\tconst s = '😀'; await db.query(`SELECT * FROM users WHERE id = ${id}`);\r\n});";
    const [f] = byRule(await scan('src/a.js', code), 'sql-injection');
    expect(f?.line).toBe(3);
    // A tab and `const s = '😀'; await ` (the emoji two code units) come first: 23 units, so the call is at the 24th.
    expect(f?.column).toBe(24);
  });

  it('follows nested destructuring with renames and defaults', async () => {
    const code = "router.post('/x', (req, res) => {\n  const { user: { name: who = 'x' } } = req.body;\n  child_process.exec('finger ' + who);\n});\nconst child_process = require('child_process');";
    const [f] = byRule(await scan('src/a.ts', code), 'command-injection');
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain('req.body');
  });

  it('follows concatenation and += across statements', async () => {
    const code = "function list(req, res) {\n  let sql = 'SELECT * FROM items WHERE owner = ';\n  sql += \"'\" + req.params.owner + \"'\";\n  return connection.execute(sql);\n}";
    const [f] = byRule(await scan('src/a.js', code), 'sql-injection');
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain('`req.params.owner` (line 3)');
  });

  it('follows a local wrapper function whose return value is built from its parameter', async () => {
    const code = [
      "const { exec } = require('node:child_process');",
      'function buildCommand(dir) {',
      '  const cmd = `ls -la ${dir}`;',
      '  return cmd;',
      '}',
      'const quoted = (s) => "\'" + s + "\'";',
      "app.get('/ls', (req, res) => {",
      '  exec(buildCommand(req.query.dir));',
      '  exec(`cat ${quoted(req.query.file)}`);',
      '});',
    ].join('\n');
    const found = byRule(await scan('src/a.js', code), 'command-injection');
    expect(found.map((f) => [f.line, f.confidence])).toEqual([
      [8, 0.9],
      [9, 0.9],
    ]);
  });

  it('does not carry taint through a wrapper that ignores its parameter', async () => {
    const code = "const fs = require('fs');\nfunction safeName(name) {\n  return 'report.txt';\n}\napp.get('/f', (req, res) => res.send(fs.readFileSync(safeName(req.query.f))));";
    expect(byRule(await scan('src/a.js', code), 'path-traversal')).toEqual([]);
  });

  it('treats Koa, Fastify and Next.js request data as sources', async () => {
    const koa = 'router.get(\'/go\', async (ctx) => {\n  ctx.redirect(ctx.query.next);\n});';
    const fastify = "fastify.get('/go', async (request, reply) => {\n  return reply.redirect(request.query.next);\n});";
    const next = "export async function GET(request: NextRequest) {\n  const target = request.nextUrl.searchParams.get('url');\n  const upstream = await fetch(target!);\n  return new Response(upstream.body);\n}";
    const body = "export async function POST(req: Request) {\n  const payload = await req.json();\n  const { exec } = await import('child_process');\n  exec(payload.command);\n}";
    expect(byRule(await scan('src/koa.js', koa), 'open-redirect')).toHaveLength(1);
    expect(byRule(await scan('src/fastify.js', fastify), 'open-redirect')).toHaveLength(1);
    const [ssrf] = byRule(await scan('app/api/route.ts', next), 'ssrf');
    expect(ssrf?.description).toContain("request.nextUrl.searchParams.get('url')");
    expect(byRule(await scan('app/api/run/route.ts', body), 'command-injection').map((f) => f.confidence)).toEqual([0.9]);
  });

  it('follows for-of loops over request data', async () => {
    const code = "app.post('/bulk', async (req, res) => {\n  for (const id of req.body.ids) await db.query('DELETE FROM t WHERE id = ' + id);\n});";
    expect(byRule(await scan('src/a.js', code), 'sql-injection').map((f) => f.confidence)).toEqual([0.9]);
  });

  it('reports a dynamic query from unknown values as a pattern match only', async () => {
    const code = 'export function find(name: string) {\n  return db.query(`SELECT * FROM users WHERE name = \'${name}\'`);\n}';
    const [f] = byRule(await scan('src/a.ts', code), 'sql-injection');
    expect(f?.confidence).toBe(0.5);
    expect(f?.description).not.toContain('Request data');
  });
});

describe('taint: sanitisers and guards', () => {
  it('stops at Number() and parseInt(): numbers in SQL text are not reported, even as a pattern', async () => {
    const code = "app.get('/u', async (req, res) => {\n  const id = Number(req.query.id);\n  const page = parseInt(req.query.page, 10);\n  await db.query(`SELECT * FROM users WHERE id = ${id} LIMIT 10 OFFSET ${page}`);\n  await db.query(`SELECT * FROM users WHERE name = '${req.query.name}'`);\n});";
    const found = byRule(await scan('src/a.js', code), 'sql-injection');
    expect(found.map((f) => [f.line, f.confidence])).toEqual([[5, 0.9]]);
  });

  it('stops at path.basename', async () => {
    const code = "const fs = require('fs');\nconst path = require('path');\napp.get('/f', (req, res) => {\n  const name = path.basename(req.query.file);\n  res.sendFile(path.join(ROOT, name));\n  fs.createReadStream(path.join(ROOT, req.query.file)).pipe(res);\n});";
    const found = byRule(await scan('src/a.js', code), 'path-traversal');
    expect(found.map((f) => f.line)).toEqual([6]);
  });

  it('stops at encodeURIComponent and HTML escapers', async () => {
    const code = "const validator = require('validator');\napp.get('/h', (req, res) => {\n  res.send('<a href=\"/s?q=' + encodeURIComponent(req.query.q) + '\">' + validator.escape(req.query.q) + '</a>');\n  res.send('<p>' + req.query.q + '</p>');\n});";
    expect(byRule(await scan('src/a.js', code), 'reflected-xss').map((f) => f.line)).toEqual([4]);
  });

  it('accepts allow-list guards that leave the handler, and scopes positive guards to their block', async () => {
    const code = [
      "const ALLOWED = new Set(['/home', '/account']);",
      "app.get('/a', (req, res) => {",
      '  const next = req.query.next;',
      "  if (!ALLOWED.has(next)) return res.redirect('/home');",
      '  res.redirect(next);',
      '});',
      "app.get('/b', (req, res) => {",
      '  const target = req.query.target;',
      '  if (ALLOWED.has(target)) {',
      '    res.redirect(target);',
      '  }',
      '  res.redirect(target);',
      '});',
    ].join('\n');
    expect(byRule(await scan('src/a.js', code), 'open-redirect').map((f) => f.line)).toEqual([12]);
  });

  it('does not report parameterised queries', async () => {
    const code = [
      "app.get('/u', async (req, res) => {",
      "  await pool.query('SELECT * FROM users WHERE id = $1', [req.query.id]);",
      "  await db.all('SELECT * FROM users WHERE name = ?', req.query.name);",
      "  await knex('users').where('id', req.query.id);",
      "  await knex.raw('SELECT * FROM users WHERE id = ?', [req.query.id]);",
      "  await sequelize.query('SELECT * FROM users WHERE id = :id', { replacements: { id: req.query.id } });",
      "  await prisma.$queryRaw`SELECT * FROM users WHERE id = ${req.query.id}`;",
      '});',
    ].join('\n');
    expect(byRule(await scan('src/a.js', code), 'sql-injection')).toEqual([]);
  });

  it('does not treat browser-only sources as server-side request forgery', async () => {
    const code = 'const target = location.hash.slice(1);\nfetch(target).then((r) => r.json());';
    expect(byRule(await scan('src/client.js', code), 'ssrf')).toEqual([]);
  });
});

describe('taint: Python', () => {
  it('follows f-strings, % formatting, .format and concatenation from Flask request data', async () => {
    const code = [
      'from flask import request',
      '',
      "@app.route('/u')",
      'def users():',
      "    name = request.args.get('name')",
      '    cursor.execute(f"SELECT * FROM users WHERE name = \'{name}\'")',
      '    cursor.execute("SELECT * FROM users WHERE name = \'%s\'" % name)',
      '    cursor.execute("SELECT * FROM users WHERE name = \'{}\'".format(name))',
      '    cursor.execute("SELECT * FROM users WHERE name = \'" + name + "\'")',
      '    cursor.execute("SELECT * FROM users WHERE name = %s", (name,))',
    ].join('\n');
    const found = byRule(await scan('app/views.py', code), 'sql-injection');
    expect(found.map((f) => [f.line, f.confidence])).toEqual([
      [6, 0.9],
      [7, 0.9],
      [8, 0.9],
      [9, 0.9],
    ]);
    expect(found[0]?.description).toContain("`request.args.get('name')` (line 5)");
  });

  it('treats Django request.GET and FastAPI route parameters as sources', async () => {
    const django = "def search(request):\n    q = request.GET.get('q', '')\n    with connection.cursor() as cursor:\n        cursor.execute(\"SELECT * FROM items WHERE title LIKE '%%%s%%'\" % q)";
    const fastapi = "from sqlalchemy import text\n\n@app.get('/items')\ndef items(q: str, db: Session = Depends(get_db)):\n    return db.execute(text(f\"SELECT * FROM items WHERE name = '{q}'\"))";
    expect(byRule(await scan('shop/views.py', django), 'sql-injection').map((f) => f.confidence)).toEqual([0.9]);
    const found = byRule(await scan('api/main.py', fastapi), 'sql-injection');
    expect(found.some((f) => f.confidence === 0.9 && f.description.includes('request parameter q'))).toBe(true);
  });

  it('stops at int(), secure_filename and allow-list checks that abort', async () => {
    const code = [
      "@app.route('/f')",
      'def f():',
      "    uid = int(request.args['id'])",
      '    cursor.execute(f"SELECT * FROM users WHERE id = {uid}")',
      "    name = secure_filename(request.args['name'])",
      '    data = open(os.path.join(BASE, name)).read()',
      "    target = request.args.get('next', '/')",
      '    if target not in ALLOWED:',
      '        abort(400)',
      '    return redirect(target)',
    ].join('\n');
    const findings = await scan('app/views.py', code);
    expect(byRule(findings, 'sql-injection')).toEqual([]);
    expect(byRule(findings, 'path-traversal')).toEqual([]);
    expect(byRule(findings, 'open-redirect')).toEqual([]);
  });

  it('follows a Python wrapper function', async () => {
    const code = "import os\n\ndef make_cmd(host):\n    return 'ping -c 1 ' + host\n\n@app.route('/ping')\ndef ping():\n    os.system(make_cmd(request.form['host']))";
    expect(byRule(await scan('app/net.py', code), 'command-injection').map((f) => f.confidence)).toEqual([0.9]);
  });
});

describe('taint: more sources and helpers', () => {
  it('treats a local helper that returns request data as a source', async () => {
    const code = "function sortColumn(req) {\n  return req.query.sort || 'name';\n}\napp.get('/list', async (req, res) => {\n  await db.query('SELECT * FROM items ORDER BY ' + sortColumn(req));\n});";
    const [f] = byRule(await scan('src/list.js', code), 'sql-injection');
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain('`req.query.sort` (line 2)');
  });

  it('treats Next.js searchParams page props and Koa ctx.request.body as sources', async () => {
    const page = 'export default function Page({ searchParams }: { searchParams: { q: string } }) {\n  return <div dangerouslySetInnerHTML={{ __html: searchParams.q }} />;\n}';
    const [xss] = byRule(await scan('app/search/page.tsx', page), 'dom-xss');
    expect(xss?.confidence).toBe(0.9);
    const koa = "router.post('/run', async (ctx) => {\n  const { script } = ctx.request.body;\n  ctx.body = eval(script);\n});";
    expect(byRule(await scan('src/koa.js', koa), 'code-injection').map((f) => f.confidence)).toEqual([0.9]);
  });
});
