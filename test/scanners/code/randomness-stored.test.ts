import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('insecure-randomness: values stored as cookies or in the session', () => {
  it('reports a random value stored in the session or a cookie whatever its name', async () => {
    const code = [
      'import random',
      "@app.route('/remember')",
      'def remember():',
      '    value = str(random.random())[2:]',
      "    session['remember'] = value",
      '    v2 = random.getrandbits(64)',
      '    resp = make_response("ok")',
      "    resp.set_cookie('rememberMe', v2)",
      '    delay = random.uniform(0, 1)',
      '    time.sleep(delay)',
      '    safe = str(random.SystemRandom().random())[2:]',
      "    session['other'] = safe",
      '    return resp',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'insecure-randomness').map((f) => f.line)).toEqual([4, 6]);
  });

  it('JavaScript: a Math.random value put into req.session', async () => {
    const code = "app.post('/login', (req, res) => {\n  const v = Math.random().toString(36).slice(2);\n  req.session.remember = v;\n  const jitter = Math.random() * 100;\n  setTimeout(next, jitter);\n});";
    expect(byRule(await scan('src/a.js', code), 'insecure-randomness').map((f) => f.line)).toEqual([2]);
  });
});
