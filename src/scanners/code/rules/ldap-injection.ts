import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { LDAP_INJECTION_SINKS } from '../taint-sinks.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

export const rule = defineTaintRule(
  {
    id: 'ldap-injection',
    title: 'LDAP search filter built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-90',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'An LDAP search filter is assembled from request data without escaping, so `*`, `(`, `)` or `|` in the input can widen the search or bypass an authentication check.',
    remediation: 'Escape every value put into a filter (`ldap3.utils.conv.escape_filter_chars`, `ldap.filter.escape_filter_chars` / `filter_format`, ldapjs `EqualityFilter` objects) or check it against a strict pattern.',
    docs: {
      summary:
        'Python ldap3 `conn.search(base, filter)` and python-ldap `search`/`search_s`/`search_ext(_s)`, and ldapjs `client.search(base, { filter })`, whose filter carries request data, in files that use an LDAP client. Values passed through `escape_filter_chars` are not reported.',
    },
    triggers: {
      js: [all('search', /ldap/i, JS_SERVER_SOURCE_TRIGGERS)],
      python: [all(['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s'], /ldap/i, PYTHON_SOURCE_TRIGGERS)],
    },
  },
  LDAP_INJECTION_SINKS,
);
