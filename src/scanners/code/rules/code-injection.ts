import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { CODE_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'code-injection',
    title: 'Dynamic code evaluation of untrusted data',
    severity: 'CRITICAL',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-94',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'Text that is not constant is evaluated as code, so whoever controls it runs code in the application process.',
    remediation: 'Do not evaluate strings: parse data with `JSON.parse`/`json.loads`/`ast.literal_eval`, dispatch through a map of allowed functions, pass functions (not strings) to timers.',
    docs: {
      summary:
        '`eval`, `new Function`, `vm.runIn*Context`/`vm.Script`, string arguments of `setTimeout`/`setInterval`; Python `eval`/`exec`/`compile` and Pillow `ImageMath.eval`/`unsafe_eval`. Request data reaching them is reported with 0.9; other non-constant code with 0.5.',
    },
  },
  CODE_INJECTION_SINKS,
);
