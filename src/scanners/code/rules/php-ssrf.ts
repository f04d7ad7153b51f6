import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all, anyCase } from '../prefilter.js';
import { looksLikeUrl } from '../function-model/guards.js';
import { fixedOrigin, strip } from '../function-model/values.js';
import { localSink, localTaint } from '../function-model/taint.js';

/** Functions that always take a URL or host, by argument position. */
const URL_FUNCTIONS: Readonly<Record<string, number>> = Object.freeze({ curl_init: 0, get_headers: 0, fsockopen: 0, pfsockopen: 0, wp_remote_get: 0, wp_remote_post: 0, wp_remote_head: 0, wp_remote_request: 0, stream_socket_client: 0 });
/** File functions that fetch URLs too: reported when the value looks like a URL (else php-path-traversal). */
const URL_CAPABLE: Readonly<Record<string, number>> = Object.freeze({ file_get_contents: 0, fopen: 0, readfile: 0, file: 0, copy: 0, simplexml_load_file: 0, getimagesize: 0, exif_read_data: 0 });
const CLIENT_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'getAsync', 'postAsync', 'send', 'request', 'requestAsync']);
const SANITISERS = new Set(['urlencode', 'rawurlencode', 'http_build_query']);
/** A receiver that is an HTTP client: Guzzle, a variable named so, Laravel's `Http` facade. */
const HTTP_CLIENT = /client|guzzle|http/i;

/** The CURLOPT_URL value of a `curl_setopt_array` options array. */
function curlOptionUrl(ctx: RuleContext, array: SyntaxNode | undefined): SyntaxNode | undefined {
  if (!array || strip(array).type !== 'array_creation_expression') return undefined;
  for (const el of namedChildren(strip(array))) {
    const [key, value] = namedChildren(el);
    if (key && value && textOf(ctx.text, key) === 'CURLOPT_URL') return value;
  }
  return undefined;
}

function urlArgument(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  const name = call.name.toLowerCase();
  if (!call.receiver && !call.isNew) {
    if (name in URL_FUNCTIONS) return call.args[URL_FUNCTIONS[name] as number];
    if (name in URL_CAPABLE) {
      const arg = call.args[URL_CAPABLE[name] as number];
      return arg && looksLikeUrl(ctx, arg, localTaint(ctx, arg)) ? arg : undefined;
    }
    if (name === 'curl_setopt' && call.args[1] && textOf(ctx.text, call.args[1]) === 'CURLOPT_URL') return call.args[2];
    if (name === 'curl_setopt_array') return curlOptionUrl(ctx, call.args[1]);
    return undefined;
  }
  // Guzzle ($client->get($url), ->request('GET', $url)) and Laravel's Http facade.
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  if (CLIENT_METHODS.has(call.method) && (HTTP_CLIENT.test(receiver) || /^\\?(?:Illuminate\\Support\\Facades\\)?Http$/.test(receiver))) {
    return call.method === 'request' || call.method === 'requestAsync' ? call.args[1] : call.method === 'send' ? undefined : call.args[0];
  }
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const arg = urlArgument(ctx, call);
    if (!arg || fixedOrigin(ctx, arg)) continue;
    const callee = call.isNew ? `new ${call.method}` : textOf(ctx.text, call.callee);
    const m = localSink(ctx, call, arg, false, `the URL of \`${callee}\``, SANITISERS);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'php',
        bad: "<?php\n$url = $_GET['url'];\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $url);\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\necho htmlspecialchars(curl_exec($ch));",
        good: "<?php\n$id = $_GET['id'];\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, 'https://api.example.com/items/' . urlencode($id));\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\necho htmlspecialchars(curl_exec($ch));",
      },
    ],
  },
  match,
  triggers: [anyCase([...Object.keys(URL_FUNCTIONS), ...Object.keys(URL_CAPABLE), 'curl_setopt', 'curl_setopt_array']), all([...CLIENT_METHODS], HTTP_CLIENT)],
});
