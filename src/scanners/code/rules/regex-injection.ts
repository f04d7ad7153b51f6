import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { REGEX_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'regex-injection',
    title: 'Regular expression built from untrusted data',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-1333',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'A regular expression is compiled from request data, so a client can submit a pattern with catastrophic backtracking (ReDoS) that blocks the process, or widen what the pattern matches.',
    remediation: 'Escape input before embedding it in a pattern (`escape-string-regexp`, `_.escapeRegExp`, `re.escape`), or use plain string search (`includes`, `in`).',
    docs: {
      summary: '`new RegExp(…)`/`RegExp(…)` and Python `re.*`/`regex.*` functions whose pattern comes from request data; escaping functions stop the flow.',
    },
  },
  REGEX_INJECTION_SINKS,
);
