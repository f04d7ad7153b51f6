import { OWASP, JAVA } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_SQL_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
    },
  },
  JAVA_SQL_INJECTION_SINKS,
);
