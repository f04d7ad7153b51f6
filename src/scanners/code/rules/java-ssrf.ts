import { textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JAVA, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { urlSinkMatches } from '../function-model/flows.js';

/** Methods of a URL object that connect. */
const CONNECTS = new Set(['openConnection', 'openStream', 'getContent']);
const REST_TEMPLATE = new Set(['getForObject', 'getForEntity', 'postForObject', 'postForEntity', 'postForLocation', 'exchange', 'execute', 'put', 'delete', 'headForHeaders', 'optionsForAllow', 'patchForObject']);
const APACHE = new Set(['HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpHead', 'HttpPatch', 'HttpOptions', 'HttpTrace', 'GetMethod', 'PostMethod', 'HttpUriRequestBase', 'Socket']);
const SANITISERS = new Set(['encode', 'encodeForURL']);
/** A receiver that is a Spring `RestTemplate` (or a client named so). */
const REST_CLIENT = /rest|template/i;

const simple = (name: string): string => name.split('.').at(-1) ?? name;

/** The argument carrying the URL of an HTTP request, or undefined when the call sends none. */
function urlArgument(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  if (call.isNew) return APACHE.has(simple(call.name)) ? call.args[0] : undefined;
  if (CONNECTS.has(call.method) && call.receiver && call.args.length === 0) return call.receiver;
  if (/(?:^|\.)HttpRequest\.newBuilder$/.test(call.name) || (call.method === 'uri' && call.args.length > 0) || (call.method === 'url' && /Request\.Builder|Builder\(\)|builder/i.test(receiver))) return call.args[0];
  if (REST_TEMPLATE.has(call.method) && REST_CLIENT.test(receiver)) return call.args[0];
  if (/(?:^|\.)Jsoup\.connect$/.test(call.name) || /(?:^|\.)Request\.(?:Get|Post|Put|Delete|Head|Patch)$/.test(call.name)) return call.args[0];
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  return urlSinkMatches(ctx, { urlArgument, name: (call) => (call.isNew ? `new ${simple(call.name)}` : call.method), sanitisers: SANITISERS });
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'java',
        bad:
          'class Preview {\n  String fetch(HttpServletRequest request) throws IOException {\n    URL url = new URL(request.getParameter("url"));\n    HttpURLConnection conn = (HttpURLConnection) url.openConnection();\n    return new String(conn.getInputStream().readAllBytes());\n  }\n}',
        good:
          'class Preview {\n  String fetch(HttpServletRequest request) throws IOException {\n    String id = request.getParameter("id");\n    URL url = new URL("https://images.example.com/thumbs/" + id);\n    HttpURLConnection conn = (HttpURLConnection) url.openConnection();\n    return new String(conn.getInputStream().readAllBytes());\n  }\n}',
      },
    ],
  },
  match,
  triggers: [...CONNECTS, ...APACHE, 'newBuilder', 'uri', 'url', all([...REST_TEMPLATE], REST_CLIENT), 'Jsoup', 'Request'],
});
