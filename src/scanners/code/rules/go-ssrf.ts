import { OWASP, GO } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { GO_SSRF_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'go-ssrf',
    title: 'Go server-side request to a URL from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-918',
    owasp: OWASP.ssrf,
    languages: GO,
    description: 'The server sends an HTTP request to, proxies to, or dials a URL or address taken from the request, so a client can make it reach internal services or cloud metadata endpoints.',
    remediation: 'Do not fetch client-supplied URLs: map an identifier to a configured URL, or parse it with `url.Parse`, allow only `https` and hosts from an allow-list, and block private, loopback and link-local addresses in a custom `net.Dialer.Control`.',
    docs: {
      summary:
        '`http.Get`/`Head`/`Post`/`PostForm`, `http.NewRequest(WithContext)`, `client.Get`/`Post` on an `*http.Client`, resty `client.R().Get`, `net.Dial`/`DialTimeout`, `tls.Dial` and `httputil.NewSingleHostReverseProxy` whose URL or address comes from request data, also through `url.Parse`. A URL starting with a constant scheme and host (`"https://api.example.com/items/" + id`) is not reported. Only proven flows are reported.',
    },
  },
  GO_SSRF_SINKS,
);
