/**
 * A simple local taint model for PHP, Go and Java: inside one function (or the
 * file's top level), an expression is tainted when it contains a request source
 * or a variable last assigned, before the use, from a tainted expression.
 * Sanitisers (numeric casts, shell/SQL escapers) stop a flow. No summaries,
 * no loops, nothing across functions or files.
 */
import { child, descendants, enclosingFunction, functionTypes, namedChildren, textOf } from './ast.js';
import type { SyntaxNode } from './parser.js';
import type { Match, QualifiedCall, RuleContext } from './rule.js';

const PHP_SUPERGLOBALS = /^\$_(?:GET|POST|REQUEST|COOKIE|SERVER|FILES)$|^\$HTTP_RAW_POST_DATA$/;
const PHP_REQUEST_METHODS = new Set(['input', 'query', 'post', 'get', 'cookie', 'header', 'all', 'json', 'getContent', 'route', 'string', 'file', 'getVar', 'getGet', 'getPost', 'getPostGet', 'getCookie', 'getHeaderLine', 'getQueryParams', 'getParsedBody', 'getUri', 'getBody']);
/** `$request`, Symfony's `$request->query`/`->request`/`->cookies`…, CodeIgniter's `$this->request`/`$this->input`, Laravel's `request()`. */
const PHP_REQUEST_OBJECT = /^(?:\$(?:this->)?(?:request|req|input)(?:->(?:query|request|cookies|headers|attributes|files))?|request\(\))$/;
const GO_SOURCE_METHODS = new Set(['FormValue', 'PostFormValue', 'Query', 'DefaultQuery', 'PostForm', 'DefaultPostForm', 'Param', 'GetHeader', 'QueryParam', 'FormParams', 'Cookie', 'GetRawData']);
const JAVA_SOURCE_METHODS = new Set(['getParameter', 'getParameterValues', 'getHeader', 'getQueryString', 'getInputStream', 'getReader', 'getCookies', 'getPathInfo', 'getRequestURI', 'getParameterMap', 'getHeaders', 'getHeaderNames', 'getParameterNames', 'getPart', 'getParts']);
const JAVA_SOURCE_ANNOTATION = /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam)\b/;
const SANITISERS = new Set([
  'intval', 'floatval', 'boolval', 'escapeshellarg', 'escapeshellcmd', 'mysqli_real_escape_string', 'real_escape_string', 'quote', 'htmlspecialchars', 'htmlentities', 'basename', 'is_numeric', 'ctype_digit', 'count',
  'Atoi', 'ParseInt', 'ParseFloat', 'ParseBool', 'QuoteIdentifier', 'Base',
  'to_i', 'to_f', 'to_sym', 'shellescape', 'Integer', 'Float', 'sanitize_sql', 'sanitize_sql_array', 'sanitize_sql_like',
  'parseInt', 'parseLong', 'parseDouble', 'valueOf', 'getName', 'size', 'length', 'isEmpty', 'equals', 'contains', 'escapeSql', 'encode',
]);
const CASTS = new Set(['cast_expression']);

/** Kinds of source a node is by itself, or undefined. */
function sourceOf(ctx: RuleContext, node: SyntaxNode): string | undefined {
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

/** `append`: adds to what the variable held (`.=`, `+=`, `sb.append(x)`, `map.put(k, x)`) instead of replacing it. */
type Assignment = { readonly pos: number; readonly value: SyntaxNode | undefined; readonly append?: boolean; readonly at: SyntaxNode; readonly key?: string };

const cache = new WeakMap<SyntaxNode, Map<SyntaxNode | null, Map<string, Assignment[]>>>();

/** Java/Go methods that store an argument inside their receiver (builders, collections). */
const CONTAINER_ADDS = new Set(['append', 'put', 'putAll', 'add', 'addAll', 'push', 'insert', 'offer', 'addElement', 'setProperty', 'WriteString', 'Write', 'WriteByte', 'WriteRune']);
/** Ruby iterators whose block parameters take the receiver's elements. */
const RUBY_ITERATORS = /^(?:each|each_pair|each_with_index|each_value|each_key|map|collect|select|filter|find|detect|each_with_object|flat_map|filter_map)$/;

/** Assignments per function (null = top level), by variable name, in document order. */
function assignments(ctx: RuleContext): Map<SyntaxNode | null, Map<string, Assignment[]>> {
  const cached = cache.get(ctx.root);
  if (cached) return cached;
  const table = new Map<SyntaxNode | null, Map<string, Assignment[]>>();
  const add = (at: SyntaxNode, name: SyntaxNode | undefined, value: SyntaxNode | undefined, append = false, pos = at.end, mapKey?: string) => {
    if (!name) return;
    const fn = enclosingFunction(at, ctx.language) ?? null;
    let byName = table.get(fn);
    if (!byName) table.set(fn, (byName = new Map<string, Assignment[]>()));
    const key = textOf(ctx.text, name);
    let list = byName.get(key);
    if (!list) byName.set(key, (list = []));
    list.push({ pos, value, append, at, ...(mapKey === undefined ? {} : { key: mapKey }) });
  };
  const pairs = (left: SyntaxNode | undefined, right: SyntaxNode | undefined, at: SyntaxNode, pos = at.end) => {
    if (!left || !right) return;
    const op = ctx.text.slice(left.end, right.start).trim();
    const append = op.length > 1 && op.endsWith('=') && !['==', '!=', '<=', '>=', ':='].includes(op);
    const ls = left.type === 'expression_list' ? namedChildren(left) : [left];
    const rs = right.type === 'expression_list' ? namedChildren(right) : [right];
    ls.forEach((l, i) => add(at, l, rs.length === ls.length ? rs[i] : rs[0], append, pos));
  };
  /** `sb.append(a).append(b)`, `map.put(k, v)`, `b.WriteString(s)`: the value is stored in the root receiver. */
  const containerAdd = (call: SyntaxNode, receiver: SyntaxNode | undefined, method: string | undefined, args: SyntaxNode | undefined) => {
    if (!method || !CONTAINER_ADDS.has(method) || !args) return;
    let root = receiver;
    while (root && root.type !== 'identifier') root = root.type === 'method_invocation' ? child(root, 'object') : root.type === 'call_expression' ? child(child(root, 'function') ?? root, 'operand') : undefined;
    const values = namedChildren(args);
    const value = values.at(-1);
    // map.put("key", v): remembered under its constant key, so map.get("other") does not pick it up.
    const key = (method === 'put' || method === 'setProperty') && values.length === 2 ? stringValueOf(ctx, values[0]) : undefined;
    if (root && value) add(call, root, value, true, call.end, key);
  };
  if (ctx.language === 'php') {
    for (const a of ctx.nodes.of('assignment_expression', 'augmented_assignment_expression')) pairs(child(a, 'left'), child(a, 'right'), a);
    // foreach ($rows as $k => $v): key and value come from the iterated expression.
    for (const f of ctx.nodes.of('foreach_statement')) {
      const [iterable, binding] = namedChildren(f);
      const names = binding?.type === 'pair' ? namedChildren(binding) : binding ? [binding] : [];
      for (const n of names) add(f, n, iterable, false, binding?.end ?? f.start);
    }
  } else if (ctx.language === 'go') {
    for (const a of ctx.nodes.of('short_var_declaration', 'assignment_statement')) pairs(child(a, 'left'), child(a, 'right'), a);
    for (const v of ctx.nodes.of('var_spec')) pairs(child(v, 'name'), child(v, 'value'), v);
    for (const r of ctx.nodes.of('range_clause')) pairs(child(r, 'left'), child(r, 'right'), r);
    for (const c of ctx.nodes.of('call_expression')) {
      const fn = child(c, 'function');
      const field = fn?.type === 'selector_expression' ? child(fn, 'field') : undefined;
      containerAdd(c, fn?.type === 'selector_expression' ? child(fn, 'operand') : undefined, field ? textOf(ctx.text, field) : undefined, child(c, 'arguments'));
    }
  } else if (ctx.language === 'java') {
    for (const d of ctx.nodes.of('variable_declarator')) add(d, child(d, 'name'), child(d, 'value'));
    for (const a of ctx.nodes.of('assignment_expression')) pairs(child(a, 'left'), child(a, 'right'), a);
    for (const f of ctx.nodes.of('enhanced_for_statement')) add(f, child(f, 'name'), child(f, 'value'), false, child(f, 'value')?.end ?? f.start);
    for (const m of ctx.nodes.of('method_invocation')) {
      const name = child(m, 'name');
      containerAdd(m, child(m, 'object'), name ? textOf(ctx.text, name) : undefined, child(m, 'arguments'));
    }
    // Spring/JAX-RS parameters bound from the request.
    for (const p of ctx.nodes.of('formal_parameter')) if (JAVA_SOURCE_ANNOTATION.test(textOf(ctx.text, p))) add(p, child(p, 'name'), p);
  } else if (ctx.language === 'ruby') {
    for (const a of ctx.nodes.of('assignment', 'operator_assignment')) pairs(child(a, 'left'), child(a, 'right'), a);
    // params.each do |key, value| … end: block parameters take the receiver's elements.
    for (const c of ctx.nodes.of('call')) {
      const method = child(c, 'method');
      const receiver = child(c, 'receiver');
      const params = child(child(c, 'block') ?? c, 'parameters');
      if (!method || !receiver || !params || !RUBY_ITERATORS.test(textOf(ctx.text, method))) continue;
      for (const p of namedChildren(params)) add(c, p.type === 'identifier' ? p : undefined, receiver, false, params.end);
    }
  }
  cache.set(ctx.root, table);
  return table;
}

const NO_SANITISERS: ReadonlySet<string> = new Set();

/**
 * The source a tainted expression carries (`$_GET['id']`, `r.FormValue("q")`), or undefined.
 * `sanitisers` adds the calls that neutralise data for one kind of sink (`encodeForHTML` for HTML output).
 */
export function localTaint(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0, seen: Set<SyntaxNode> = new Set(), sanitisers: ReadonlySet<string> = NO_SANITISERS): string | undefined {
  if (!node || depth > 12 || seen.has(node)) return undefined;
  seen.add(node);
  if (node.type === 'formal_parameter') return textOf(ctx.text, node).replace(/\s+/g, ' ');
  const source = sourceOf(ctx, node);
  if (source) return source;
  if (CASTS.has(node.type) && /^\(\s*(?:int|float|bool|integer|double)\s*\)|^\(\s*(?:int|long|double|float|boolean)\s*\)/.test(textOf(ctx.text, node))) return undefined;
  const isCall = ['function_call_expression', 'member_call_expression', 'call_expression', 'method_invocation', 'scoped_call_expression', 'call'].includes(node.type);
  if (isCall) {
    const nameNode = child(node, 'name') ?? child(node, 'function') ?? child(node, 'method');
    const name = nameNode ? (textOf(ctx.text, nameNode).split(/[.\\]/).at(-1) ?? '') : '';
    if (SANITISERS.has(name) || sanitisers.has(name) || returnsConstant(ctx, node, name)) return undefined;
  }
  const keyed = keyedLookup(ctx, node, depth, seen, sanitisers);
  if (keyed !== false) return keyed;
  const indexed = listLookup(ctx, node);
  if (indexed !== false) return indexed ? localTaint(ctx, indexed, depth + 1, seen, sanitisers) : undefined;
  // `cond ? a : b` with a condition constant at compile time: only the branch taken.
  if (node.type === 'ternary_expression' || node.type === 'conditional_expression' || node.type === 'conditional') {
    const taken = evaluate(ctx, child(node, 'condition'));
    if (typeof taken === 'boolean') return localTaint(ctx, taken ? (child(node, 'consequence') ?? child(node, 'body')) : child(node, 'alternative'), depth, seen, sanitisers);
  }
  if (node.type === 'variable_name' || node.type === 'identifier') {
    if (node.parent && (node.parent.type === 'selector_expression' || node.parent.type === 'method_invocation') && node.field !== 'operand' && node.field !== 'object' && node.field !== 'arguments') return undefined;
    const fn = enclosingFunction(node, ctx.language) ?? null;
    const list = assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [];
    const before = list.filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
    const last = before.at(-1);
    if (!last) return undefined;
    // `$q .= $x` appends: any appended part or the last plain assignment may carry the taint.
    for (let i = before.length - 1; i >= 0; i--) {
      const a = before[i] as Assignment;
      const t = localTaint(ctx, a.value, depth + 1, seen, sanitisers);
      if (t) return t;
      const parent = a.value?.parent;
      if (!a.append && (!parent || parent.type !== 'augmented_assignment_expression')) break;
    }
    return undefined;
  }
  for (const c of namedChildren(node)) {
    const t = localTaint(ctx, c, depth, seen, sanitisers);
    if (t) return t;
  }
  return undefined;
}

/** `map.get("k")`/`props.getProperty("k")` on a map filled with constant keys: the taint of the values put under "k" (false when not such a lookup). */
function keyedLookup(ctx: RuleContext, node: SyntaxNode, depth: number, seen: Set<SyntaxNode>, sanitisers: ReadonlySet<string>): string | undefined | false {
  if (node.type !== 'method_invocation') return false;
  const [object, name, args] = [child(node, 'object'), child(node, 'name'), child(node, 'arguments')];
  if (object?.type !== 'identifier' || !name || !args || !/^(?:get|getProperty|getOrDefault)$/.test(textOf(ctx.text, name))) return false;
  const key = stringValueOf(ctx, namedChildren(args)[0]);
  const list = (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(textOf(ctx.text, object)) ?? []).filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
  if (key === undefined || !list.some((a) => a.key !== undefined)) return false;
  for (let i = list.length - 1; i >= 0; i--) {
    const a = list[i] as Assignment;
    if (a.key !== undefined && a.key !== key) continue;
    const t = localTaint(ctx, a.value, depth + 1, seen, sanitisers);
    if (t) return t;
    if (!a.append) break;
  }
  return localTaint(ctx, namedChildren(args)[1], depth + 1, seen, sanitisers);
}

/**
 * `list.get(1)` on a Java list filled in straight-line code with `add(x)` and `remove(i)` only: the element
 * at that index (null when out of range), or false when the list is not that simple.
 */
function listLookup(ctx: RuleContext, node: SyntaxNode): SyntaxNode | null | false {
  if (ctx.language !== 'java' || node.type !== 'method_invocation' || textOf(ctx.text, child(node, 'name') ?? node) !== 'get') return false;
  const object = child(node, 'object');
  const index = evaluate(ctx, namedChildren(child(node, 'arguments') ?? node)[0]);
  if (object?.type !== 'identifier' || typeof index !== 'number') return false;
  const name = textOf(ctx.text, object);
  const fn = enclosingFunction(node, ctx.language) ?? null;
  const elements: SyntaxNode[] = [];
  for (const call of ctx.nodes.of('method_invocation')) {
    if (call.start >= node.start || textOf(ctx.text, child(call, 'object') ?? call) !== name || (enclosingFunction(call, ctx.language) ?? null) !== fn) continue;
    const method = textOf(ctx.text, child(call, 'name') ?? call);
    const args = namedChildren(child(call, 'arguments') ?? call);
    if (method === 'add' && args.length === 1 && args[0]) elements.push(args[0]);
    else if (method === 'remove' && args.length === 1 && typeof evaluate(ctx, args[0]) === 'number') elements.splice(evaluate(ctx, args[0]) as number, 1);
    else if (!['get', 'size', 'isEmpty', 'contains', 'indexOf'].includes(method)) return false;
  }
  // Only a list created empty in this function (not a parameter or field filled elsewhere).
  const created = assignments(ctx).get(fn)?.get(name)?.filter((a) => !a.append) ?? [];
  if (created.length !== 1 || !/^new\s+[\w.]*(?:ArrayList|LinkedList)\b[^(]*\(\s*\)$/.test(textOf(ctx.text, created[0]?.value ?? node))) return false;
  return elements[index] ?? null;
}

const INTEGER_LITERALS = new Set(['decimal_integer_literal', 'int_literal', 'integer']);

/** The value of an integer or boolean expression fixed at compile time (`(7 * 42) - num > 200` with `int num = 86`), else undefined. */
function evaluate(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): number | boolean | undefined {
  if (!node || depth > 8) return undefined;
  const t = textOf(ctx.text, node);
  if (INTEGER_LITERALS.has(node.type)) return /^\d+$/.test(t) ? Number(t) : undefined;
  if (node.type === 'true' || node.type === 'false') return node.type === 'true';
  if (node.type === 'parenthesized_expression' || node.type === 'condition') return namedChildren(node).length === 1 ? evaluate(ctx, namedChildren(node)[0], depth + 1) : undefined;
  if (node.type === 'identifier' || node.type === 'variable_name') {
    // A local written exactly once, with a constant.
    const list = assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(t) ?? [];
    return list.length === 1 && !list[0]?.append ? evaluate(ctx, list[0]?.value, depth + 1) : undefined;
  }
  // Characters: 'C', and "ABC".charAt(2) on a local written once with a constant.
  if (node.type === 'character_literal') return /^'.'$/.test(t) ? t.charCodeAt(1) : undefined;
  if (node.type === 'method_invocation' && textOf(ctx.text, child(node, 'name') ?? node) === 'charAt') {
    const object = child(node, 'object');
    const list = object?.type === 'identifier' ? (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(textOf(ctx.text, object)) ?? []) : [];
    const value = list.length === 1 ? stringValueOf(ctx, list[0]?.value) : undefined;
    const index = evaluate(ctx, namedChildren(child(node, 'arguments') ?? node)[0], depth + 1);
    return value !== undefined && typeof index === 'number' && index < value.length ? value.charCodeAt(index) : undefined;
  }
  if (node.type !== 'binary_expression') return undefined;
  const [left, right] = [child(node, 'left'), child(node, 'right')];
  if (!left || !right) return undefined;
  const [l, r] = [evaluate(ctx, left, depth + 1), evaluate(ctx, right, depth + 1)];
  if (l === undefined || r === undefined) return undefined;
  const op = ctx.text.slice(left.end, right.start).trim();
  if (typeof l === 'boolean' || typeof r === 'boolean') return op === '&&' ? l && r : op === '||' ? l || r : undefined;
  const ops: Record<string, () => number | boolean> = {
    '+': () => l + r, '-': () => l - r, '*': () => l * r, '/': () => (r === 0 ? NaN : Math.trunc(l / r)), '%': () => l % r,
    '<': () => l < r, '>': () => l > r, '<=': () => l <= r, '>=': () => l >= r, '==': () => l === r, '!=': () => l !== r,
  };
  const value = ops[op]?.();
  return typeof value === 'number' && !Number.isFinite(value) ? undefined : value;
}

/** Whether a `case` group of a Java switch on a compile-time constant is never run (not entered, nor fallen into). */
function deadCase(ctx: RuleContext, group: SyntaxNode): boolean {
  const block = group.parent;
  const value = block?.parent ? evaluate(ctx, child(block.parent, 'condition')) : undefined;
  if (!block || typeof value !== 'number') return false;
  const groups = namedChildren(block).filter((g) => g.type === 'switch_block_statement_group');
  const labels = (g: SyntaxNode) => namedChildren(g).filter((c) => c.type === 'switch_label');
  let entry = groups.findIndex((g) => labels(g).some((l) => namedChildren(l).some((v) => evaluate(ctx, v) === value)));
  if (entry < 0) entry = groups.findIndex((g) => labels(g).some((l) => textOf(ctx.text, l) === 'default'));
  if (entry < 0) return true;
  for (let i = entry; i < groups.length; i++) {
    if (groups[i] === group) return false;
    if (namedChildren(groups[i] as SyntaxNode).some((c) => c.type === 'break_statement' || c.type === 'return_statement')) return true;
  }
  return true;
}

/** Whether an assignment sits in an `if` branch or `case` that a compile-time constant never takes. */
function deadBranch(ctx: RuleContext, at: SyntaxNode): boolean {
  for (let n: SyntaxNode = at; n.parent && !functionTypes(ctx.language).has(n.parent.type); n = n.parent) {
    if (n.parent.type === 'switch_block_statement_group' && n.type !== 'switch_label') {
      if (deadCase(ctx, n.parent)) return true;
      continue;
    }
    if (n.parent.type !== 'if_statement' || (n.field !== 'consequence' && n.field !== 'alternative')) continue;
    const taken = evaluate(ctx, child(n.parent, 'condition'));
    if (typeof taken === 'boolean' && taken !== (n.field === 'consequence')) return true;
  }
  return false;
}

const summaryCache = new WeakMap<SyntaxNode, Map<string, boolean>>();

/** Whether a returned expression is built from the function's parameters (through its local assignments). */
function usesParameters(ctx: RuleContext, node: SyntaxNode | undefined, params: ReadonlySet<string>, seen: Set<SyntaxNode>, depth = 0): boolean {
  if (!node || depth > 12 || seen.has(node)) return false;
  seen.add(node);
  if (node.type === 'formal_parameter' || sourceOf(ctx, node)) return true;
  if (node.type === 'identifier' || node.type === 'variable_name') {
    const name = textOf(ctx.text, node);
    const list = (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(name) ?? []).filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
    if (params.has(name) && !list.some((a) => !a.append)) return true;
    return list.some((a) => usesParameters(ctx, a.value, params, seen, depth + 1));
  }
  return namedChildren(node).some((c) => usesParameters(ctx, c, params, seen, depth));
}

/** Functions declared in this file, by name: true when some declaration returns a value built from its parameters. */
function summaries(ctx: RuleContext): Map<string, boolean> {
  const cached = summaryCache.get(ctx.root);
  if (cached) return cached;
  const table = new Map<string, boolean>();
  for (const fn of ctx.nodes.of(...functionTypes(ctx.language))) {
    const nameNode = child(fn, 'name');
    const paramsNode = child(fn, 'parameters');
    if (!nameNode || !paramsNode) continue;
    const params = new Set<string>();
    for (const d of descendants(paramsNode)) if ((d.type === 'identifier' || d.type === 'variable_name') && (d.field === 'name' || d.parent?.type !== 'type_identifier')) params.add(textOf(ctx.text, d));
    const returns = ctx.nodes.of('return_statement', 'return').filter((r) => enclosingFunction(r, ctx.language) === fn);
    // Ruby returns its last expression.
    const body = child(fn, 'body');
    const values = returns.map((r) => namedChildren(r)[0]).concat(ctx.language === 'ruby' && body ? [namedChildren(body).at(-1)] : []);
    const uses = values.some((v) => usesParameters(ctx, v, params, new Set()));
    const name = textOf(ctx.text, nameNode);
    table.set(name, (table.get(name) ?? false) || uses);
  }
  summaryCache.set(ctx.root, table);
  return table;
}

/**
 * Whether a call goes to a function or method of this file (a plain call, `$this->m()`, `this.m()`,
 * `new Helper().m()` of a class declared here) whose return values never come from its parameters.
 */
function returnsConstant(ctx: RuleContext, call: SyntaxNode, name: string): boolean {
  if (summaries(ctx).get(name) !== false) return false;
  const receiver = child(call, 'object') ?? child(call, 'receiver') ?? (call.type === 'call_expression' ? child(child(call, 'function') ?? call, 'operand') : undefined);
  if (!receiver) return call.type !== 'call_expression' || child(call, 'function')?.type === 'identifier';
  const r = textOf(ctx.text, receiver);
  if (r === 'this' || r === '$this' || r === 'self') return true;
  const created = /^new\s+([\w.]+)\s*\(/.exec(r)?.[1]?.split('.').at(-1);
  return !!created && ctx.nodes.of('class_declaration').some((c) => textOf(ctx.text, child(c, 'name') ?? c) === created);
}

const LITERALS = new Set(['simple_symbol', 'hash_key_symbol', 'constant', 'string', 'string_literal', 'interpreted_string_literal', 'raw_string_literal', 'integer', 'int_literal', 'float', 'float_literal', 'decimal_integer_literal', 'boolean', 'true', 'false', 'null', 'nil', 'nowdoc', 'character_literal', 'string_content', 'string_fragment', 'escape_sequence', 'string_value']);

/** Whether an expression is constant (literals, constants, sanitiser calls, concatenations of these). */
function constant(ctx: RuleContext, node: SyntaxNode, depth: number): boolean {
  if (LITERALS.has(node.type)) return !node.children.some((c) => c.type === 'interpolation');
  if (node.type === 'interpolation') return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (node.type === 'encapsed_string' || node.type === 'heredoc') return namedChildren(node).every((c) => LITERALS.has(c.type) || c.type === 'heredoc_body' && constant(ctx, c, depth));
  if (node.type === 'heredoc_body') return namedChildren(node).every((c) => LITERALS.has(c.type));
  if (node.type === 'parenthesized_expression') return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (node.type === 'binary_expression') return namedChildren(node).every((c) => constant(ctx, c, depth));
  if (node.type === 'class_constant_access_expression' || node.type === 'name' || (node.type === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(textOf(ctx.text, node)))) return true;
  if (['function_call_expression', 'call_expression', 'method_invocation', 'member_call_expression', 'call'].includes(node.type)) {
    const nameNode = child(node, 'name') ?? child(node, 'function') ?? child(node, 'method');
    const name = nameNode ? (textOf(ctx.text, nameNode).split(/[.\\]/).at(-1) ?? '') : '';
    return SANITISERS.has(name);
  }
  if ((node.type === 'variable_name' || node.type === 'identifier') && depth < 3) {
    const fn = enclosingFunction(node, ctx.language) ?? null;
    const before = (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? []).filter((a) => a.pos <= node.start);
    return before.length > 0 && before.every((a) => a.value !== undefined && a.value.type !== 'formal_parameter' && constant(ctx, a.value, depth + 1));
  }
  return false;
}

/** A string assembled at run time from parts not proven constant: PHP interpolation or `.`, `+`, `fmt.Sprintf`, `String.format`. */
export function dynamicString(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  switch (node.type) {
    case 'parenthesized_expression':
      return namedChildren(node).some((c) => dynamicString(ctx, c, depth));
    case 'encapsed_string':
    case 'heredoc':
    case 'shell_command_expression':
    case 'string':
    case 'subshell':
    case 'heredoc_body':
      return !namedChildren(node).every((c) => LITERALS.has(c.type) || ((c.type === 'heredoc_body' || c.type === 'interpolation') && constant(ctx, c, depth)));
    case 'binary_expression': {
      const left = child(node, 'left');
      const right = child(node, 'right');
      if (!left || !right) return false;
      const op = ctx.text.slice(left.end, right.start).trim();
      if (op !== '.' && op !== '+') return false;
      return !constant(ctx, left, depth) || !constant(ctx, right, depth) || dynamicString(ctx, left, depth + 1) || dynamicString(ctx, right, depth + 1);
    }
    case 'call_expression':
    case 'method_invocation':
    case 'function_call_expression': {
      const t = textOf(ctx.text, node);
      if (/^(?:fmt\.Sprintf|String\.format|sprintf|vsprintf|implode|strtr|str_replace)\s*\(/.test(t) || /\.formatted\s*\(/.test(t)) {
        const args = namedChildren(child(node, 'arguments') ?? node).slice(1);
        return args.some((a) => !constant(ctx, a.type === 'argument' ? (namedChildren(a)[0] ?? a) : a, depth));
      }
      return false;
    }
    case 'variable_name':
    case 'identifier': {
      const fn = enclosingFunction(node, ctx.language) ?? null;
      const before = (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? []).filter((a) => a.pos <= node.start);
      return before.some((a, i) => dynamicString(ctx, a.value, depth + 1) || (i > 0 && a.value !== undefined && !constant(ctx, a.value, depth + 1)));
    }
    default:
      return false;
  }
}

/** The constant text of an expression (string pieces, following variables), for SQL/shell shape checks. */
export function constantText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  if (node.type === 'string_content' || node.type === 'string_fragment' || node.type === 'string_value' || node.type === 'interpreted_string_literal' || node.type === 'raw_string_literal') {
    return textOf(ctx.text, node).replace(/^[`"]|[`"]$/g, '');
  }
  if (node.type === 'variable_name' || node.type === 'identifier') {
    const fn = enclosingFunction(node, ctx.language) ?? null;
    return (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [])
      .filter((a) => a.pos <= node.start)
      .map((a) => constantText(ctx, a.value, depth + 1))
      .join(' ');
  }
  return namedChildren(node)
    .map((c) => constantText(ctx, c, depth))
    .join(' ');
}

/** A sink argument: a proven local flow, or a pattern match when `pattern` holds. */
export function localSink(ctx: RuleContext, call: QualifiedCall | SyntaxNode, arg: SyntaxNode | undefined, pattern: boolean, what: string, sanitisers?: ReadonlySet<string>): Match | undefined {
  if (!arg) return undefined;
  const node = 'node' in call ? call.node : call;
  const source = localTaint(ctx, arg, 0, new Set(), sanitisers);
  if (source) {
    const line = ctx.text.slice(0, ctx.text.indexOf(source) >= 0 ? ctx.text.indexOf(source) : 0).split('\n').length;
    return { node, taint: { source, line }, detail: `Request data from \`${source.slice(0, 80)}\` reaches ${what}.` };
  }
  if (pattern) return { node, detail: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} is built at run time from values not proven constant.` };
  return undefined;
}

/** The value of a string literal without interpolation (Go, Java, PHP), else undefined. */
export function stringValueOf(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const t = textOf(ctx.text, node);
  if (node.type === 'raw_string_literal') return t.slice(1, -1);
  if (node.type === 'interpreted_string_literal' || node.type === 'string_literal' || node.type === 'string' || (node.type === 'encapsed_string' && namedChildren(node).every((c) => LITERALS.has(c.type)))) {
    const parts = namedChildren(node).filter((c) => c.type === 'string_content' || c.type === 'string_fragment' || c.type === 'string_value' || c.type === 'escape_sequence');
    if (node.type === 'interpreted_string_literal' || !parts.some((c) => c.type !== 'escape_sequence')) return t.length >= 2 ? t.slice(1, -1) : '';
    return parts.map((c) => textOf(ctx.text, c)).join('');
  }
  return undefined;
}

/** The values a variable was assigned, before `node`, in its function (PHP, Go, Java, Ruby), oldest first. */
export function assignedValues(ctx: RuleContext, node: SyntaxNode): SyntaxNode[] {
  const fn = enclosingFunction(node, ctx.language) ?? null;
  return (assignments(ctx).get(fn)?.get(textOf(ctx.text, node)) ?? [])
    .filter((a) => a.pos <= node.start && a.value !== undefined)
    .map((a) => a.value as SyntaxNode);
}
