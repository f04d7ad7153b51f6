import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, RUBY, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { looksLikeUrl } from '../function-model/guards.js';
import { localTaint } from '../function-model/taint.js';
import { urlSinkMatches } from '../function-model/flows.js';

const NET_HTTP = /^Net::HTTP\.(?:get|get_response|get_print|post|post_form|start|new)$/;
/** HTTP client classes (`HTTP` is also the class of NET_HTTP). */
const CLIENT_CLASSES = ['HTTParty', 'Faraday', 'RestClient', 'Excon', 'HTTP', 'Typhoeus', 'HTTPX', 'HTTPClient'];
const CLIENTS = new RegExp(`^(?:${CLIENT_CLASSES.join('|')})\\.(?:get|post|put|patch|delete|head|options|request|follow|get_content)$`);
const SANITISERS = new Set(['encode_www_form_component', 'escape', 'url_encode']);

/** The value of a `url: …` argument (`Faraday.new(url: …)`, `RestClient::Request.execute(url: …)`). */
function urlKeyword(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  for (const a of call.args) {
    const [k, v] = a.type === 'pair' ? namedChildren(a) : [];
    if (k && /^:?url:?$/.test(textOf(ctx.text, k))) return v;
  }
  return undefined;
}

function urlArgument(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  if (NET_HTTP.test(call.name) || CLIENTS.test(call.name) || /^(?:URI|OpenURI)\.open$/.test(call.name) || /^Typhoeus::Request\.new$/.test(call.name)) return call.args[0]?.type === 'pair' ? urlKeyword(ctx, call) : call.args[0];
  if (/^(?:Faraday\.new|RestClient::Request\.execute)$/.test(call.name)) return urlKeyword(ctx, call) ?? call.args[0];
  // URI.parse(x).open / .read (open-uri).
  if ((call.method === 'open' || call.method === 'read') && call.receiver && /^URI(?:\.parse)?\s*\(/.test(textOf(ctx.text, call.receiver))) return call.receiver;
  // Kernel#open of a URL (open-uri).
  if (!call.receiver && call.method === 'open' && call.args[0] && looksLikeUrl(ctx, call.args[0], localTaint(ctx, call.args[0]))) return call.args[0];
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  return urlSinkMatches(ctx, { urlArgument, name: (call) => call.name, sanitisers: SANITISERS });
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'ruby',
        bad: "class PreviewsController < ApplicationController\n  def show\n    uri = URI.parse(params[:url])\n    render plain: Net::HTTP.get(uri)\n  end\nend",
        good: "class PreviewsController < ApplicationController\n  def show\n    uri = URI.parse(\"https://api.example.com/previews/#{params[:id].to_i}\")\n    render plain: Net::HTTP.get(uri)\n  end\nend",
      },
    ],
  },
  match,
  triggers: [...CLIENT_CLASSES, 'URI', 'OpenURI', 'open'],
});
