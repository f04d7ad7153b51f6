import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('queries concatenated from many pieces', () => {
  it('Python: reports a Django raw() query joining two request values with quotes', async () => {
    const code = [
      'def login_view(request):',
      "    name = request.POST.get('name')",
      "    password = request.POST.get('pass')",
      "    sql = \"SELECT * FROM users WHERE user='\" + name + \"' AND password='\" + password + \"'\"",
      '    return User.objects.raw(sql)',
      '',
      'def count_view(request):',
      "    sql = 'SELECT COUNT(*) FROM users WHERE kind=' + 'a' + ' AND b=' + 'c' + ' AND d=' + 'e'",
      '    return User.objects.raw(sql)',
    ].join('\n');
    expect(byRule(await scan('views.py', code), 'sql-injection').map((f) => f.line)).toEqual([5]);
  });

  it('JavaScript: reports a query of many concatenated pieces holding request data', async () => {
    const code = [
      "app.get('/s', (req, res) => {",
      "  const q = 'SELECT * FROM p WHERE a = ' + 1 + ' AND b = ' + 2 + \" AND name = '\" + req.query.name + \"'\";",
      '  db.query(q);',
      '});',
    ].join('\n');
    expect(byRule(await scan('routes/s.js', code), 'sql-injection').map((f) => f.line)).toEqual([3]);
  });
});
