import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('taint: assignments in branches and responses assembled in variables', () => {
  it('keeps request data past a fallback assigned only in a branch', async () => {
    const code = [
      "@app.route('/hello', methods=['POST'])",
      'def hello():',
      "    name = request.form.get('name')",
      '    if not name:',
      "        name = ''",
      "    html = '<h1>'",
      "    html += f'Hello {name}'",
      "    html += '</h1>'",
      '    return html',
    ].join('\n');
    const [f, ...rest] = byRule(await scan('app/views.py', code), 'reflected-xss');
    expect(rest).toEqual([]);
    expect(f?.line).toBe(9);
    expect(f?.description).toContain("request.form.get('name')");
  });

  it('uses a branch assignment as is inside its own branch', async () => {
    const code = [
      "const { exec } = require('child_process');",
      "app.get('/x', (req, res) => {",
      '  let dir = req.query.dir;',
      '  if (req.query.safe) {',
      "    dir = '/tmp';",
      '    exec(`ls ${dir}`);',
      '  }',
      '  exec(`ls ${dir}`);',
      '});',
    ].join('\n');
    const proven = byRule(await scan('src/a.js', code), 'command-injection').filter((f) => f.description.includes('req.query.dir'));
    expect(proven.map((f) => f.line)).toEqual([8]);
  });

  it('treats an allow-list fallback (`if x not in ALLOWED: x = DEFAULT`) as a check', async () => {
    const code = [
      "@app.route('/go')",
      'def go():',
      "    target = request.args.get('next', '/')",
      "    if target not in ('/', '/account', '/orders'):",
      "        target = '/'",
      '    return redirect(target)',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'open-redirect')).toEqual([]);
    const unchecked = code.replace("    if target not in ('/', '/account', '/orders'):\n        target = '/'\n", '');
    expect(byRule(await scan('app/views.py', unchecked), 'open-redirect')).toHaveLength(1);
  });

  it('does not follow a returned variable that holds an object (serialised as JSON)', async () => {
    const code = [
      "@app.route('/me')",
      'def me():',
      "    data = {'name': request.args.get('name')}",
      '    return data',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'reflected-xss')).toEqual([]);
  });

  it('reads only the body of a (body, headers) response tuple', async () => {
    const code = [
      "@app.route('/h', methods=['POST'])",
      'def h():',
      "    value = request.form.get('v')",
      "    body = 'Stored in a header.'",
      "    return make_response((body, {'X-Value': value}))",
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'reflected-xss')).toEqual([]);
  });
});

describe('taint: containers and encoders', () => {
  it('follows a value put into a list, a map or a config parser and read back', async () => {
    const code = [
      'import base64, subprocess',
      "@app.route('/run', methods=['POST'])",
      'def run():',
      "    arg = request.form.get('arg')",
      '    parts = []',
      '    parts.append(arg)',
      "    subprocess.run('echo ' + parts[0], shell=True)",
      "    decoded = base64.b64decode(base64.b64encode(arg.encode())).decode()",
      "    subprocess.run('echo ' + decoded, shell=True)",
    ].join('\n');
    const lines = byRule(await scan('app/views.py', code), 'command-injection').filter((f) => f.description.includes('request.form')).map((f) => f.line);
    expect(lines).toEqual([7, 9]);
  });

  it('does not taint a list that only receives constants', async () => {
    const code = [
      'import subprocess',
      "@app.route('/run', methods=['POST'])",
      'def run():',
      "    arg = request.form.get('arg')",
      "    parts = ['echo']",
      "    parts.append('hello')",
      '    subprocess.run(parts)',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'command-injection')).toEqual([]);
  });
});
