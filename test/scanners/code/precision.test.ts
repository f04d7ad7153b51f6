import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('code rules: common safe code is not reported', () => {
  it('JavaScript web handlers', async () => {
    const code = [
      "const { exec, execFile } = require('child_process');",
      "const fs = require('fs');",
      "app.get('/a', (req, res) => res.json({ q: req.query.q }));",
      "app.get('/b', (req, res) => res.status(404).send('Not found'));",
      "app.get('/c', (req, res) => res.send({ user: req.params.id }));",
      "app.get('/d', (req, res) => res.json(users.find((u) => u.id === req.params.id)));",
      "app.get('/e', (req, res) => res.json(cache.get(req.query.key)));",
      "app.get('/f', (req, res) => execFile('git', ['log', req.query.ref], (e, out) => res.type('text/plain').send(out)));",
      "app.get('/g', (req, res) => exec('git status', (e, out) => res.json({ out })));",
      "app.get('/h', (req, res) => res.send(`${req.query.items.length} items`));",
      "app.get('/i', (req, res) => res.redirect('/login?next=' + encodeURIComponent(req.originalUrl)));",
      "app.get('/j', (req, res) => fs.readFile(CONFIG_PATH, 'utf8', (e, t) => res.send(t)));",
      "el.innerHTML = '';",
      "const delay = Math.random() * 1000;",
      "const shuffled = items.sort(() => Math.random() - 0.5);",
      "const etag = crypto.createHash('md5').update(body).digest('hex');",
    ].join('\n');
    expect(await scan('src/server.js', code)).toEqual([]);
  });

  it('Python views', async () => {
    const code = [
      'import hashlib, random, subprocess, yaml',
      '',
      "@app.route('/a')",
      'def a():',
      "    subprocess.run(['ls', request.args['d']], check=True)",
      "    cursor.execute(QUERY, (request.args['id'],))",
      "    etag = hashlib.md5(body).hexdigest()",
      '    jitter = random.random() * 10',
      '    config = yaml.safe_load(open(CONFIG_PATH))',
      "    return jsonify(name=request.args.get('name'))",
    ].join('\n');
    expect(await scan('app/views.py', code)).toEqual([]);
  });
});

describe('code rules: heuristics', () => {
  it('rates random secrets MEDIUM and random identifiers LOW', async () => {
    const code = 'const sessionToken = Math.random().toString(36);\nconst orderId = Math.floor(Math.random() * 1e9);';
    const found = byRule(await scan('src/ids.js', code), 'insecure-randomness');
    expect(found.map((f) => [f.line, f.severity, f.confidence])).toEqual([
      [1, 'MEDIUM', 0.6],
      [2, 'LOW', 0.4],
    ]);
  });

  it('only flags Django DEBUG in settings modules that are not for development', async () => {
    expect(byRule(await scan('mysite/settings.py', 'DEBUG = True\n'), 'debug-mode-enabled')).toHaveLength(1);
    expect(byRule(await scan('mysite/settings/production.py', 'DEBUG = True\n'), 'debug-mode-enabled')).toHaveLength(1);
    expect(byRule(await scan('mysite/settings/dev.py', 'DEBUG = True\n'), 'debug-mode-enabled')).toEqual([]);
    expect(byRule(await scan('mysite/config.py', 'DEBUG = True\n'), 'debug-mode-enabled')).toEqual([]);
  });

  it('resolves module aliases of ESM imports', async () => {
    const code = "import * as cp from 'node:child_process';\nimport { readFile as rf } from 'node:fs/promises';\nexport async function h(req, res) {\n  cp.execSync(`tar xf ${req.body.archive}`);\n  res.send(await rf(req.query.path));\n}";
    const findings = await scan('src/h.mjs', code);
    expect(byRule(findings, 'command-injection').map((f) => f.line)).toEqual([4]);
    expect(byRule(findings, 'path-traversal').map((f) => f.line)).toEqual([5]);
  });

  it('reports spawn only with shell: true', async () => {
    const code = "const { spawn } = require('child_process');\napp.get('/a', (req) => spawn('convert', [req.query.file]));\napp.get('/b', (req) => spawn(`convert ${req.query.file}`, { shell: true }));";
    expect(byRule(await scan('src/s.js', code), 'command-injection').map((f) => f.line)).toEqual([3]);
  });
});

describe('code rules: fixed origins and local variables', () => {
  it('does not report redirects and requests whose origin is fixed by a constant prefix', async () => {
    const code = [
      "import axios from 'axios';",
      "app.get('/a', async (req, res) => {",
      "  res.redirect('/search?q=' + req.query.q);",
      '  res.redirect(`/users/${req.params.id}`);',
      '  await axios.get(`https://api.example.com/items/${req.params.id}`);',
      '  res.redirect(`${req.query.base}/done`);',
      "  await axios.get('//' + req.query.host + '/x');",
      '});',
    ].join('\n');
    const findings = await scan('src/a.js', code);
    expect(byRule(findings, 'open-redirect').map((f) => f.line)).toEqual([6]);
    expect(byRule(findings, 'ssrf').map((f) => f.line)).toEqual([7]);
  });

  it('does not treat a locally built URLSearchParams named searchParams as request data', async () => {
    const code = "const searchParams = new URLSearchParams({ page: '1' });\nlocation.assign(searchParams.get('page'));\nexport default function Page({ searchParams: sp }) { return null; }";
    expect(byRule(await scan('src/a.js', code), 'open-redirect')).toEqual([]);
  });
});
