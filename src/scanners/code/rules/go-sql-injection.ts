import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';
import { SQL_KEYWORDS, SQL_TEXT } from '../sinks.js';
import { all } from '../prefilter.js';

/** database/sql, sqlx and GORM methods whose first (or, for *Context, second) argument is SQL text. */
const METHODS = new Set(['Query', 'QueryRow', 'Exec', 'Prepare', 'Select', 'Get', 'Queryx', 'QueryRowx', 'MustExec', 'NamedExec', 'Raw', 'Where', 'Order']);
const CONTEXT_METHODS = new Set(['QueryContext', 'QueryRowContext', 'ExecContext', 'PrepareContext', 'SelectContext', 'GetContext', 'QueryxContext']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!call.receiver) continue;
    let index: number;
    if (METHODS.has(call.method)) index = call.method === 'Select' || call.method === 'Get' ? 1 : 0;
    else if (CONTEXT_METHODS.has(call.method)) index = call.method === 'SelectContext' || call.method === 'GetContext' ? 2 : 1;
    else continue;
    const arg = call.args[index];
    if (!arg || !SQL_TEXT.test(constantText(ctx, arg))) continue;
    const m = localSink(ctx, call, arg, dynamicString(ctx, arg), 'the SQL text of this query');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'go-sql-injection',
  title: 'Go SQL query built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-89',
  owasp: OWASP.injection,
  languages: GO,
  description: 'A SQL statement passed to `database/sql`, sqlx or GORM is built with `fmt.Sprintf` or `+` instead of placeholders, so input can change the query.',
  remediation: 'Keep the SQL text constant and pass values as arguments (`db.Query("… WHERE id = $1", id)`, `?` for MySQL/SQLite); for dynamic identifiers pick from an allow-list.',
  docs: {
    summary:
      '`Query`, `QueryRow`, `Exec`, `Prepare` (and their `…Context` forms), sqlx `Select`/`Get`/`Queryx`/`MustExec`, GORM `Raw`/`Where`/`Order` whose SQL argument is built by `fmt.Sprintf` or concatenation from request data (`r.URL.Query().Get`, `r.FormValue`, gin `c.Query`/`c.Param`; 0.9) or other non-constant values (0.5).',
    examples: [
      {
        language: 'go',
        bad: 'func user(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\trows, err := db.Query(fmt.Sprintf("SELECT name FROM users WHERE id = \'%s\'", id))\n\thandle(w, rows, err)\n}',
        good: 'func user(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\trows, err := db.Query("SELECT name FROM users WHERE id = $1", id)\n\thandle(w, rows, err)\n}',
      },
    ],
  },
  match,
  triggers: [all([...METHODS, ...CONTEXT_METHODS], SQL_KEYWORDS)],
});
