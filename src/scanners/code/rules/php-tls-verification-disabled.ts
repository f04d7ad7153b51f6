import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { constantString, isFalseLiteral, isTrueLiteral } from '../helpers.js';

/** cURL options whose false value turns verification off (also written `Class::SSL_VERIFYPEER`). */
const CURL_OPTIONS = new Set(['CURLOPT_SSL_VERIFYPEER', 'CURLOPT_SSL_VERIFYHOST', 'CURLOPT_PROXY_SSL_VERIFYPEER']);
/** Stream context and Guzzle options whose false value turns verification off. */
const STREAM_OPTIONS = new Set(['verify_peer', 'verify_peer_name', 'verify']);

/** Why an option key/value pair turns verification off, or undefined. */
function verdict(ctx: RuleContext, key: SyntaxNode, value: SyntaxNode): string | undefined {
  const k = key.type === 'name' || key.type === 'class_constant_access_expression' ? textOf(ctx.text, key).replace(/^\\?(?:CURLOPT_|\w+::)/, 'CURLOPT_') : constantString(ctx, key);
  if (!k) return undefined;
  const v = textOf(ctx.text, value);
  if (CURL_OPTIONS.has(k) && isFalseLiteral(ctx, value)) return `\`${k}\` is set to \`${v}\`.`;
  if (STREAM_OPTIONS.has(k) && isFalseLiteral(ctx, value)) return `\`'${k}' => ${v}\` turns certificate checks off.`;
  if (k === 'allow_self_signed' && isTrueLiteral(ctx, value)) return '`\'allow_self_signed\' => true` accepts certificates nobody vouches for.';
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!call.receiver && call.name.toLowerCase() === 'curl_setopt' && call.args[1] && call.args[2]) {
      const why = verdict(ctx, call.args[1], call.args[2]);
      if (why) out.push({ node: call.node, detail: why });
    } else if (call.method === 'withoutVerifying' && call.receiver && /(?:^|\\)Http$/.test(textOf(ctx.text, call.receiver))) {
      out.push({ node: call.node, detail: '`Http::withoutVerifying()` turns certificate checks off.' });
    }
  }
  // Option arrays: curl_setopt_array, stream_context_create(['ssl' => […]]), Guzzle ['verify' => false].
  const reported = new Set<SyntaxNode>();
  for (const el of ctx.nodes.of('array_element_initializer')) {
    const [key, value] = namedChildren(el);
    const why = key && value ? verdict(ctx, key, value) : undefined;
    if (!why || (el.parent && reported.has(el.parent))) continue;
    if (el.parent) reported.add(el.parent);
    out.push({ node: el, detail: why });
  }
  return out;
}

export const rule = defineRule({
  id: 'php-tls-verification-disabled',
  title: 'PHP TLS certificate verification disabled',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-295',
  owasp: OWASP.cryptography,
  languages: PHP,
  description: 'cURL, stream or Guzzle/Laravel HTTP requests are made with certificate or host name checks off (`CURLOPT_SSL_VERIFYPEER` false, `CURLOPT_SSL_VERIFYHOST` 0, `verify_peer` false, `verify` false), so anyone on the network path can impersonate the server and read or change the traffic.',
  remediation: 'Keep `CURLOPT_SSL_VERIFYPEER` true and `CURLOPT_SSL_VERIFYHOST` 2 (the defaults); for a private CA pass it with `CURLOPT_CAINFO`, `\'cafile\'` in the stream context or Guzzle `\'verify\' => \'/path/ca.pem\'`.',
  docs: {
    summary: '`curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false)`, `CURLOPT_SSL_VERIFYHOST` 0/false, the same keys in `curl_setopt_array` arrays, stream context `\'verify_peer\'`/`\'verify_peer_name\' => false` and `\'allow_self_signed\' => true`, Guzzle `\'verify\' => false` and Laravel `Http::withoutVerifying()`.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$ch = curl_init('https://api.example.com/orders');\ncurl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);\n$body = curl_exec($ch);",
        good: "<?php\n$ch = curl_init('https://api.example.com/orders');\ncurl_setopt($ch, CURLOPT_CAINFO, '/etc/ssl/internal-ca.pem');\n$body = curl_exec($ch);",
      },
    ],
  },
  match,
  triggers: [new RegExp([...CURL_OPTIONS].map((o) => o.replace(/^CURLOPT_/, '')).join('|')), ...STREAM_OPTIONS, 'allow_self_signed', 'withoutVerifying'],
});
