import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { all, anyCase } from '../prefilter.js';
import { OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_SSRF_SINKS } from '../taint-sinks.js';
import { hasFixedOrigin, sink, strip } from '../helpers.js';

const URL_FUNCTIONS = ['curl_init', 'get_headers', 'fsockopen', 'pfsockopen', 'wp_remote_get', 'wp_remote_post', 'wp_remote_head', 'wp_remote_request', 'stream_socket_client'];
const URL_CAPABLE = ['file_get_contents', 'fopen', 'readfile', 'file', 'copy', 'simplexml_load_file', 'getimagesize', 'exif_read_data'];
const CLIENT_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'getAsync', 'postAsync', 'send', 'request', 'requestAsync'];

/** The CURLOPT_URL value of a `curl_setopt_array` options array. */
function curlOptionUrl(ctx: RuleContext, array: SyntaxNode | undefined): SyntaxNode | undefined {
  if (!array || strip(array).type !== 'array_creation_expression') return undefined;
  for (const el of namedChildren(strip(array))) {
    const [key, value] = namedChildren(el);
    if (key && value && textOf(ctx.text, key) === 'CURLOPT_URL') return value;
  }
  return undefined;
}

/** `curl_setopt_array($ch, [CURLOPT_URL => $url, …])`: the URL is an entry of an array literal, not an argument. */
function curlOptionArrays(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew || call.name.toLowerCase() !== 'curl_setopt_array') continue;
    const arg = curlOptionUrl(ctx, call.args[1]);
    if (!arg || hasFixedOrigin(ctx, arg)) continue;
    const m = sink(ctx, call, arg, { pattern: false, what: `the URL of \`${textOf(ctx.text, call.callee)}\``, kind: 'url' });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineTaintRule(
  {
    id: 'php-ssrf',
    title: 'PHP server-side request to a URL from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-918',
    owasp: OWASP.ssrf,
    languages: PHP,
    description: 'The server fetches a URL or connects to a host taken from the request, so a client can make it reach internal services, cloud metadata endpoints, or local files through `file://` and `php://` wrappers.',
    remediation: 'Do not fetch client-supplied URLs: map an identifier to a configured URL, or parse the URL (`parse_url`), allow only `https` and hosts from an allow-list, reject private and loopback addresses, and limit cURL to HTTP(S) with `CURLOPT_PROTOCOLS`.',
    docs: {
      summary:
        '`curl_init($url)`, `curl_setopt($ch, CURLOPT_URL, …)`, `curl_setopt_array` with `CURLOPT_URL`, `file_get_contents`/`fopen`/`readfile`/`copy`/`getimagesize` of a URL-like value, `get_headers`, `fsockopen`, WordPress `wp_remote_get`/`post`, Guzzle `$client->get`/`request` and Laravel `Http::get` whose URL comes from request data. A URL starting with a constant scheme and host is not reported. Only proven flows are reported.',
    },
    triggers: [anyCase([...URL_FUNCTIONS, ...URL_CAPABLE, 'curl_setopt', 'curl_setopt_array']), all(CLIENT_METHODS, /client|guzzle|http/i)],
  },
  PHP_SSRF_SINKS,
  curlOptionArrays,
);
