import { all } from '../prefilter.js';
import { OWASP, JAVA } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_SSRF_SINKS } from '../taint-sinks.js';

const CONNECTS = ['openConnection', 'openStream', 'getContent'];
const REST_TEMPLATE = ['getForObject', 'getForEntity', 'postForObject', 'postForEntity', 'postForLocation', 'exchange', 'execute', 'put', 'delete', 'headForHeaders', 'optionsForAllow', 'patchForObject'];
const APACHE = ['HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpHead', 'HttpPatch', 'HttpOptions', 'HttpTrace', 'GetMethod', 'PostMethod', 'HttpUriRequestBase', 'Socket'];
const REST_CLIENT = /rest|template/i;

export const rule = defineTaintRule(
  {
    id: 'java-ssrf',
    title: 'Java server-side request to a URL from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-918',
    owasp: OWASP.ssrf,
    languages: JAVA,
    description: 'The server opens a connection to a URL or host taken from the request, so a client can make it reach internal services, cloud metadata endpoints or `file:` URLs.',
    remediation: 'Do not fetch client-supplied URLs: map an identifier to a configured URL, or parse the URL, allow only `https` and hosts from an allow-list, and reject private, loopback and link-local addresses after DNS resolution.',
    docs: {
      summary:
        '`new URL(x).openConnection()`/`openStream()`, `java.net.http` `HttpRequest.newBuilder(uri)`/`.uri(…)`, Spring `RestTemplate.getForObject`/`exchange`/… and `WebClient…uri(…)`, Apache HttpClient `new HttpGet(…)`, OkHttp `Request.Builder().url(…)`, `Jsoup.connect` and `new Socket(host, …)` whose URL or host comes from request data. A URL starting with a constant scheme and host is not reported. Only proven flows are reported.',
    },
    triggers: [...CONNECTS, ...APACHE, 'newBuilder', 'uri', 'url', all([...REST_TEMPLATE], REST_CLIENT), 'Jsoup', 'Request'],
  },
  JAVA_SSRF_SINKS,
);
