import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_SQL_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'php-sql-injection',
    title: 'PHP SQL query built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-89',
    owasp: OWASP.injection,
    languages: PHP,
    description: 'A SQL statement is assembled in PHP by interpolation (`"… $id"`) or concatenation (`.`) instead of bound parameters, so input can change the query.',
    remediation: 'Use prepared statements with placeholders (`$pdo->prepare(\'… WHERE id = ?\')->execute([$id])`, `mysqli_prepare` + `bind_param`, Laravel bindings) and keep the SQL text constant.',
    docs: {
      summary:
        '`mysqli_query`, `mysql_query`, `pg_query` and `->query`/`->exec`/`->prepare`/`->multi_query`, Laravel `DB::select`/`statement`/`raw`/`whereRaw` whose SQL argument interpolates or concatenates request data (`$_GET`, `$_POST`, `$_REQUEST`, `$_COOKIE`, `$_SERVER`, `$request->input()`; 0.9) or other non-constant values (0.5).',
    },
  },
  PHP_SQL_INJECTION_SINKS,
);
