/**
 * Request sources as data (JavaScript/TypeScript and Python): which expressions carry client
 * input, per framework. The taint engine (taint.ts) reads these tables; nothing about a framework's
 * request object is written in the engine. Every entry carries examples in which its source
 * reaches `eval`: test/scanners/code/taint-sources.test.ts runs each one through the code-injection
 * rule (reported as request data) and again with the source replaced by a constant (not reported).
 *
 * Adding a framework source is one entry here with its example.
 */
import type { Trigger } from './prefilter.js';

export type SourceLanguage = 'javascript' | 'python';

export interface SourceExample {
  /** A handler in which the source reaches `eval`. JavaScript examples are scanned as TypeScript. */
  readonly code: string;
  /** The source expression as written in `code` (the finding names it). */
  readonly source: string;
  /** The text the test replaces by a constant, expecting no finding (its last occurrence; default: `source`). */
  readonly replace?: string;
}

/**
 * Properties and methods of a request object. A receiver is a member path (`req`,
 * `ctx.request`, `window.location`). In JavaScript it starts the expression, possibly after
 * `this` (`this.req.body`); in Python it may be reached through any object (`self.request.GET`,
 * `flask.request.args`). A receiver whose first name is an import (`import request from
 * 'request'`) is not a request object.
 */
export interface RequestObjectSource {
  /** The framework's name as the docs write it. */
  readonly framework: string;
  readonly language: SourceLanguage;
  /** Browser input (`location.hash`): not a server request, left out of the server-only prefilter terms. */
  readonly client?: boolean;
  readonly receivers: readonly string[];
  /** Properties whose value is client input (`req.body`, `request.GET`). */
  readonly members?: readonly string[];
  /** Methods whose result is client input (`req.get('X')`, `await request.json()`). */
  readonly methods?: readonly string[];
  readonly examples: readonly SourceExample[];
}

/** Function parameters that are client input. */
export interface ParameterSource {
  readonly framework: string;
  readonly language: SourceLanguage;
  /** What docs/rules/code.md says of these parameters. */
  readonly summary: string;
  /** Parameters (and free names) with these names, in any function (`searchParams` of a Next.js page). */
  readonly names?: readonly string[];
  /** Parameters carrying one of these decorators (`@Body() dto`, `@Query('q') q`). */
  readonly decorators?: readonly string[];
  /** Every parameter of a function with a decorator matching this is client input (a Python route)… */
  readonly routeDecorator?: RegExp;
  /** …except these names (framework objects, not input)… */
  readonly notInput?: readonly string[];
  /** …and parameters whose default matches this (injected dependencies: `db = Depends(get_db)`). */
  readonly injectedDefault?: RegExp;
  readonly examples: readonly SourceExample[];
}

const REQUEST_NAMES = ['req', 'request', '_req'];

/** Examples built from one handler per framework: `expression` reaches `eval`, the finding names `source` (default: the expression). */
const handler =
  (wrap: (expression: string) => string) =>
  (expression: string, source = expression): SourceExample => ({ code: wrap(expression), source });
const express = handler((e) => `app.post('/run/:expr', (req, res) => {\n  res.json(eval(${e}));\n});`);
const koa = handler((e) => `router.post('/run/:expr', async (ctx) => {\n  ctx.body = eval(${e});\n});`);
const fastify = handler((e) => `fastify.post('/run/:expr', async (request, reply) => {\n  return eval(${e});\n});`);
const flask = handler((e) => `@app.route('/run', methods=['GET', 'POST'])\ndef run():\n    return str(eval(${e}))`);
const django = handler((e) => `def run(request):\n    return HttpResponse(str(eval(${e})))`);
const nextApi = handler((e) => `export default function handler(req, res) {\n  res.status(200).json(eval(${e}));\n}`);
/** A NestJS controller method whose parameter `param` (with its decorator) reaches `eval`. */
const nest = (param: string): SourceExample => ({ code: `@Controller('run')\nexport class RunController {\n  @Post(':expr')\n  run(${param}: string) {\n    return eval(expr);\n  }\n}`, source: 'expr' });

export const REQUEST_OBJECT_SOURCES: readonly RequestObjectSource[] = Object.freeze<RequestObjectSource[]>([
  {
    framework: 'Express',
    language: 'javascript',
    receivers: REQUEST_NAMES,
    members: ['body', 'query', 'params', 'headers', 'cookies', 'signedCookies', 'url', 'originalUrl', 'path', 'files', 'file', 'hostname'],
    methods: ['get', 'header', 'param'],
    examples: [
      express('req.body.code'),
      { code: "app.get('/run', (req, res) => {\n  const { expr } = req.query;\n  res.json(eval(expr));\n});", source: 'req.query' },
      express('req.params.expr'),
      express("req.headers['x-expr']"),
      express('req.cookies.expr'),
      express("req.get('X-Expr')"),
      express("req.param('expr')"),
    ],
  },
  {
    framework: 'Koa',
    language: 'javascript',
    receivers: ['ctx'],
    members: ['query', 'params', 'querystring', 'headers', 'header', 'cookies', 'url', 'href', 'path'],
    methods: ['get'],
    examples: [
      koa('ctx.query.expr'),
      koa('ctx.params.expr'),
      koa("ctx.get('X-Expr')"),
    ],
  },
  {
    framework: 'Koa',
    language: 'javascript',
    receivers: ['ctx.request', 'ctx.req', 'request'],
    members: ['body', 'query', 'querystring', 'headers', 'header', 'url', 'originalUrl', 'href', 'path', 'files', 'file'],
    methods: ['get'],
    examples: [
      { code: "router.post('/run', async (ctx) => {\n  const { script } = ctx.request.body;\n  ctx.body = eval(script);\n});", source: 'ctx.request.body' },
      koa('ctx.request.query.expr'),
      { code: "router.get('/run', async (ctx) => {\n  const { request } = ctx;\n  ctx.body = eval(request.querystring);\n});", source: 'request.querystring' },
    ],
  },
  {
    framework: 'Fastify',
    language: 'javascript',
    receivers: ['request', 'req'],
    members: ['body', 'query', 'params', 'headers', 'cookies', 'raw', 'url', 'hostname', 'files', 'file'],
    examples: [
      fastify('request.body.expr'),
      fastify('request.query.expr'),
      fastify('request.params.expr'),
      fastify("request.headers['x-expr']"),
    ],
  },
  {
    framework: 'Next.js',
    language: 'javascript',
    receivers: ['req', 'request'],
    members: ['query', 'body', 'cookies', 'headers', 'url', 'nextUrl'],
    methods: ['json', 'formData', 'text', 'blob', 'arrayBuffer'],
    examples: [
      nextApi('req.query.expr'),
      nextApi('req.body.expr'),
      {
        code: 'export async function POST(request: Request) {\n  const expr = await request.json();\n  return Response.json(eval(expr));\n}',
        source: 'request.json()',
        replace: 'await request.json()',
      },
      {
        code: "export async function GET(request: NextRequest) {\n  return Response.json(eval(request.nextUrl.searchParams.get('expr')));\n}",
        source: "request.nextUrl.searchParams.get('expr')",
      },
    ],
  },
  {
    framework: 'Next.js',
    language: 'javascript',
    receivers: ['nextUrl'],
    members: ['searchParams'],
    examples: [
      { code: "export async function GET({ nextUrl }: NextRequest) {\n  return Response.json(eval(nextUrl.searchParams.get('expr')));\n}", source: "nextUrl.searchParams.get('expr')" },
    ],
  },
  {
    framework: 'browser',
    language: 'javascript',
    client: true,
    receivers: ['location', 'window.location', 'document.location'],
    members: ['hash', 'search', 'href', 'pathname'],
    examples: [
      {
        code: 'const expr = decodeURIComponent(window.location.hash.slice(1));\neval(expr);',
        source: 'window.location.hash',
        replace: 'decodeURIComponent(window.location.hash.slice(1))',
      },
    ],
  },
  {
    framework: 'browser',
    language: 'javascript',
    client: true,
    receivers: ['document'],
    members: ['URL', 'documentURI', 'referrer', 'cookie'],
    examples: [{ code: 'eval(document.referrer);', source: 'document.referrer' }],
  },
  {
    framework: 'Flask',
    language: 'python',
    receivers: ['request'],
    members: ['args', 'form', 'values', 'json', 'cookies', 'headers', 'data', 'files', 'stream', 'query_string'],
    methods: ['get_json', 'get_data'],
    examples: [
      flask("request.args.get('expr')"),
      flask("request.form['expr']"),
      flask("request.values.get('expr')"),
      flask("request.json['expr']"),
      { code: "@app.route('/run', methods=['POST'])\ndef run():\n    data = request.get_json()\n    return str(eval(data['expr']))", source: 'request.get_json()' },
      flask("request.cookies.get('expr')"),
      flask("request.headers.get('X-Expr')"),
      flask("request.files['expr'].read()"),
    ],
  },
  {
    framework: 'Django',
    language: 'python',
    receivers: ['request'],
    members: ['GET', 'POST', 'COOKIES', 'META', 'body', 'FILES', 'headers'],
    examples: [
      django("request.GET.get('expr')"),
      django("request.POST['expr']"),
      django("request.COOKIES['expr']"),
      django("request.META['HTTP_X_EXPR']"),
      django('request.body'),
      django("request.FILES['expr'].read()"),
      { code: "class Run(View):\n    def get(self, request):\n        return HttpResponse(str(eval(self.request.GET['expr'])))", source: "self.request.GET['expr']" },
    ],
  },
  {
    framework: 'Django REST framework',
    language: 'python',
    receivers: ['request'],
    members: ['data', 'query_params'],
    examples: [{ code: "class Run(APIView):\n    def post(self, request):\n        return Response(eval(request.data['expr']))", source: "request.data['expr']" }],
  },
  {
    framework: 'FastAPI',
    language: 'python',
    receivers: ['request'],
    members: ['query_params', 'path_params', 'headers', 'cookies'],
    methods: ['json', 'form', 'body'],
    examples: [
      { code: "@app.get('/run')\nasync def run(request: Request):\n    return eval(request.query_params['expr'])", source: "request.query_params['expr']" },
      { code: "@app.post('/run')\nasync def run(request: Request):\n    payload = await request.json()\n    return eval(payload['expr'])", source: 'request.json()' },
    ],
  },
]);

/** Names of framework objects among a Python route's parameters (the request itself, a database session). */
const PY_ROUTE_OBJECTS = ['self', 'cls', 'request', 'req', 'db', 'session', 'background_tasks', 'response'];

export const PARAMETER_SOURCES: readonly ParameterSource[] = Object.freeze<ParameterSource[]>([
  {
    framework: 'Next.js',
    language: 'javascript',
    summary: '`searchParams` props and parameters',
    names: ['searchParams'],
    examples: [
      { code: 'export default async function Page({ searchParams }) {\n  return eval(searchParams.expr);\n}', source: 'searchParams' },
      { code: "export default function Page(props) {\n  return eval(searchParams.get('expr'));\n}", source: "searchParams.get('expr')" },
    ],
  },
  {
    framework: 'NestJS',
    language: 'javascript',
    summary: 'controller and resolver parameters decorated',
    decorators: ['Body', 'Query', 'Param', 'Headers', 'Cookies', 'UploadedFile', 'UploadedFiles', 'HostParam', 'Args'],
    examples: [
      { code: "@Controller('run')\nexport class RunController {\n  @Post()\n  run(@Body() dto: RunDto) {\n    return eval(dto.expr);\n  }\n}", source: 'dto' },
      nest("@Body('expr') expr"),
      nest("@Query('expr') expr"),
      nest("@Param('expr') expr"),
      nest("@Headers('x-expr') expr"),
      { code: "@Resolver()\nexport class RunResolver {\n  @Query(() => String)\n  run(@Args('expr') expr: string) {\n    return eval(expr);\n  }\n}", source: 'expr' },
    ],
  },
  {
    framework: 'Flask',
    language: 'python',
    summary: 'parameters of `@app.route(…)` handlers',
    routeDecorator: /\.route\s*\(/,
    notInput: PY_ROUTE_OBJECTS,
    examples: [{ code: "@app.route('/run/<expr>')\ndef run(expr):\n    return str(eval(expr))", source: 'expr' }],
  },
  {
    framework: 'FastAPI',
    language: 'python',
    summary: 'parameters of `@app.get|post|put|patch|delete|api_route|websocket(…)` handlers (path, query and body), except `Depends(…)` ones',
    routeDecorator: /\.(?:get|post|put|patch|delete|api_route|websocket)\s*\(/,
    notInput: PY_ROUTE_OBJECTS,
    injectedDefault: /Depends\s*\(/,
    examples: [
      { code: "@app.get('/run/{expr}')\nasync def run(expr: str):\n    return eval(expr)", source: 'expr' },
      { code: "@router.get('/run')\nasync def run(expr: str = Query(...)):\n    return eval(expr)", source: 'expr' },
      { code: "@router.post('/run')\nasync def run(item: Item):\n    return eval(item.expr)", source: 'item' },
    ],
  },
]);

/** A receiver path split into names. */
export const receiverPath = (receiver: string): string[] => receiver.split('.');

/**
 * Prefilter terms (prefilter.ts): a file with a source from these tables contains one of them —
 * the last name of a receiver, a parameter name, a parameter decorator, or `@` and a route
 * decorator.
 */
export function sourceTriggers(language: SourceLanguage, options: { client: boolean }): readonly Trigger[] {
  const words = new Set<string>();
  for (const s of REQUEST_OBJECT_SOURCES) if (s.language === language && (options.client || !s.client)) for (const r of s.receivers) words.add(receiverPath(r).at(-1) as string);
  const terms: Trigger[] = [];
  for (const p of PARAMETER_SOURCES.filter((x) => x.language === language)) {
    for (const w of [...(p.names ?? []), ...(p.decorators ?? [])]) words.add(w);
    if (p.routeDecorator) terms.push({ all: [/@/, p.routeDecorator] });
  }
  return Object.freeze([...words, ...terms]);
}

/** A receiver with the union of what every entry for it lists. */
export interface ReceiverMatcher {
  readonly path: readonly string[];
  readonly members: ReadonlySet<string>;
  readonly methods: ReadonlySet<string>;
}

export interface RouteMatcher {
  readonly decorator: RegExp;
  readonly notInput: ReadonlySet<string>;
  readonly injectedDefault: RegExp | undefined;
}

/** The tables of one language, indexed for the engine. */
export interface CompiledSources {
  /** Receivers by their first name. */
  readonly receivers: ReadonlyMap<string, readonly ReceiverMatcher[]>;
  readonly names: ReadonlySet<string>;
  readonly decorators: ReadonlySet<string>;
  readonly routes: readonly RouteMatcher[];
}

export function compileSources(language: SourceLanguage): CompiledSources {
  const byPath = new Map<string, { path: string[]; members: Set<string>; methods: Set<string> }>();
  for (const s of REQUEST_OBJECT_SOURCES.filter((x) => x.language === language)) {
    for (const r of s.receivers) {
      const m = byPath.get(r) ?? { path: receiverPath(r), members: new Set<string>(), methods: new Set<string>() };
      byPath.set(r, m);
      for (const x of s.members ?? []) m.members.add(x);
      for (const x of s.methods ?? []) m.methods.add(x);
    }
  }
  const receivers = new Map<string, ReceiverMatcher[]>();
  for (const m of byPath.values()) receivers.set(m.path[0] as string, [...(receivers.get(m.path[0] as string) ?? []), m]);
  const params = PARAMETER_SOURCES.filter((x) => x.language === language);
  return {
    receivers,
    names: new Set(params.flatMap((p) => p.names ?? [])),
    decorators: new Set(params.flatMap((p) => p.decorators ?? [])),
    routes: params.flatMap((p) => (p.routeDecorator ? [{ decorator: p.routeDecorator, notInput: new Set(p.notInput ?? []), injectedDefault: p.injectedDefault }] : [])),
  };
}
