import { OWASP, JAVA } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_TRUST_BOUNDARY_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'java-trust-boundary-violation',
    title: 'Java request data stored in the session',
    severity: 'LOW',
    confidence: 0.5,
    taintConfidence: 0.6,
    cwe: 'CWE-501',
    owasp: OWASP.design,
    languages: JAVA,
    description:
      'A value from the request becomes the name or the value of a session attribute. Code that reads the session usually treats its attributes as set by the application (a user id, a role, a validated flag), so unvalidated input there crosses a trust boundary.',
    remediation: 'Store only values the application derived or validated itself (look the user up, check the value against an allow-list or a strict pattern), and never let the request choose the attribute name.',
    docs: {
      summary: '`HttpSession.setAttribute`/`putValue` on `request.getSession()` or a session variable whose name or value carries request data. LOW: a finding to review, not an injection.',
    },
  },
  JAVA_TRUST_BOUNDARY_SINKS,
);
