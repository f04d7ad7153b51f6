import { child, textOf, unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { isFalseLiteral, stringLiteral } from '../helpers.js';

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'python') {
    for (const call of ctx.calls) {
      const verify = call.kwargs.get('verify');
      if (verify && isFalseLiteral(ctx, verify)) out.push({ node: call.node, detail: `\`${call.name}\` is called with \`verify=False\`.` });
      else if (call.qualified === 'ssl._create_unverified_context') out.push({ node: call.node, detail: 'An SSL context without certificate checks is created.' });
    }
    for (const assign of ctx.nodes.of('assignment')) {
      const left = child(assign, 'left');
      const right = child(assign, 'right');
      if (!left || !right) continue;
      const l = textOf(ctx.text, left);
      const r = textOf(ctx.text, right);
      if ((/\.verify_mode$/.test(l) && /CERT_NONE$/.test(r)) || (/\.check_hostname$/.test(l) && r === 'False') || (l === 'ssl._create_default_https_context' && /_create_unverified_context$/.test(r))) {
        out.push({ node: assign, detail: `\`${l} = ${r}\` turns certificate checks off.` });
      }
    }
    return out;
  }
  for (const pair of ctx.nodes.of('pair')) {
    const key = child(pair, 'key');
    const value = child(pair, 'value');
    if (!key || !value) continue;
    const name = key.type === 'property_identifier' ? textOf(ctx.text, key) : stringLiteral(ctx, key);
    if ((name === 'rejectUnauthorized' || name === 'strictSSL') && isFalseLiteral(ctx, value)) out.push({ node: pair, detail: `\`${name}: false\` accepts any certificate.` });
  }
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    const right = child(assign, 'right');
    if (!left || !right) continue;
    if (/NODE_TLS_REJECT_UNAUTHORIZED['"]?\]?$/.test(textOf(ctx.text, left)) && ['0', 'false'].includes((stringLiteral(ctx, right) ?? textOf(ctx.text, unwrap(right, ctx.profile))).toLowerCase())) {
      out.push({ node: assign, detail: '`NODE_TLS_REJECT_UNAUTHORIZED=0` disables certificate checks for every TLS connection of the process.' });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'tls-verification-disabled',
  title: 'TLS certificate verification disabled',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-295',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description: 'TLS connections accept any certificate, so anyone on the network path can impersonate the server and read or change the traffic.',
  remediation: 'Keep verification on; for private CAs pass the CA bundle (`ca:` option, `NODE_EXTRA_CA_CERTS`, `verify=\'/path/ca.pem\'`) instead of disabling checks.',
  docs: {
    summary:
      '`rejectUnauthorized: false` and `strictSSL: false` options, `process.env.NODE_TLS_REJECT_UNAUTHORIZED = \'0\'`; Python `verify=False` on any call (requests, httpx, aiohttp), `ssl._create_unverified_context`, `verify_mode = CERT_NONE`, `check_hostname = False`.',
    examples: [
      {
        language: 'javascript',
        bad: "const agent = new https.Agent({ rejectUnauthorized: false });\nconst res = await fetch(url, { agent });",
        good: "const agent = new https.Agent({ ca: fs.readFileSync('internal-ca.pem') });\nconst res = await fetch(url, { agent });",
      },
      {
        language: 'python',
        bad: "import requests\n\nresp = requests.get(API_URL, verify=False, timeout=10)",
        good: "import requests\n\nresp = requests.get(API_URL, verify='/etc/ssl/internal-ca.pem', timeout=10)",
      },
    ],
  },
  match,
  triggers: {
    js: ['rejectUnauthorized', 'strictSSL', /NODE_TLS_REJECT_UNAUTHORIZED/],
    python: ['verify', '_create_unverified_context', 'verify_mode', 'check_hostname', '_create_default_https_context'],
  },
});
