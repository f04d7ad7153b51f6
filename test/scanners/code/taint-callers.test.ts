import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('taint: a sink inside a local function, reached through its callers', () => {
  it('Python: a helper that runs its parameter with shell=True, called with form data', async () => {
    const code = [
      'import subprocess',
      'from django.http import JsonResponse',
      '',
      'def command_out(command):',
      '    process = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE)',
      '    return process.communicate()',
      '',
      'def scan_ports(request):',
      "    ip = request.POST.get('ip')",
      "    out, err = command_out('nmap ' + ip)",
      "    return JsonResponse({'out': str(out)})",
    ].join('\n');
    const [f, ...rest] = byRule(await scan('app/views.py', code), 'command-injection');
    expect(rest).toEqual([]);
    expect(f?.line).toBe(5);
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain("request.POST.get('ip')");
    expect(f?.description).toContain('passed to `command_out()`');
  });

  it('JavaScript: a query helper called from a route with request data, by keyword-free position', async () => {
    const code = [
      'function findUser(db, name) {',
      "  return db.query('SELECT * FROM users WHERE name = \\'' + name + '\\'');",
      '}',
      "app.get('/user', (req, res) => findUser(pool, req.query.name).then((r) => res.json(r)));",
    ].join('\n');
    const [f] = byRule(await scan('src/users.js', code), 'sql-injection');
    expect(f?.line).toBe(2);
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain('passed to `findUser()`');
  });

  it('follows two levels of helpers and Python keyword arguments', async () => {
    const code = [
      'import os',
      '',
      'def run(cmd):',
      '    os.system(cmd)',
      '',
      'def ping(host):',
      "    run(cmd='ping -c 1 ' + host)",
      '',
      "@app.route('/ping')",
      'def view():',
      "    ping(request.args['host'])",
      "    return 'ok'",
    ].join('\n');
    const [f] = byRule(await scan('app.py', code), 'command-injection');
    expect(f?.line).toBe(4);
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain("request.args['host']");
  });

  it('stays quiet when every caller passes constants or sanitised values', async () => {
    const code = [
      'import os, shlex',
      '',
      'def run(cmd):',
      '    os.system(cmd)',
      '',
      "@app.route('/a')",
      'def a():',
      "    run('uptime')",
      "    run('ping -c 1 ' + shlex.quote(request.args['host']))",
      "    return 'ok'",
    ].join('\n');
    const findings = byRule(await scan('app.py', code), 'command-injection');
    expect(findings.every((f) => f.confidence !== 0.9)).toBe(true);
    expect(findings.map((f) => f.description).join('\n')).not.toContain('passed to');
  });

  it('does not follow a method call by plain name to a method of the same name', async () => {
    const code = [
      'import os',
      '',
      'class Runner:',
      '    def run(self, cmd):',
      "        os.system('echo ' + 'x')",
      '',
      "@app.route('/a')",
      'def a():',
      "    run(request.args['c'])",
      "    return 'ok'",
    ].join('\n');
    const findings = byRule(await scan('app.py', code), 'command-injection');
    expect(findings.filter((f) => f.confidence === 0.9)).toEqual([]);
  });
});
