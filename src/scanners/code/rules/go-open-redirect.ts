import { all } from '../prefilter.js';
import { GO, OWASP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { GO_OPEN_REDIRECT_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'go-open-redirect',
    title: 'Go redirect to a URL from untrusted data',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-601',
    owasp: OWASP.accessControl,
    languages: GO,
    description: 'The handler redirects to a location taken from the request (`http.Redirect`, gin/echo `c.Redirect`, a `Location` header), so links on its trusted domain can send users to phishing sites.',
    remediation: 'Redirect only to relative paths you validate (parse with `url.Parse`, require an empty `Host` and a path starting with a single `/`) or to hosts on an allow-list; otherwise fall back to a fixed page.',
    docs: {
      summary:
        '`http.Redirect(w, r, target, code)`, gin/echo `c.Redirect(code, target)` and `w.Header().Set("Location", …)` whose target comes from request data. A constant prefix fixing a local path or origin stops the flow, as do the barriers for redirect targets: `url.QueryEscape`/`PathEscape`, an allow-list (a map lookup, `slices.Contains`, `==`), a host check on the parsed URL (`u, _ := url.Parse(t); u.Host == ""`) and a local-path check (`strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "//")`), in the branch where they held or after an `if` that returns. Only proven flows are reported.',
    },
    triggers: ['Redirect', all('Header', ['Set', 'Add'])],
  },
  GO_OPEN_REDIRECT_SINKS,
);
