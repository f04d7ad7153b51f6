import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';

/** An LDAP search filter: `(uid=`, `(&(objectClass=person)(cn=`. */
const LDAP_FILTER = /\(\s*[&|!]?\s*\(?\s*[\w.;-]+\s*[~<>]?=/;
const SANITISERS = new Set(['encodeForLDAP', 'encodeForDN', 'filterEncode', 'nameEncode', 'escapeValue', 'encodeValue', 'escapeLDAPSearchFilter', 'escapeDN']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let filter;
    // DirContext/LdapContext/LdapTemplate.search(base, filter, …); UnboundID new SearchRequest(base, scope, filter) and Filter.create(filter).
    if (!call.isNew && call.method === 'search' && call.receiver && call.args.length >= 2) filter = call.args[1];
    else if (call.isNew && /(?:^|\.)SearchRequest$/.test(call.name)) filter = call.args[2];
    else if (/(?:^|\.)Filter\.create$/.test(call.name)) filter = call.args[0];
    if (!filter || !LDAP_FILTER.test(constantText(ctx, filter))) continue;
    const m = localSink(ctx, call, filter, dynamicString(ctx, filter), 'the LDAP search filter', SANITISERS);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'java',
        bad:
          'class Directory {\n  NamingEnumeration<SearchResult> find(HttpServletRequest request, DirContext ctx) throws NamingException {\n    String user = request.getParameter("user");\n    String filter = "(&(objectClass=person)(uid=" + user + "))";\n    return ctx.search("ou=people,dc=example,dc=com", filter, new SearchControls());\n  }\n}',
        good:
          'class Directory {\n  NamingEnumeration<SearchResult> find(HttpServletRequest request, DirContext ctx) throws NamingException {\n    String user = request.getParameter("user");\n    return ctx.search("ou=people,dc=example,dc=com", "(&(objectClass=person)(uid={0}))", new Object[] { user }, new SearchControls());\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['search', 'SearchRequest', all('Filter', 'create')],
});
