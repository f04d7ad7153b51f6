import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JS_QUERY_METHODS, JS_RAW_SQL_METHODS, SQL_INJECTION_SINKS } from '../taint-sinks.js';
import { JS_SOURCE_TRIGGERS, SQL_KEYWORDS } from '../helpers.js';

/** The raw-SQL methods as prefilter words (`$queryRawUnsafe` is the word `queryRawUnsafe`). */
const STRONG_WORDS = JS_RAW_SQL_METHODS.map((m) => m.replace(/^\$/, ''));

export const rule = defineTaintRule(
  {
    id: 'sql-injection',
    title: 'SQL query built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-89',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'A SQL statement is assembled by string interpolation or concatenation instead of bound parameters, so input can change the query.',
    remediation: 'Keep the SQL text constant and pass values as bound parameters (`$1`/`?` placeholders with a values array, `cursor.execute(sql, params)`, tagged `sql` templates, `$queryRaw` instead of `$queryRawUnsafe`).',
    docs: {
      summary:
        'Calls that run SQL text (node-postgres, mysql/mysql2, sqlite3/better-sqlite3, Sequelize `query`, Knex `raw`/`whereRaw`, TypeORM `query`, Prisma `$queryRawUnsafe`/`$executeRawUnsafe`; Python DB-API `cursor.execute`, Django `raw`, SQLAlchemy `text()`) whose SQL argument is built from request data (confidence 0.9) or by interpolation of non-constant values (0.5). A constant query with values passed separately is not reported.',
    },
    triggers: {
      // Python: a query method or SQLAlchemy's text(); JavaScript: SQL in a literal, or a raw-SQL method with request data.
      js: [all([...JS_QUERY_METHODS, ...STRONG_WORDS], SQL_KEYWORDS), all(STRONG_WORDS, JS_SOURCE_TRIGGERS)],
      python: ['execute', 'executemany', 'executescript', 'raw', 'mogrify', 'sqlalchemy'],
    },
  },
  SQL_INJECTION_SINKS,
);
