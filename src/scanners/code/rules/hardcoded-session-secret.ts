import { child, namedChildren, stringValue, textOf, unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { option } from '../sinks.js';
import { constantString } from './jwt-hardcoded-secret.js';
import { literal } from '../prefilter.js';

const JS_SESSION = /^(?:express-session|cookie-session|koa-session|@fastify\/(?:secure-)?session|@fastify\/cookie)$|^(?:session|cookieSession)$/;
const PY_SECRET_NAMES = /^(?:SECRET_KEY|SESSION_SECRET|JWT_SECRET_KEY)$/;
const PLACEHOLDER = /^$|^(?:changeme|change-me|todo|xxx+|\*+)$/i;

/** Configuration entries named as the session secret: `cookieSecret: '…'`, `const SESSION_SECRET = '…'`. */
const JS_SECRET_NAMES = /^(?:cookie|session)_?secret$/i;

function configSecrets(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const node of ctx.nodes.of('pair', 'variable_declarator')) {
    const name = child(node, node.type === 'pair' ? 'key' : 'name');
    const value = child(node, 'value');
    if (!name || !value) continue;
    const key = stringValue(ctx.text, name) ?? textOf(ctx.text, name);
    if (!JS_SECRET_NAMES.test(key) || unwrap(value).type !== 'string' || constantString(ctx, value) === undefined) continue;
    out.push({ node, detail: `\`${key}\` is a constant in the source.` });
  }
  return out;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'python') {
    for (const assign of ctx.nodes.of('assignment')) {
      const left = child(assign, 'left');
      const right = child(assign, 'right');
      if (!left || !right) continue;
      const value = stringValue(ctx.text, right);
      if (value === undefined) continue;
      const l = textOf(ctx.text, left);
      const name = left.type === 'subscript' ? stringValue(ctx.text, child(left, 'subscript')) : left.type === 'attribute' ? l.split('.').at(-1) : l;
      if (!name || !(PY_SECRET_NAMES.test(name) || name === 'secret_key')) continue;
      out.push({ node: assign, detail: `\`${l}\` is a constant${PLACEHOLDER.test(value) ? ' placeholder' : ''} in the source.` });
    }
    return out;
  }
  out.push(...configSecrets(ctx));
  for (const call of ctx.calls) {
    const isSession = JS_SESSION.test(call.qualified) || JS_SESSION.test(call.name);
    const isCookieParser = call.qualified === 'cookie-parser' || call.name === 'cookieParser';
    if (!isSession && !isCookieParser) continue;
    const candidates = isCookieParser ? [call.args[0]] : [option(ctx, call, 'secret'), option(ctx, call, 'keys')];
    for (const c of candidates) {
      if (!c) continue;
      const n = unwrap(c);
      const values = n.type === 'array' ? namedChildren(n) : [n];
      if (values.length > 0 && values.every((v) => constantString(ctx, v) !== undefined)) {
        out.push({ node: call.node, detail: 'The secret that signs session cookies is a constant in the source.' });
        break;
      }
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'hardcoded-session-secret',
  title: 'Session or framework secret hard-coded',
  severity: 'HIGH',
  confidence: 0.75,
  taintConfidence: 0.9,
  cwe: 'CWE-798',
  owasp: OWASP.authentication,
  languages: JS_AND_PYTHON,
  description: 'The key that signs session cookies (or Django/Flask `SECRET_KEY`) is a literal in the code; anyone who reads the repository can forge sessions, and in Django also password-reset tokens.',
  remediation: 'Read the secret from the environment or a secret manager at start-up, fail when it is missing, and rotate the committed value.',
  docs: {
    summary: '`express-session`, `cookie-session`, `koa-session`, `@fastify/session` `secret`/`keys` and `cookie-parser` secrets given as literals, and configuration entries named `cookieSecret`/`sessionSecret`/`SESSION_SECRET` holding a string literal; Python `SECRET_KEY = \'…\'`, `app.secret_key = \'…\'`, `app.config[\'SECRET_KEY\'] = \'…\'`.',
    examples: [
      {
        language: 'javascript',
        bad: "const session = require('express-session');\napp.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));",
        good: "const session = require('express-session');\napp.use(session({ secret: process.env.SESSION_SECRET, resave: false, saveUninitialized: false }));",
      },
      {
        language: 'python',
        bad: "app = Flask(__name__)\napp.config['SECRET_KEY'] = 'dev-secret-key'",
        good: "app = Flask(__name__)\napp.config['SECRET_KEY'] = os.environ['SECRET_KEY']",
      },
    ],
  },
  match,
  triggers: {
    js: ['session', 'cookieSession', 'cookie', 'cookieParser', /(?:cookie|session)_?secret/i],
    // Names are identifiers or subscript strings (app.config['SECRET_KEY']).
    python: [literal(['SECRET_KEY', 'SESSION_SECRET', 'JWT_SECRET_KEY', 'secret_key'])],
  },
});
