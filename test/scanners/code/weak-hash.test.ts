import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('weak-hash: request data digested with MD5 or SHA-1 (JavaScript, Python)', () => {
  it('follows a Python hash object fed later through update()', async () => {
    const view = (algorithm: string) => `@app.route('/sign', methods=['POST'])\ndef sign():\n    h = hashlib.new('${algorithm}')\n    h.update(request.form['doc'].encode())\n    return h.hexdigest()\n`;
    expect(byRule(await scan('app.py', view('md5')), 'weak-hash').map((f) => f.severity)).toEqual(['MEDIUM']);
    expect(byRule(await scan('app.py', view('sha256')), 'weak-hash')).toEqual([]);
  });

  it('leaves identifiers (ETags, cache keys), constants and passwords to others', async () => {
    const route = (line: string) => `app.get('/x', (req, res) => {\n  ${line}\n  res.end();\n});\n`;
    expect(byRule(await scan('a.js', route("const digest = crypto.createHash('md5').update(req.query.doc).digest('hex');")), 'weak-hash')).toHaveLength(1);
    expect(byRule(await scan('a.js', route("const etag = crypto.createHash('md5').update(req.query.doc).digest('hex');")), 'weak-hash')).toEqual([]);
    expect(byRule(await scan('a.js', route("const digest = crypto.createHash('md5').update('fixed').digest('hex');")), 'weak-hash')).toEqual([]);
    const password = await scan('a.js', route("const stored = crypto.createHash('md5').update(req.body.password).digest('hex');"));
    expect(byRule(password, 'weak-hash')).toEqual([]);
    expect(byRule(password, 'weak-password-hash')).toHaveLength(1);
  });
});
