import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('severity of flows without a proven source', () => {
  it('reports a query built from request data at the rule severity, one built from unknown values as MEDIUM', async () => {
    const code = [
      'function byName(req, name) {',
      "  db.query('SELECT * FROM users WHERE name = ' + req.query.name);",
      "  db.query('SELECT * FROM users WHERE name = ' + name);",
      '}',
    ].join('\n');
    const found = byRule(await scan('src/users.js', code), 'sql-injection').map((f) => [f.line, f.severity]);
    expect(found).toEqual([
      [2, 'HIGH'],
      [3, 'MEDIUM'],
    ]);
  });

  it('caps a CRITICAL rule at MEDIUM for an unproven PHP command', async () => {
    const code = "<?php\nshell_exec('ping ' . $_GET['ip']);\nshell_exec('ping ' . current_host());\n";
    expect(byRule(await scan('a.php', code), 'php-command-injection').map((f) => [f.line, f.severity])).toEqual([
      [2, 'CRITICAL'],
      [3, 'MEDIUM'],
    ]);
  });
});
