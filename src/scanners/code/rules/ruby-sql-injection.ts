import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';
import { SQL_TEXT } from '../sinks.js';

/** ActiveRecord methods whose string argument is a SQL fragment. */
const FRAGMENTS = new Set(['where', 'not', 'or', 'order', 'reorder', 'group', 'having', 'joins', 'select', 'pluck', 'from', 'lock', 'exists?', 'delete_all', 'update_all', 'calculate', 'average', 'sum', 'minimum', 'maximum', 'count']);
/** Methods whose argument is a whole statement. */
const STATEMENTS = new Set(['find_by_sql', 'count_by_sql', 'execute', 'exec_query', 'exec_update', 'exec_delete', 'select_all', 'select_one', 'select_value', 'select_values', 'select_rows', 'query']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!call.receiver) continue;
    const fragment = FRAGMENTS.has(call.method);
    if (!fragment && !STATEMENTS.has(call.method)) continue;
    const arg = call.args[0];
    // Only strings assembled at run time: hashes and placeholder arrays bind their values.
    if (!arg || !dynamicString(ctx, arg)) continue;
    if (!fragment && !SQL_TEXT.test(constantText(ctx, arg))) continue;
    const m = localSink(ctx, call, arg, true, 'the SQL text of this query');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'ruby',
        bad: 'def index\n  name = params[:name]\n  @users = User.where("name = \'#{name}\'")\nend',
        good: 'def index\n  @users = User.where(name: params[:name])\n  @admins = User.where("role = ?", "admin")\nend',
      },
    ],
  },
  match,
  triggers: ['where', 'not', 'or', 'order', 'reorder', 'group', 'having', 'joins', 'select', 'pluck', 'from', 'lock', 'exists', 'delete_all', 'update_all', 'calculate', 'average', 'sum', 'minimum', 'maximum', 'count', 'find_by_sql', 'count_by_sql', 'execute', 'exec_query', 'exec_update', 'exec_delete', 'select_all', 'select_one', 'select_value', 'select_values', 'select_rows', 'query'],
});
