import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';
import { SQL_KEYWORDS, SQL_TEXT } from '../sinks.js';
import { all } from '../prefilter.js';

/** Functions and methods whose argument is SQL text. */
const FUNCTIONS = new Set(['mysqli_query', 'mysqli_real_query', 'mysqli_multi_query', 'mysql_query', 'pg_query', 'sqlite_query', 'mssql_query', 'odbc_exec']);
const METHODS = new Set(['query', 'exec', 'prepare', 'multi_query', 'real_query', 'select', 'statement', 'unprepared', 'raw', 'whereRaw', 'orWhereRaw', 'selectRaw', 'havingRaw', 'orderByRaw']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!(call.receiver ? METHODS.has(call.method) : FUNCTIONS.has(call.name.toLowerCase()))) continue;
    for (const arg of call.args) {
      const sqlLike = SQL_TEXT.test(constantText(ctx, arg));
      if (!sqlLike) continue;
      const m = localSink(ctx, call, arg, dynamicString(ctx, arg), 'the SQL text of this query');
      if (m) {
        out.push(m);
        break;
      }
    }
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'php',
        bad: "<?php\n$id = $_GET['id'];\n$result = mysqli_query($conn, \"SELECT * FROM users WHERE id = '$id'\");",
        good: "<?php\n$stmt = $pdo->prepare('SELECT * FROM users WHERE id = ?');\n$stmt->execute([$_GET['id']]);",
      },
    ],
  },
  match,
  triggers: [all([/\b(?:mysqli_query|mysqli_real_query|mysqli_multi_query|mysql_query|pg_query|sqlite_query|mssql_query|odbc_exec)\b/i, ...METHODS], SQL_KEYWORDS)],
});
