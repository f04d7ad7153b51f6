import { child, namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { isFalseLiteral } from '../helpers.js';

/** Option keys whose false value turns verification off (HTTParty, RestClient, Faraday, Excon, http.rb, Typhoeus). */
const VERIFY_KEY_NAMES = ['verify', 'verify_ssl', 'ssl_verify', 'ssl_verify_peer', 'verify_peer', 'ssl_verifypeer', 'ssl_verifyhost'];
const VERIFY_KEYS = new RegExp(`^:?(?:${VERIFY_KEY_NAMES.join('|')})(?::|$)`);
/** Attributes of client objects, likewise (`http.verify_ssl = false`). */
const VERIFY_ATTRIBUTE_NAMES = ['verify_ssl', 'ssl_verify_peer', 'verify_peer', 'ssl_verify'];
const VERIFY_ATTRIBUTES = new RegExp(`\\.(?:${VERIFY_ATTRIBUTE_NAMES.join('|')})$`);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  // OpenSSL::SSL::VERIFY_NONE anywhere but in a comparison.
  for (const scope of ctx.nodes.of('scope_resolution')) {
    if (!/^(?:::)?OpenSSL::SSL::VERIFY_NONE$/.test(textOf(ctx.text, scope).replace(/\s+/g, '')) || scope.parent?.type === 'scope_resolution') continue;
    if (scope.parent?.type === 'binary' && /==|!=/.test(textOf(ctx.text, scope.parent))) continue;
    out.push({ node: scope.parent?.type === 'assignment' || scope.parent?.type === 'pair' ? scope.parent : scope, detail: '`OpenSSL::SSL::VERIFY_NONE` accepts any certificate.' });
  }
  for (const pair of ctx.nodes.of('pair')) {
    const [key, value] = namedChildren(pair);
    if (key && VERIFY_KEYS.test(textOf(ctx.text, key)) && isFalseLiteral(ctx, value) && textOf(ctx.text, value ?? pair) !== 'nil') out.push({ node: pair, detail: `\`${textOf(ctx.text, pair)}\` turns certificate checks off.` });
  }
  for (const assign of ctx.nodes.of('assignment')) {
    const left = child(assign, 'left');
    if (left && VERIFY_ATTRIBUTES.test(textOf(ctx.text, left)) && isFalseLiteral(ctx, child(assign, 'right')) && textOf(ctx.text, child(assign, 'right') ?? assign) !== 'nil') out.push({ node: assign, detail: `\`${textOf(ctx.text, assign)}\` turns certificate checks off.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-tls-verification-disabled',
  title: 'Ruby TLS certificate verification disabled',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-295',
  owasp: OWASP.cryptography,
  languages: RUBY,
  description: 'TLS connections are made with `verify_mode = OpenSSL::SSL::VERIFY_NONE` or an HTTP client option like `verify: false`/`verify_ssl: false`, so anyone on the network path can impersonate the server and read or change the traffic.',
  remediation: 'Keep `OpenSSL::SSL::VERIFY_PEER` (the default of Net::HTTP and the common clients); for a private CA set `ca_file`/`cert_store` (`ssl: { ca_file: … }` in Faraday) instead of turning checks off.',
  docs: {
    summary: 'Any use of `OpenSSL::SSL::VERIFY_NONE` outside a comparison (`http.verify_mode = …`, `verify_mode:`/`ssl_verify_mode:` options, the `VERIFY_PEER = VERIFY_NONE` hack), option pairs `verify: false`, `verify_ssl: false`, `ssl_verify_peer: false`, `ssl: { verify: false }`, and assignments like `client.verify_ssl = false`.',
    examples: [
      {
        language: 'ruby',
        bad: "http = Net::HTTP.new(uri.host, uri.port)\nhttp.use_ssl = true\nhttp.verify_mode = OpenSSL::SSL::VERIFY_NONE\nresponse = http.get(uri.request_uri)",
        good: "http = Net::HTTP.new(uri.host, uri.port)\nhttp.use_ssl = true\nhttp.verify_mode = OpenSSL::SSL::VERIFY_PEER\nresponse = http.get(uri.request_uri)",
      },
    ],
  },
  match,
  triggers: ['VERIFY_NONE', ...VERIFY_KEY_NAMES, ...VERIFY_ATTRIBUTE_NAMES],
});
