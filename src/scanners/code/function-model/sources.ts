/**
 * Request sources of the per-function model for PHP, Go, Java and Ruby: superglobals and framework
 * request objects, `net/http` and gin/echo accessors, servlet getters and Spring-bound parameters,
 * Rails/Sinatra `params`.
 */
import { child, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';

const PHP_SUPERGLOBALS = /^\$_(?:GET|POST|REQUEST|COOKIE|SERVER|FILES)$|^\$HTTP_RAW_POST_DATA$/;
const PHP_REQUEST_METHODS = new Set(['input', 'query', 'post', 'get', 'cookie', 'header', 'all', 'json', 'getContent', 'route', 'string', 'file', 'getVar', 'getGet', 'getPost', 'getPostGet', 'getCookie', 'getHeaderLine', 'getQueryParams', 'getParsedBody', 'getUri', 'getBody']);
/** `$request`, Symfony's `$request->query`/`->request`/`->cookies`…, CodeIgniter's `$this->request`/`$this->input`, Laravel's `request()`. */
const PHP_REQUEST_OBJECT = /^(?:\$(?:this->)?(?:request|req|input)(?:->(?:query|request|cookies|headers|attributes|files))?|request\(\))$/;
const GO_SOURCE_METHODS = new Set(['FormValue', 'PostFormValue', 'Query', 'DefaultQuery', 'PostForm', 'DefaultPostForm', 'Param', 'GetHeader', 'QueryParam', 'FormParams', 'Cookie', 'GetRawData']);
const JAVA_SOURCE_METHODS = new Set(['getParameter', 'getParameterValues', 'getHeader', 'getQueryString', 'getInputStream', 'getReader', 'getCookies', 'getPathInfo', 'getRequestURI', 'getParameterMap', 'getHeaders', 'getHeaderNames', 'getParameterNames', 'getPart', 'getParts']);
export const JAVA_SOURCE_ANNOTATION = /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam)\b/;

/**
 * `$_SERVER` entries the server sets itself, not the client: the script's path, the server's
 * configured name and address, the peer address and the method. (`HTTP_*` headers, `REQUEST_URI`,
 * `QUERY_STRING`, `PHP_SELF` and `PATH_INFO` stay request data.)
 */
const PHP_SERVER_SETTINGS = new Set(['SCRIPT_NAME', 'SCRIPT_FILENAME', 'SERVER_NAME', 'SERVER_ADDR', 'SERVER_PORT', 'SERVER_SOFTWARE', 'SERVER_PROTOCOL', 'DOCUMENT_ROOT', 'REMOTE_ADDR', 'REQUEST_METHOD', 'REQUEST_TIME', 'REQUEST_TIME_FLOAT', 'HTTPS']);

/** `$_SERVER['SCRIPT_NAME']` and the other entries of PHP_SERVER_SETTINGS. */
export function isServerSetting(ctx: RuleContext, node: SyntaxNode): boolean {
  if (ctx.language !== 'php' || node.type !== 'subscript_expression') return false;
  const m = /^\$_SERVER\s*\[\s*['"](\w+)['"]\s*\]$/.exec(textOf(ctx.text, node));
  return m !== null && PHP_SERVER_SETTINGS.has(m[1] ?? '');
}

/** Kinds of source a node is by itself, or undefined. */
export function sourceOf(ctx: RuleContext, node: SyntaxNode): string | undefined {
  const t = textOf(ctx.text, node);
  switch (ctx.language) {
    case 'php':
      if (node.type === 'variable_name' && PHP_SUPERGLOBALS.test(t)) return t;
      if (node.type === 'member_call_expression') {
        const obj = child(node, 'object');
        const name = child(node, 'name');
        if (obj && name && PHP_REQUEST_OBJECT.test(textOf(ctx.text, obj).replace(/\s+/g, '')) && PHP_REQUEST_METHODS.has(textOf(ctx.text, name))) return t;
      }
      if (node.type === 'scoped_call_expression' && /^\\?(?:Input|Request)::(?:get|input|query|post|all|cookie|header)\s*\(/.test(t)) return t;
      if (node.type === 'function_call_expression' && /^file_get_contents\(\s*['"]php:\/\/input['"]\s*\)$/.test(t)) return t;
      return undefined;
    case 'go':
      if (node.type === 'call_expression') {
        const fn = child(node, 'function');
        const field = fn?.type === 'selector_expression' ? child(fn, 'field') : undefined;
        const method = field ? textOf(ctx.text, field) : '';
        if (GO_SOURCE_METHODS.has(method)) return t;
        if (method === 'Get' && /\.(?:URL\.Query\(\)|Header|Form|PostForm)\.Get$/.test(textOf(ctx.text, fn as SyntaxNode))) return t;
      }
      if (node.type === 'selector_expression' && /^(?:r|req|request)\.(?:Body|URL\.Path|URL\.RawQuery|Form|PostForm)$/.test(t)) return t;
      return undefined;
    case 'java':
      if (node.type === 'method_invocation') {
        const obj = child(node, 'object');
        const name = child(node, 'name');
        if (obj && name && /req|request/i.test(textOf(ctx.text, obj)) && JAVA_SOURCE_METHODS.has(textOf(ctx.text, name))) return t;
      }
      return undefined;
    case 'ruby':
      // Rails `params[:id]`, `cookies[:x]`, `request.body` …
      if (node.type === 'element_reference' && /^(?:params|cookies|session)\s*\[/.test(t)) return t;
      if (node.type === 'identifier' && /^(?:params|cookies)$/.test(t) && node.field !== 'left') return t;
      if (node.type === 'call' && /^request\.(?:params|body|query_string|raw_post|headers|cookies|query_parameters|request_parameters|path|url|GET|POST)$/.test(t)) return t;
      return undefined;
    default:
      return undefined;
  }
}

/** `/^\d+$/`, `/^[a-z0-9_]{1,32}$/i`: an anchored pattern of character classes and quantifiers only (no `.`). */
const RESTRICTIVE_PATTERN = /^(['"])\/\^(?:[\w\\[\]\-{},+*?]|\\.)*\$\/[a-zA-Z]*\1$/;
/** PHP checks that leave only digits or a restricted character set when they hold. */
const PHP_VALIDATORS = /^(?:is_numeric|ctype_digit|ctype_alnum|ctype_alpha|filter_var)$/;

/** The expressions a PHP condition proves restricted when it is `truth`: `is_numeric($x) && ctype_digit($y)`, `!preg_match('/^\d+$/', $x)` false. */
function phpValidated(ctx: RuleContext, cond: SyntaxNode, truth: boolean): string[] {
  let n = cond;
  while (n.type === 'parenthesized_expression' && n.children.length === 3) n = n.children[1] as SyntaxNode;
  if (n.type === 'unary_op_expression' && textOf(ctx.text, n).trimStart().startsWith('!')) {
    const arg = n.children.find((c) => c.field === 'argument');
    return arg ? phpValidated(ctx, arg, !truth) : [];
  }
  if (n.type === 'binary_expression') {
    const [left, right] = [n.children.find((c) => c.field === 'left'), n.children.find((c) => c.field === 'right')];
    const op = left && right ? ctx.text.slice(left.end, right.start).trim().toLowerCase() : '';
    if (truth && (op === '&&' || op === 'and') && left && right) return [...phpValidated(ctx, left, true), ...phpValidated(ctx, right, true)];
    return [];
  }
  if (!truth || n.type !== 'function_call_expression') return [];
  const name = textOf(ctx.text, n.children.find((c) => c.field === 'function') ?? n).toLowerCase();
  const args = (n.children.find((c) => c.field === 'arguments')?.children ?? []).filter((c) => c.type === 'argument');
  const text = (a: SyntaxNode | undefined) => (a ? textOf(ctx.text, a).replace(/\s+/g, '') : '');
  if (PHP_VALIDATORS.test(name) && args[0]) return [text(args[0])];
  if (name === 'preg_match' && args.length === 2 && RESTRICTIVE_PATTERN.test(textOf(ctx.text, args[0] as SyntaxNode).trim())) return [text(args[1])];
  return [];
}

/** Whether a PHP expression sits in a branch that only runs when a validator above proved it restricted. */
export function phpGuarded(ctx: RuleContext, node: SyntaxNode): boolean {
  if (ctx.language !== 'php') return false;
  const own = textOf(ctx.text, node).replace(/\s+/g, '');
  for (let child = node, p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'else_clause' && p.parent?.type === 'if_statement') {
      const cond = p.parent.children.find((c) => c.field === 'condition');
      if (cond && phpValidated(ctx, cond, false).includes(own)) return true;
    }
    if (p.type === 'if_statement' && child.field === 'body') {
      const cond = p.children.find((c) => c.field === 'condition');
      if (cond && phpValidated(ctx, cond, true).includes(own)) return true;
    }
  }
  return false;
}
