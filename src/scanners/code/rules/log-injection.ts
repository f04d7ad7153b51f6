import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { LOG_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'log-injection',
    title: 'Request data written to a log unneutralised',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.8,
    cwe: 'CWE-117',
    owasp: OWASP.logging,
    languages: JS_AND_PYTHON,
    description:
      'Request data reaches a log message as it is, so a client who puts a line break in it can add entries that look genuine (a fake successful login, an admin action) and mislead whoever reads or parses the log.',
    remediation: 'Remove or escape line breaks before logging (`s.replace(/[\\r\\n]/g, "")`, `JSON.stringify(s)`, `repr(s)`), or log through a structured (JSON) logger that escapes field values.',
    docs: {
      summary: '`console.*` and text-logger methods (`logger`, `log`, winston, log4js, `*Logger`) and Python `logging` calls and logger methods whose message or arguments come from request data; removing line breaks, JSON encoding and `repr` stop the flow. Objects and arrays given to a logger are written serialised, line breaks escaped, and are not reported; so are JSON loggers\' `req.log` (pino, bunyan).',
    },
  },
  LOG_INJECTION_SINKS,
);
