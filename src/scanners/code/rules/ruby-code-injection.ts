import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_CODE_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'ruby-code-injection',
    title: 'Ruby code or method chosen by untrusted data',
    severity: 'CRITICAL',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-94',
    owasp: OWASP.injection,
    languages: RUBY,
    description: 'Request data is evaluated as Ruby code (`eval`, `instance_eval`, `class_eval`) or picks the method or class to call (`send`, `public_send`, `constantize`, `const_get`), so a caller can run arbitrary code or reach methods never meant to be exposed.',
    remediation: 'Map request values to an explicit allow-list of methods or classes (`ALLOWED = { "csv" => CsvExport }.fetch(params[:format])`) and never evaluate strings built from input.',
    docs: {
      summary: '`eval`/`instance_eval`/`class_eval`/`module_eval` of request data (0.9) or of interpolated strings (0.5), and `send`/`public_send`/`constantize`/`const_get`/`instance_variable_get` whose method or class name carries request data.',
    },
  },
  RUBY_CODE_INJECTION_SINKS,
);
