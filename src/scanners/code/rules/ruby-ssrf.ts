import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_SSRF_SINKS } from '../taint-sinks.js';

/** HTTP client classes (`HTTP` is also the class of Net::HTTP). */
const CLIENT_CLASSES = ['HTTParty', 'Faraday', 'RestClient', 'Excon', 'HTTP', 'Typhoeus', 'HTTPX', 'HTTPClient'];

export const rule = defineTaintRule(
  {
    id: 'ruby-ssrf',
    title: 'Ruby server-side request to a URL from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-918',
    owasp: OWASP.ssrf,
    languages: RUBY,
    description: 'The server fetches a URL taken from the request, so a client can make it reach internal services or cloud metadata endpoints; `Kernel#open` with open-uri also opens local files and runs `|command` strings.',
    remediation: 'Do not fetch client-supplied URLs: map an identifier to a configured URL, or parse it with `URI.parse`, allow only `https` and hosts from an allow-list, and resolve and reject private addresses (the `ssrf_filter` gem); never pass such values to `Kernel#open`, use `URI.open` on a checked `URI::HTTPS`.',
    docs: {
      summary:
        '`Net::HTTP.get`/`get_response`/`post`/`start`/`new`, `URI.open`, `URI.parse(x).open`, `Kernel#open` of a URL-like value, HTTParty, Faraday (`Faraday.get`, `Faraday.new(url:)`), RestClient, Excon, http.rb, Typhoeus and HTTPX whose URL comes from `params`, `cookies` or `request`. A URL starting with a constant scheme and host is not reported. Only proven flows are reported.',
    },
    triggers: [...CLIENT_CLASSES, 'URI', 'OpenURI', 'open'],
  },
  RUBY_SSRF_SINKS,
);
