import { OWASP, JAVA } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_LDAP_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'java-ldap-injection',
    title: 'Java LDAP search filter built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-90',
    owasp: OWASP.injection,
    languages: JAVA,
    description: 'An LDAP search filter is built by concatenating values into `(uid=…)`, so input containing `*`, `)` or `(|…)` changes the query: it can list every entry, bypass a login check or read attributes it should not.',
    remediation: 'Keep the filter constant and pass values as filter arguments (`ctx.search(base, "(uid={0})", new Object[]{uid}, controls)`), use Spring LDAP `LdapQueryBuilder.query().where("uid").is(uid)`, or encode with `LdapEncoder.filterEncode`/ESAPI `encodeForLDAP`.',
    docs: {
      summary:
        '`DirContext`/`InitialDirContext`/`LdapContext.search(base, filter, …)`, Spring `LdapTemplate.search`, UnboundID `new SearchRequest(…, filter)` and `Filter.create(filter)` whose filter text contains request data (0.9) or is concatenated from other non-constant values (0.5). `{0}` filter arguments and LDAP encoders are not reported.',
    },
  },
  JAVA_LDAP_INJECTION_SINKS,
);
