import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_SQL_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'ruby-sql-injection',
    title: 'Ruby SQL query built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-89',
    owasp: OWASP.injection,
    languages: RUBY,
    description: 'An ActiveRecord SQL fragment or statement (`where`, `order`, `find_by_sql`, `connection.execute` …) is built by string interpolation or concatenation, so input can change the query.',
    remediation: 'Pass values separately: hash conditions (`where(id: params[:id])`), placeholders (`where("name = ?", name)`, `find_by_sql(["… = ?", id])`), `sanitize_sql_array`; pick column names for `order` from an allow-list.',
    docs: {
      summary:
        'ActiveRecord `where`/`order`/`group`/`having`/`joins`/`select`/`pluck`/`from`/`update_all`/`delete_all` and `find_by_sql`, `count_by_sql`, `connection.execute`/`exec_query`/`select_all` whose string argument interpolates `params`/`cookies`/`request` data (0.9) or other non-constant values (0.5).',
    },
  },
  RUBY_SQL_INJECTION_SINKS,
);
