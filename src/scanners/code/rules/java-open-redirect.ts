import { JAVA, OWASP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_OPEN_REDIRECT_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'java-open-redirect',
    title: 'Java redirect to a URL from untrusted data',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-601',
    owasp: OWASP.accessControl,
    languages: JAVA,
    description: 'The application redirects to a location taken from the request (`sendRedirect`, a `Location` header, Spring `redirect:`), so links on its trusted domain can send users to phishing sites.',
    remediation: 'Redirect only to relative paths you validate (a single leading `/`, not `//` or `/\\`) or to URLs whose host is on an allow-list; otherwise fall back to a fixed page.',
    docs: {
      summary:
        '`response.sendRedirect`, `setHeader`/`addHeader("Location", …)`, Spring `return "redirect:" + …`, `new ModelAndView("redirect:" + …)` and `new RedirectView(…)` whose target comes from request data. A constant prefix that fixes a local path or origin stops the flow, as do the barriers for redirect targets: `URLEncoder.encode`/ESAPI `encodeForURL`, an allow-list (`Set#contains`, `Map#containsKey`, `equals`), a host check (`URI.create(t).getHost()`, `UriComponentsBuilder.fromUriString(t).build().getHost()` compared or looked up) and a local-path check (`t.startsWith("/") && !t.startsWith("//")`), in the branch where they held or after an `if` that returns or throws. Only proven flows are reported.',
    },
    triggers: ['sendRedirect', 'setHeader', 'addHeader', 'RedirectView', 'ModelAndView', 'redirect'],
  },
  JAVA_OPEN_REDIRECT_SINKS,
);
