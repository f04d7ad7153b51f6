import { child, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { assignedLiteral } from './jwt-hardcoded-secret.js';
import { literal } from '../prefilter.js';
import { option, stringLiteral } from '../helpers.js';

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
    const key = stringLiteral(ctx, name) ?? textOf(ctx.text, name);
    const literal = unwrap(value, ctx.profile).type === 'string' ? assignedLiteral(ctx, value) : undefined;
    if (!JS_SECRET_NAMES.test(key) || literal === undefined) continue;
    out.push({ node, secrets: [literal], detail: `\`${key}\` is a constant in the source.` });
  }
  return out;
}

/** Rails `secret_key_base`/`secret_token`, Sinatra `:session_secret`: sign (and encrypt) the session cookie. */
const RUBY_SECRET_NAMES = /^(?:secret_key_base|secret_token|session_secret)$/;

/** A Ruby string literal without interpolation, else undefined. */
function rubyLiteral(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node || node.type !== 'string' || node.children.some((c) => c.type === 'interpolation')) return undefined;
  return namedChildren(node).map((c) => textOf(ctx.text, c)).join('');
}

/** `config.secret_key_base = '…'`, `set :session_secret, '…'`, `use Rack::Session::Cookie, secret: '…'`. */
function rubySecrets(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const assign of ctx.nodes.of('assignment')) {
    const left = child(assign, 'left');
    const method = left?.type === 'call' ? child(left, 'method') : undefined;
    const literal = rubyLiteral(ctx, child(assign, 'right'));
    if (!left || !method || !RUBY_SECRET_NAMES.test(textOf(ctx.text, method)) || literal === undefined) continue;
    out.push({ node: assign, secrets: [literal], detail: `\`${textOf(ctx.text, method)}\` is a constant in the source.` });
  }
  for (const call of ctx.nodes.of('call')) {
    const method = child(call, 'method');
    const args = namedChildren(child(call, 'arguments') ?? call).filter((a) => a.type !== 'comment');
    const name = method ? textOf(ctx.text, method) : '';
    const sinatra = name === 'set' && args.length === 2 && textOf(ctx.text, args[0] as SyntaxNode) === ':session_secret' ? rubyLiteral(ctx, args[1]) : undefined;
    if (sinatra !== undefined) out.push({ node: call, secrets: [sinatra], detail: 'The Sinatra `session_secret` is a constant in the source.' });
    if (name === 'use' && /^Rack::Session::(?:Cookie|EncryptedCookie)$/.test(args[0] ? textOf(ctx.text, args[0]) : '')) {
      const secret = args.find((a) => a.type === 'pair' && /^(?::?secret:?|:secret\s*=>)$/.test(textOf(ctx.text, child(a, 'key') ?? a).trim()));
      const literal = secret ? rubyLiteral(ctx, child(secret, 'value')) : undefined;
      if (literal !== undefined) out.push({ node: call, secrets: [literal], detail: 'The `Rack::Session::Cookie` secret is a constant in the source.' });
    }
  }
  return out;
}

/** A PHP string literal without interpolation, else undefined. */
function phpLiteral(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node || (node.type !== 'string' && node.type !== 'encapsed_string') || namedChildren(node).some((c) => c.type !== 'string_content' && c.type !== 'string_value' && c.type !== 'escape_sequence')) return undefined;
  return namedChildren(node).map((c) => textOf(ctx.text, c)).join('');
}

/**
 * Laravel's application key (`'key' => '…'` or `env('APP_KEY', '…')` in config/app.php: it encrypts and
 * signs the session and cookies) and CodeIgniter's `$config['encryption_key'] = '…'`.
 */
function phpSecrets(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (/(?:^|\/)config\/app\.php$/.test(ctx.path)) {
    for (const el of ctx.nodes.of('array_element_initializer')) {
      const [key, value] = namedChildren(el);
      if (!key || !value || phpLiteral(ctx, key) !== 'key') continue;
      const fn = value.type === 'function_call_expression' ? child(value, 'function') : undefined;
      const args = fn && textOf(ctx.text, fn) === 'env' ? namedChildren(child(value, 'arguments') ?? value).map((a) => namedChildren(a)[0]) : undefined;
      const literal = args ? (args.length === 2 ? phpLiteral(ctx, args[1]) : undefined) : phpLiteral(ctx, value);
      if (literal) out.push({ node: el, secrets: [literal], detail: `The application key${args ? ' (the default when `APP_KEY` is unset)' : ''} is a constant in the source.` });
    }
  }
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (left?.type !== 'subscript_expression' || !/^\$config\s*\[\s*['"]encryption_key['"]\s*\]$/.test(textOf(ctx.text, left))) continue;
    const literal = phpLiteral(ctx, child(assign, 'right'));
    if (literal) out.push({ node: assign, secrets: [literal], detail: 'The CodeIgniter `encryption_key` is a constant in the source.' });
  }
  return out;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'ruby') return rubySecrets(ctx);
  if (ctx.language === 'php') return phpSecrets(ctx);
  if (ctx.language === 'python') {
    for (const assign of ctx.nodes.of('assignment')) {
      const left = child(assign, 'left');
      const right = child(assign, 'right');
      if (!left || !right) continue;
      const value = stringLiteral(ctx, right);
      if (value === undefined) continue;
      const l = textOf(ctx.text, left);
      const name = left.type === 'subscript' ? stringLiteral(ctx, child(left, 'subscript')) : left.type === 'attribute' ? l.split('.').at(-1) : l;
      if (!name || !(PY_SECRET_NAMES.test(name) || name === 'secret_key')) continue;
      out.push({ node: assign, secrets: [value], detail: `\`${l}\` is a constant${PLACEHOLDER.test(value) ? ' placeholder' : ''} in the source.` });
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
      const n = unwrap(c, ctx.profile);
      const values = n.type === 'array' ? namedChildren(n) : [n];
      const literals = values.map((v) => assignedLiteral(ctx, v));
      if (values.length > 0 && literals.every((v) => v !== undefined)) {
        out.push({ node: call.node, secrets: literals, detail: 'The secret that signs session cookies is a constant in the source.' });
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
  languages: Object.freeze([...JS_AND_PYTHON, 'ruby', 'php']),
  description: 'The key that signs session cookies (or Django/Flask `SECRET_KEY`, Rails `secret_key_base`, the Laravel application key) is a literal in the code; anyone who reads the repository can forge sessions, and in Django also password-reset tokens.',
  remediation: 'Read the secret from the environment or a secret manager at start-up, fail when it is missing, and rotate the committed value.',
  docs: {
    summary: '`express-session`, `cookie-session`, `koa-session`, `@fastify/session` `secret`/`keys` and `cookie-parser` secrets given as literals, and configuration entries named `cookieSecret`/`sessionSecret`/`SESSION_SECRET` holding a string literal; Python `SECRET_KEY = \'…\'`, `app.secret_key = \'…\'`, `app.config[\'SECRET_KEY\'] = \'…\'`; Ruby `config.secret_key_base = \'…\'` (and `secret_token`), Sinatra `set :session_secret, \'…\'`, `use Rack::Session::Cookie, secret: \'…\'`; PHP Laravel `\'key\' => \'…\'` or `env(\'APP_KEY\', \'…\')` in `config/app.php`, CodeIgniter `$config[\'encryption_key\'] = \'…\'`.',
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
      {
        language: 'ruby',
        // The key is joined at load time so this file holds no key-shaped literal.
        bad: `Rails.application.configure do\n  config.secret_key_base = '${['f3a1c9e2', '7b5d4e08a6c2'].join('')}'\nend`,
        good: "Rails.application.configure do\n  config.secret_key_base = ENV.fetch('SECRET_KEY_BASE')\nend",
      },
      {
        language: 'php',
        bad: `<?php\n$config['encryption_key'] = '${['d7f1e3a9c5b2468e', '0a1c3e5f7b9d2f4a'].join('')}';`,
        good: "<?php\n$config['encryption_key'] = getenv('CI_ENCRYPTION_KEY');",
      },
    ],
  },
  match,
  triggers: {
    js: ['session', 'cookieSession', 'cookie', 'cookieParser', /(?:cookie|session)_?secret/i],
    // Names are identifiers or subscript strings (app.config['SECRET_KEY']).
    python: [literal(['SECRET_KEY', 'SESSION_SECRET', 'JWT_SECRET_KEY', 'secret_key'])],
    ruby: ['secret_key_base', 'secret_token', 'session_secret', 'Session'],
    php: ['key', 'encryption_key'],
  },
});
