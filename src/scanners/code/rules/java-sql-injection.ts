import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';
import { SQL_KEYWORDS, SQL_TEXT } from '../sinks.js';
import { all } from '../prefilter.js';

/** JDBC, JPA/Hibernate and Spring JdbcTemplate methods whose first argument is SQL text. */
const METHODS = new Set(['executeQuery', 'executeUpdate', 'execute', 'executeLargeUpdate', 'addBatch', 'prepareStatement', 'prepareCall', 'createQuery', 'createNativeQuery', 'createSQLQuery', 'query', 'queryForObject', 'queryForList', 'queryForMap', 'queryForRowSet', 'update', 'batchUpdate']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!call.receiver || call.isNew || !METHODS.has(call.method)) continue;
    const arg = call.args[0];
    if (!arg || !SQL_TEXT.test(constantText(ctx, arg))) continue;
    const m = localSink(ctx, call, arg, dynamicString(ctx, arg), 'the SQL text of this query');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'java-sql-injection',
  title: 'Java SQL query built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-89',
  owasp: OWASP.injection,
  languages: JAVA,
  description: 'A SQL (or JPQL/HQL) statement is built by concatenation or `String.format` and run through JDBC, JPA, Hibernate or `JdbcTemplate`, so input can change the query.',
  remediation: 'Use `PreparedStatement` with `?` placeholders and `setString`/`setInt`, JPA named parameters (`:id` + `setParameter`), or `JdbcTemplate` argument arrays; keep the SQL text constant.',
  docs: {
    summary:
      '`Statement.executeQuery`/`executeUpdate`/`execute`/`addBatch`, `prepareStatement` of a concatenated string, JPA `createQuery`/`createNativeQuery`, Hibernate `createSQLQuery` and `JdbcTemplate.query*`/`update` whose SQL argument contains request data (`request.getParameter`, `@RequestParam` …; 0.9) or is concatenated from other non-constant values (0.5).',
    examples: [
      {
        language: 'java',
        bad: 'class UserDao {\n  ResultSet find(HttpServletRequest request) throws SQLException {\n    String id = request.getParameter("id");\n    Statement st = conn.createStatement();\n    return st.executeQuery("SELECT * FROM users WHERE id = \'" + id + "\'");\n  }\n}',
        good: 'class UserDao {\n  ResultSet find(HttpServletRequest request) throws SQLException {\n    PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE id = ?");\n    ps.setString(1, request.getParameter("id"));\n    return ps.executeQuery();\n  }\n}',
      },
    ],
  },
  match,
  triggers: [all([...METHODS], SQL_KEYWORDS)],
});
