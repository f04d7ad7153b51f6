import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, isDynamicString, literalText, sinkMatch, SQL_KEYWORDS, SQL_TEXT } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SOURCE_TRIGGERS } from '../taint.js';

/** Methods whose first argument is always SQL text. */
const STRONG_JS = new Set(['$queryRawUnsafe', '$executeRawUnsafe', 'raw', 'whereRaw', 'orWhereRaw', 'havingRaw', 'joinRaw', 'orderByRaw', 'groupByRaw', 'unsafe']);
/** STRONG_JS as prefilter words (`$queryRawUnsafe` is the word `queryRawUnsafe`). */
const STRONG_WORDS = [...STRONG_JS].map((m) => m.replace(/^\$/, ''));
/** Generic method names (also used by non-SQL libraries): their first argument must look like SQL. */
const WEAK_JS = new Set(['query', 'execute', 'run', 'all', 'get', 'exec', 'prepare', 'each', 'many', 'one', 'none', 'any', 'oneOrNone', 'manyOrNone']);
const PY_METHODS = new Set(['execute', 'executemany', 'executescript', 'raw', 'mogrify']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const python = ctx.language === 'python';
  for (const call of ctx.calls) {
    let arg;
    let strong = false;
    if (python) {
      if (call.qualified === 'sqlalchemy.text' || call.qualified === 'sqlalchemy.sql.text' || (call.name === 'text' && ctx.imports.qualify('text').startsWith('sqlalchemy'))) {
        arg = argument(call, 0);
        strong = true;
      } else if (call.receiver && PY_METHODS.has(call.method)) arg = argument(call, 0, 'sql') ?? argument(call, 0, 'query');
      else continue;
    } else {
      if (!call.receiver || call.isNew || call.name === 'String.raw') continue;
      if (STRONG_JS.has(call.method)) strong = true;
      else if (!WEAK_JS.has(call.method)) continue;
      arg = argument(call, 0);
    }
    if (!arg) continue;
    const sqlLike = SQL_TEXT.test(literalText(ctx, arg));
    if (!strong && !sqlLike) continue;
    const m = sinkMatch(ctx, call.node, arg, (a) => sqlLike && isDynamicString(ctx, a), 'the SQL text of this query', 'sql');
    if (m && (sqlLike || m.taint)) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'javascript',
        bad: "app.get('/user', async (req, res) => {\n  const { id } = req.query;\n  const rows = await pool.query(`SELECT * FROM users WHERE id = '${id}'`);\n  res.json(rows);\n});",
        good: "app.get('/user', async (req, res) => {\n  const { id } = req.query;\n  const rows = await pool.query('SELECT * FROM users WHERE id = $1', [id]);\n  res.json(rows);\n});",
      },
      {
        language: 'typescript',
        bad: "export async function find(req: Request) {\n  const name = req.body.name as string;\n  return prisma.$queryRawUnsafe('SELECT * FROM users WHERE name = \\'' + name + '\\'');\n}",
        good: "export async function find(req: Request) {\n  const name = req.body.name as string;\n  return prisma.$queryRaw`SELECT * FROM users WHERE name = ${name}`;\n}",
      },
      {
        language: 'python',
        bad: "@app.route('/user')\ndef user():\n    uid = request.args.get('id')\n    cursor.execute(f\"SELECT * FROM users WHERE id = {uid}\")\n    return jsonify(cursor.fetchall())",
        good: "@app.route('/user')\ndef user():\n    uid = request.args.get('id')\n    cursor.execute(\"SELECT * FROM users WHERE id = %s\", (uid,))\n    return jsonify(cursor.fetchall())",
      },
    ],
  },
  match,
  triggers: {
    // Python: a query method or SQLAlchemy's text(); JavaScript: SQL in a literal, or a raw-SQL method with request data.
    js: [all([...WEAK_JS, ...STRONG_WORDS], SQL_KEYWORDS), all(STRONG_WORDS, JS_SOURCE_TRIGGERS)],
    python: ['execute', 'executemany', 'executescript', 'raw', 'mogrify', 'sqlalchemy'],
  },
});
