import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('trust-boundary-violation and allow-listed conditional values', () => {
  it('reports request data stored in Flask and Django sessions, not in other dicts', async () => {
    const code = [
      'from flask import request, session',
      "@app.route('/a', methods=['POST'])",
      'def a():',
      "    session['user'] = request.form['user']",
      "    cache['user'] = request.form['user']",
      "    request.session['next'] = request.args.get('next')",
      "    mode = request.args.get('mode')",
      "    session['mode'] = mode if mode in ('a', 'b') else 'a'",
      "    return ''",
    ].join('\n');
    const findings = byRule(await scan('app/views.py', code), 'trust-boundary-violation');
    expect(findings.map((f) => [f.line, f.severity, f.cwe])).toEqual([
      [4, 'LOW', 'CWE-501'],
      [6, 'LOW', 'CWE-501'],
    ]);
  });

  it('a value chosen only after an allow-list test carries no taint (JS ternary)', async () => {
    const code = "const { exec } = require('child_process');\napp.get('/x', (req, res) => {\n  const f = req.query.f;\n  exec('convert ' + (FORMATS.includes(f) ? f : 'png'));\n  exec('convert ' + (f ? f : 'png'));\n});";
    const proven = byRule(await scan('src/a.js', code), 'command-injection').filter((x) => x.description.includes('req.query'));
    expect(proven.map((x) => x.line)).toEqual([5]);
  });
});
