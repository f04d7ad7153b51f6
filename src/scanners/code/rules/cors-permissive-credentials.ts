import { child, textOf } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { describeSource, flowOf, isTrueLiteral, option, stringLiteral } from '../helpers.js';

const ANY_ORIGIN = (ctx: RuleContext, node: Parameters<typeof stringLiteral>[1]): boolean => !!node && (stringLiteral(ctx, node) === '*' || isTrueLiteral(ctx, node));

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'python') {
    for (const call of ctx.calls) {
      if (call.qualified !== 'flask_cors.CORS' && call.qualified !== 'flask_cors.cross_origin') continue;
      const credentials = isTrueLiteral(ctx, call.kwargs.get('supports_credentials'));
      const origins = call.kwargs.get('origins') ?? call.kwargs.get('resources');
      if (credentials && (!origins || textOf(ctx.text, origins).includes("'*'") || textOf(ctx.text, origins).includes('"*"'))) out.push({ node: call.node, detail: 'Credentialed requests are allowed from any origin.' });
    }
    const settings = new Map<string, ReturnType<typeof child>>();
    for (const assign of ctx.nodes.of('assignment')) {
      const left = child(assign, 'left');
      if (left?.type === 'identifier' && isTrueLiteral(ctx, child(assign, 'right'))) settings.set(textOf(ctx.text, left), assign);
    }
    const any = settings.get('CORS_ALLOW_ALL_ORIGINS') ?? settings.get('CORS_ORIGIN_ALLOW_ALL');
    if (any && settings.has('CORS_ALLOW_CREDENTIALS')) out.push({ node: any, detail: 'django-cors-headers allows every origin together with credentials.' });
    return out;
  }
  for (const call of ctx.calls) {
    if (call.qualified === 'cors' || call.qualified === '@fastify/cors' || call.name === 'cors' || call.method === 'enableCors' || (call.method === 'register' && /cors/i.test(textOf(ctx.text, call.args[0] ?? call.node)))) {
      const origin = option(ctx, call, 'origin');
      const credentials = option(ctx, call, 'credentials');
      if (isTrueLiteral(ctx, credentials) && ANY_ORIGIN(ctx, origin)) {
        out.push({ node: call.node, detail: isTrueLiteral(ctx, origin) ? '`origin: true` reflects every requesting origin while `credentials: true` lets it read authenticated responses.' : '`origin: \'*\'` is combined with `credentials: true`.' });
      }
    }
  }
  // Hand-written reflection: Access-Control-Allow-Origin set from the request's Origin header with credentials allowed.
  const credentialed = ctx.calls.some((c) => /^(?:setHeader|header|set)$/.test(c.method) && /access-control-allow-credentials/i.test(stringLiteral(ctx, c.args[0]) ?? '') && /true/.test(textOf(ctx.text, c.args[1] ?? c.node)));
  for (const call of ctx.calls) {
    if (!/^(?:setHeader|header|set)$/.test(call.method) || !/^access-control-allow-origin$/i.test(stringLiteral(ctx, call.args[0]) ?? '')) continue;
    const taint = flowOf(ctx, call.args[1], { kind: 'header' });
    if (taint && credentialed) out.push({ node: call.node, taint, detail: `The allowed origin is reflected from ${describeSource(ctx, taint)} and credentials are allowed.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'cors-permissive-credentials',
  title: 'CORS allows any origin with credentials',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-942',
  owasp: OWASP.accessControl,
  languages: JS_AND_PYTHON,
  description: 'Cross-origin requests with cookies are allowed from any origin (the origin is reflected or a wildcard is combined with credentials), so any website a user visits can read their data from this API.',
  remediation: 'List the trusted origins explicitly (`origin: [\'https://app.example.com\']`), or drop `credentials` for public APIs.',
  docs: {
    summary:
      '`cors({ origin: true | \'*\', credentials: true })` (also `@fastify/cors` and Nest `enableCors`), a hand-written `Access-Control-Allow-Origin` copied from the request with `Access-Control-Allow-Credentials: true`; Flask-CORS `supports_credentials=True` without an origin list or with `*`; django-cors-headers `CORS_ALLOW_ALL_ORIGINS` with `CORS_ALLOW_CREDENTIALS`.',
    examples: [
      {
        language: 'javascript',
        bad: "const cors = require('cors');\napp.use(cors({ origin: true, credentials: true }));",
        good: "const cors = require('cors');\napp.use(cors({ origin: ['https://app.example.com'], credentials: true }));",
      },
      {
        language: 'python',
        bad: "CORS_ALLOW_ALL_ORIGINS = True\nCORS_ALLOW_CREDENTIALS = True",
        good: "CORS_ALLOWED_ORIGINS = ['https://app.example.com']\nCORS_ALLOW_CREDENTIALS = True",
      },
    ],
  },
  match,
  triggers: {
    js: [/cors/i, /access-control-allow-origin/i],
    python: ['flask_cors', 'CORS_ALLOW_CREDENTIALS'],
  },
});
