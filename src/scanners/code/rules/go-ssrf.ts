import { textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, GO, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { unqualified } from '../prefilter.js';
import { urlSinkMatches } from '../function-model/flows.js';

/** Functions taking a URL or address, by argument position. */
const FUNCTIONS: Readonly<Record<string, number>> = Object.freeze({
  'http.Get': 0, 'http.Head': 0, 'http.Post': 0, 'http.PostForm': 0, 'http.NewRequest': 1, 'http.NewRequestWithContext': 2,
  'net.Dial': 1, 'net.DialTimeout': 1, 'tls.Dial': 1, 'httputil.NewSingleHostReverseProxy': 0, 'websocket.Dial': 0,
});
const CLIENT_METHODS = new Set(['Get', 'Head', 'Post', 'PostForm']);
/** resty's `client.R().Get(url)`. */
const RESTY_METHODS = new Set(['Get', 'Post', 'Put', 'Delete', 'Patch', 'Head']);
const SANITISERS = new Set(['QueryEscape', 'PathEscape']);

function urlArgument(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  const position = FUNCTIONS[call.name];
  if (position !== undefined) return call.args[position];
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  // *http.Client and resty's client.R().
  if (CLIENT_METHODS.has(call.method) && /client$/i.test(receiver)) return call.args[0];
  if (/\.R\(\)/.test(receiver) && RESTY_METHODS.has(call.method)) return call.args[0];
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  return urlSinkMatches(ctx, { urlArgument, name: (call) => call.name, sanitisers: SANITISERS });
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'go',
        bad: 'func preview(w http.ResponseWriter, r *http.Request) {\n\ttarget := r.URL.Query().Get("url")\n\tresp, err := http.Get(target)\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer resp.Body.Close()\n\tio.Copy(w, resp.Body)\n}',
        good: 'func preview(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\tresp, err := http.Get("https://images.example.com/thumbs/" + url.PathEscape(id))\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer resp.Body.Close()\n\tio.Copy(w, resp.Body)\n}',
      },
    ],
  },
  match,
  triggers: [...unqualified(Object.keys(FUNCTIONS)), ...CLIENT_METHODS, ...RESTY_METHODS],
});
