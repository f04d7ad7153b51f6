import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { SSRF_SINKS } from '../taint-sinks.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

export const rule = defineTaintRule(
  {
    id: 'ssrf',
    title: 'Server-side request to a URL from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-918',
    owasp: OWASP.ssrf,
    languages: JS_AND_PYTHON,
    description: 'The server sends an HTTP request to a URL taken from the request, so a client can make it reach internal services or cloud metadata endpoints.',
    remediation: 'Do not fetch client-supplied URLs; map an identifier to a configured URL, or check the parsed host against an allow-list and block private, loopback and link-local addresses after DNS resolution.',
    docs: {
      summary:
        'HTTP clients (`fetch`, axios, got, needle, superagent, `http(s).get/request`; Python requests, httpx, urllib, urllib3, aiohttp) whose URL, or `url`/`host` option, is derived from server-side request data. Only proven flows are reported; a URL starting with a constant scheme and host (`https://api.example.com/items/${id}`) is not.',
    },
    triggers: {
      js: [all(['fetch', 'undici', 'axios', 'got', 'needle', 'superagent', 'request', 'ky', 'http', 'https'], JS_SERVER_SOURCE_TRIGGERS)],
      python: [all(['requests', 'httpx', 'urllib', 'urllib3', 'aiohttp', 'urlopen'], PYTHON_SOURCE_TRIGGERS)],
    },
  },
  SSRF_SINKS,
);
