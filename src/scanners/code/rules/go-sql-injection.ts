import { OWASP, GO } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { GO_SQL_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
    },
  },
  GO_SQL_INJECTION_SINKS,
);
