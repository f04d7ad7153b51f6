/**
 * Request sources as data, for every language: which expressions carry client input, per
 * framework. The taint engine of JavaScript/TypeScript and Python (taint.ts) and the per-function
 * model of PHP, Go, Java and Ruby (function-model/sources.ts) compile these tables; nothing about a
 * framework's request object is written in either engine. Every entry carries examples in which
 * its source reaches a sink (`eval`, or a command for Go and Java):
 * test/scanners/code/taint-sources.test.ts runs each one through its rule (reported as request
 * data) and again with the source replaced by a constant (not reported).
 *
 * Adding a framework source is one entry here with its example.
 */
import type { Trigger } from './prefilter.js';

export type SourceLanguage = 'javascript' | 'python' | 'php' | 'go' | 'java' | 'ruby';
/** Languages of the per-function model (function-model/): their sources are matched by function-model/sources.ts. */
export type FunctionModelLanguage = 'php' | 'go' | 'java' | 'ruby';
export const FUNCTION_MODEL_LANGUAGES: readonly FunctionModelLanguage[] = Object.freeze<FunctionModelLanguage[]>(['php', 'go', 'java', 'ruby']);

/** The rule an example is run through unless it names another: one that reports the source reaching code or a command. */
export const EXAMPLE_RULE: Readonly<Record<SourceLanguage, string>> = Object.freeze({
  javascript: 'code-injection',
  python: 'code-injection',
  php: 'php-code-injection',
  go: 'go-command-injection',
  java: 'java-command-injection',
  ruby: 'ruby-code-injection',
});

export interface SourceExample {
  /** A handler in which the source reaches the sink of `rule`. JavaScript examples are scanned as TypeScript. */
  readonly code: string;
  /** The rule expected to report it (default: EXAMPLE_RULE of the language). */
  readonly rule?: string;
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
  /**
   * Receiver paths. In the per-function model (PHP, Go, Java, Ruby) a receiver is the receiver's
   * text as written without spaces (`$this->request`, `$request->query`, `r.URL`, `Input` of
   * `Input::get()`).
   */
  readonly receivers: readonly string[];
  /**
   * Per-function model only: any receiver whose text matches, for frameworks whose request object
   * has no conventional name (a Java `HttpServletRequest` parameter, a gin/echo context `c`).
   */
  readonly receiverPattern?: RegExp;
  /** Properties whose value is client input (`req.body`, `request.GET`). */
  readonly members?: readonly string[];
  /** Methods whose result is client input (`req.get('X')`, `await request.json()`). */
  readonly methods?: readonly string[];
  /**
   * JavaScript/TypeScript: type names of this request object. A parameter annotated with one of
   * them and destructured (`({ query }: Request, res) =>`) binds client input under each name it
   * takes from `members`.
   */
  readonly types?: readonly string[];
  readonly examples: readonly SourceExample[];
}

/** Function parameters that are client input. */
export interface ParameterSource {
  readonly framework: string;
  readonly language: SourceLanguage;
  /** What docs/rules/code.md says of these parameters. */
  readonly summary: string;
  /** Parameters (and free names) with these names, in any function (`searchParams` of a Next.js page, PHP `$_GET`, Rails `params`). */
  readonly names?: readonly string[];
  /** Per-function model only: names that are input when subscripted (Rails `session[:x]`). */
  readonly subscripted?: readonly string[];
  /** Per-function model only: whole expressions that are input as written, spaces aside (`file_get_contents('php://input')`). */
  readonly expressions?: readonly string[];
  /** Parameters carrying one of these decorators or annotations (`@Body() dto`, `@Query('q') q`, Java `@RequestParam String q`). */
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
  (expression: string, source = expression): SourceExample => ({ code: wrap(expression), source, ...(source === expression ? {} : { replace: expression }) });
const express = handler((e) => `app.post('/run/:expr', (req, res) => {\n  res.json(eval(${e}));\n});`);
const koa = handler((e) => `router.post('/run/:expr', async (ctx) => {\n  ctx.body = eval(${e});\n});`);
const fastify = handler((e) => `fastify.post('/run/:expr', async (request, reply) => {\n  return eval(${e});\n});`);
const flask = handler((e) => `@app.route('/run', methods=['GET', 'POST'])\ndef run():\n    return str(eval(${e}))`);
const django = handler((e) => `def run(request):\n    return HttpResponse(str(eval(${e})))`);
const nextApi = handler((e) => `export default function handler(req, res) {\n  res.status(200).json(eval(${e}));\n}`);
/** A NestJS controller method whose parameter `param` (with its decorator) reaches `eval`. */
const nest = (param: string): SourceExample => ({ code: `@Controller('run')\nexport class RunController {\n  @Post(':expr')\n  run(${param}: string) {\n    return eval(expr);\n  }\n}`, source: 'expr' });

/** PHP, Go, Java and Ruby handlers in which an expression reaches their example rule's sink. */
const phpPage = handler((e) => `<?php\n$code = ${e};\neval($code);`);
const laravel = handler((e) => `<?php\nclass RunController extends Controller\n{\n    public function run(Request $request)\n    {\n        return eval(${e});\n    }\n}`);
const symfony = handler((e) => `<?php\nclass RunController extends AbstractController\n{\n    public function run(Request $request): Response\n    {\n        return new Response(eval(${e}));\n    }\n}`);
const codeigniter = handler((e) => `<?php\nclass Run extends BaseController\n{\n    public function index()\n    {\n        return eval(${e});\n    }\n}`);
const psr7 = handler((e) => `<?php\n$app->post('/run', function (ServerRequestInterface $request, ResponseInterface $response) {\n    $code = ${e};\n    eval($code);\n    return $response;\n});`);
const goFile = (body: string): string => `package main\n\nimport (\n\t"io"\n\t"net/http"\n\t"os/exec"\n)\n\n${body}\n`;
const netHttp = handler((e) => goFile(`func run(w http.ResponseWriter, r *http.Request) {\n\texec.Command(${e}).Run()\n}`));
const gin = handler((e) => goFile(`func run(c *gin.Context) {\n\texec.Command(${e}).Run()\n}`));
const echo = handler((e) => goFile(`func run(c echo.Context) error {\n\treturn exec.Command(${e}).Run()\n}`));
const fiber = handler((e) => goFile(`func run(c *fiber.Ctx) error {\n\treturn exec.Command(${e}).Run()\n}`));
const javaServlet = (body: string): string =>
  `public class RunServlet extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    HttpServletRequest httpRequest = request;\n    ${body}\n  }\n}`;
const servlet = handler((e) => javaServlet(`Runtime.getRuntime().exec(${e});`));
/** A Spring or JAX-RS handler whose parameter `param` (with its annotation) is run as a command; the finding names the parameter. */
const spring = (param: string): SourceExample => ({
  code: `@RestController\npublic class RunController {\n  @PostMapping("/run")\n  public String run(${param}) throws IOException {\n    Runtime.getRuntime().exec(cmd);\n    return "ok";\n  }\n}`,
  source: param,
  replace: 'cmd',
});
const jaxrs = (param: string): SourceExample => ({
  code: `@Path("/run")\npublic class RunResource {\n  @POST\n  public String run(${param}) throws IOException {\n    Runtime.getRuntime().exec(cmd);\n    return "ok";\n  }\n}`,
  source: param,
  replace: 'cmd',
});
const rails = handler((e) => `class RunController < ApplicationController\n  def create\n    render plain: eval(${e})\n  end\nend`);

/**
 * Receivers of Go framework context accessors: anything but a database, transaction, statement,
 * connection or pool handle (by its last name: `db`, `s.db`, `userRepo.DB`, `tx`, `conn`, `pool`,
 * `stmt`, `rows`, or a name ending in one of these).
 */
const GO_CONTEXT_RECEIVER = /^(?!(?:.*[.])?(?:\w*(?:DB|Db|Tx|Conn|Stmt|Pool|Rows|Client)|db|tx|conn|stmt|pool|rows|row|database|sqlDB|sqlx|gorm|client|cache|redis|rdb|es|mongo|coll|collection)$)./;

export const REQUEST_OBJECT_SOURCES: readonly RequestObjectSource[] = Object.freeze<RequestObjectSource[]>([
  {
    framework: 'Express',
    language: 'javascript',
    receivers: REQUEST_NAMES,
    members: ['body', 'query', 'params', 'headers', 'cookies', 'signedCookies', 'url', 'originalUrl', 'path', 'files', 'file', 'hostname'],
    methods: ['get', 'header', 'param'],
    types: ['Request', 'express.Request'],
    examples: [
      express('req.body.code'),
      { code: "app.get('/run', (req, res) => {\n  const { expr } = req.query;\n  res.json(eval(expr));\n});", source: 'req.query' },
      express('req.params.expr'),
      express("req.headers['x-expr']"),
      express('req.cookies.expr'),
      express("req.get('X-Expr')"),
      express("req.param('expr')"),
      { code: "app.get('/run', ({ query }: Request, res: Response) => {\n  res.json(eval(query.expr));\n});", source: 'query', replace: 'query.expr' },
      { code: "app.post('/run', ({ body: input }: express.Request, res: express.Response) => {\n  res.json(eval(input.expr));\n});", source: 'input', replace: 'input.expr' },
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
    types: ['FastifyRequest'],
    examples: [
      fastify('request.body.expr'),
      fastify('request.query.expr'),
      fastify('request.params.expr'),
      fastify("request.headers['x-expr']"),
      { code: "fastify.post('/run', async ({ body }: FastifyRequest<{ Body: { expr: string } }>) => {\n  return eval(body.expr);\n});", source: 'body', replace: 'body.expr' },
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
  // PHP: a receiver is written as in the code, without spaces; its methods are input on it.
  {
    framework: 'Laravel',
    language: 'php',
    receivers: ['$request', '$req', '$this->request', '$this->req', 'request()'],
    methods: ['input', 'query', 'post', 'get', 'cookie', 'header', 'all', 'json', 'getContent', 'route', 'string', 'str', 'file', 'only', 'except', 'collect', 'validated', 'fullUrl', 'userAgent'],
    examples: [
      laravel("$request->input('code')"),
      laravel("$request->query('code')"),
      laravel("$request->get('code')"),
      laravel("$request->cookie('code')"),
      laravel("$request->header('X-Code')"),
      laravel("$request->all()['code']", '$request->all()'),
      laravel("request()->input('code')"),
      laravel("$request->string('code')"),
    ],
  },
  {
    framework: 'Laravel',
    language: 'php',
    receivers: ['Input', '\\Input', 'Request', '\\Request'],
    methods: ['get', 'input', 'query', 'post', 'all', 'cookie', 'header'],
    examples: [laravel("Input::get('code')"), laravel("Request::input('code')")],
  },
  {
    framework: 'Symfony',
    language: 'php',
    // The request's parameter bags: query string, body, cookies, headers, route attributes, uploads.
    receivers: ['$request', '$req', '$this->request'].flatMap((r) => ['query', 'request', 'cookies', 'headers', 'attributes', 'files'].map((bag) => `${r}->${bag}`)),
    methods: ['get', 'all', 'getString'],
    examples: [
      symfony("$request->query->get('code')"),
      symfony("$request->request->get('code')"),
      symfony("$request->cookies->get('code')"),
      symfony("$request->headers->get('X-Code')"),
      symfony("$request->attributes->get('code')"),
    ],
  },
  {
    framework: 'Symfony',
    language: 'php',
    receivers: ['$request', '$req', '$this->request'],
    methods: ['getContent', 'getPathInfo', 'getRequestUri', 'getQueryString', 'getUri', 'toArray', 'getPayload'],
    examples: [symfony('$request->getContent()'), symfony("$request->toArray()['code']", '$request->toArray()'), symfony('$request->getQueryString()')],
  },
  {
    framework: 'CodeIgniter',
    language: 'php',
    receivers: ['$this->request', '$request'],
    methods: ['getVar', 'getGet', 'getPost', 'getPostGet', 'getGetPost', 'getCookie', 'getJSON', 'getJsonVar', 'getRawInput', 'getRawInputVar', 'getBody', 'getHeaderLine', 'getUri'],
    examples: [codeigniter("$this->request->getVar('code')"), codeigniter("$this->request->getPost('code')"), codeigniter("$this->request->getGet('code')"), codeigniter("$this->request->getCookie('code')")],
  },
  {
    framework: 'CodeIgniter 3',
    language: 'php',
    receivers: ['$this->input', '$input'],
    methods: ['get', 'post', 'cookie', 'get_post', 'post_get', 'request_headers', 'get_request_header', 'user_agent', 'input_stream', 'raw_input_stream'],
    examples: [codeigniter("$this->input->get('code')"), codeigniter("$this->input->post('code')"), codeigniter("$this->input->get_post('code')")],
  },
  {
    framework: 'PSR-7 (Slim, Laminas, Mezzio)',
    language: 'php',
    receivers: ['$request', '$req', '$this->request', '$this->req', 'request()'],
    methods: ['getQueryParams', 'getParsedBody', 'getUri', 'getBody', 'getHeaderLine', 'getHeader', 'getCookieParams', 'getUploadedFiles', 'getAttribute', 'getVar', 'getGet', 'getPost', 'getPostGet', 'getCookie'],
    examples: [
      psr7("$request->getQueryParams()['code']", '$request->getQueryParams()'),
      psr7("$request->getParsedBody()['code']", '$request->getParsedBody()'),
      psr7("(string) $request->getBody()", '$request->getBody()'),
      psr7("$request->getHeaderLine('X-Code')"),
      psr7("$request->getCookieParams()['code']", '$request->getCookieParams()'),
      psr7("$request->getAttribute('code')"),
    ],
  },
  // Go: accessors of net/http requests and of gin, echo, fiber and chi contexts.
  {
    framework: 'net/http',
    language: 'go',
    receivers: ['r', 'req', 'request'],
    members: ['Body', 'Form', 'PostForm', 'MultipartForm', 'Header', 'RequestURI'],
    methods: ['FormValue', 'PostFormValue', 'FormFile', 'Cookie', 'Cookies', 'Referer', 'UserAgent'],
    examples: [
      netHttp('r.FormValue("cmd")'),
      netHttp('r.PostFormValue("cmd")'),
      netHttp('r.Form["cmd"][0]', 'r.Form'),
      netHttp('r.RequestURI'),
      netHttp('r.Referer()'),
      { code: goFile('func run(w http.ResponseWriter, r *http.Request) {\n\tbody, _ := io.ReadAll(r.Body)\n\texec.Command(string(body)).Run()\n}'), source: 'r.Body', replace: 'string(body)' },
      { code: goFile('func run(w http.ResponseWriter, r *http.Request) {\n\t_, header, _ := r.FormFile("upload")\n\texec.Command(header.Filename).Run()\n}'), source: 'r.FormFile("upload")', replace: 'header.Filename' },
    ],
  },
  {
    framework: 'net/http',
    language: 'go',
    receivers: ['r.URL', 'req.URL', 'request.URL'],
    members: ['Path', 'RawQuery', 'RawPath'],
    methods: ['Query', 'String', 'EscapedPath'],
    examples: [
      netHttp('r.URL.Path'),
      netHttp('r.URL.RawQuery'),
      { code: goFile('func run(w http.ResponseWriter, r *http.Request) {\n\tq := r.URL.Query()\n\texec.Command(q.Get("cmd")).Run()\n}'), source: 'r.URL.Query()', replace: 'q.Get("cmd")' },
    ],
  },
  {
    framework: 'net/http',
    language: 'go',
    receivers: [],
    receiverPattern: /\.(?:URL\.Query\(\)|Header|Form|PostForm)$/,
    methods: ['Get'],
    examples: [netHttp('r.URL.Query().Get("cmd")'), netHttp('r.Header.Get("X-Cmd")'), netHttp('req.Form.Get("cmd")')],
  },
  {
    framework: 'gin, echo, fiber (context accessors)',
    language: 'go',
    receivers: [],
    // Any context value, but not a database or connection handle: `db.Query(…)`, `tx.Query(…)`,
    // `s.pool.Query(…)` return rows the code selected, not request data.
    receiverPattern: GO_CONTEXT_RECEIVER,
    methods: [
      // gin
      'Query', 'DefaultQuery', 'GetQuery', 'QueryArray', 'QueryMap', 'PostForm', 'DefaultPostForm', 'GetPostForm', 'PostFormArray', 'PostFormMap', 'Param', 'GetHeader', 'Cookie', 'GetRawData',
      // echo
      'QueryParam', 'QueryParams', 'QueryString', 'FormParams', 'ParamValues',
      // echo and net/http
      'FormValue', 'PostFormValue',
    ],
    examples: [
      gin('c.Query("cmd")'),
      gin('c.DefaultQuery("cmd", "date")'),
      gin('c.PostForm("cmd")'),
      gin('c.Param("cmd")'),
      gin('c.GetHeader("X-Cmd")'),
      echo('c.QueryParam("cmd")'),
      echo('c.FormValue("cmd")'),
      echo('c.Param("cmd")'),
    ],
  },
  {
    framework: 'fiber',
    language: 'go',
    receivers: ['c', 'ctx'],
    methods: ['Params', 'Body', 'BodyRaw', 'Queries', 'Cookies', 'OriginalURL'],
    examples: [fiber('c.Params("cmd")'), fiber('string(c.Body())', 'c.Body()'), fiber('c.Cookies("cmd")'), fiber('c.Query("cmd")')],
  },
  {
    framework: 'chi, gorilla/mux',
    language: 'go',
    receivers: ['chi', 'mux'],
    methods: ['URLParam', 'URLParamFromCtx', 'Vars'],
    examples: [netHttp('chi.URLParam(r, "cmd")'), netHttp('mux.Vars(r)["cmd"]', 'mux.Vars(r)')],
  },
  // Java: servlet getters on any receiver named like a request (`request`, `req`, `httpRequest`, `getRequest()`).
  {
    framework: 'Servlet API',
    language: 'java',
    receivers: [],
    receiverPattern: /req/i,
    methods: ['getParameter', 'getParameterValues', 'getParameterMap', 'getParameterNames', 'getHeader', 'getHeaders', 'getHeaderNames', 'getQueryString', 'getInputStream', 'getReader', 'getCookies', 'getPathInfo', 'getRequestURI', 'getRequestURL', 'getPart', 'getParts'],
    examples: [
      servlet('request.getParameter("cmd")'),
      servlet('request.getParameterValues("cmd")[0]', 'request.getParameterValues("cmd")'),
      servlet('request.getHeader("X-Cmd")'),
      servlet('request.getQueryString()'),
      servlet('request.getPathInfo()'),
      { code: javaServlet('for (Cookie c : request.getCookies()) {\n      Runtime.getRuntime().exec(c.getValue());\n    }'), source: 'request.getCookies()', replace: 'c.getValue()' },
      { code: javaServlet('String cmd = new BufferedReader(request.getReader()).readLine();\n    Runtime.getRuntime().exec(cmd);'), source: 'request.getReader()', replace: 'cmd' },
      servlet('httpRequest.getParameter("cmd")'),
    ],
  },
  // Ruby: Rails and Sinatra `request` methods (also `params`, `cookies`: PARAMETER_SOURCES).
  {
    framework: 'Rails, Sinatra (Rack request)',
    language: 'ruby',
    receivers: ['request'],
    members: ['params', 'body', 'query_string', 'raw_post', 'headers', 'cookies', 'query_parameters', 'request_parameters', 'path_parameters', 'path', 'url', 'fullpath', 'original_url', 'original_fullpath', 'referer', 'referrer', 'user_agent', 'GET', 'POST'],
    examples: [
      rails('request.body.read', 'request.body'),
      rails("request.headers['X-Code']", 'request.headers'),
      rails('request.query_string'),
      rails('request.raw_post'),
      rails("request.query_parameters['code']", 'request.query_parameters'),
      rails('request.referer'),
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
  {
    framework: 'PHP',
    language: 'php',
    summary: 'superglobals (except `$_SERVER` entries the server sets, such as `SCRIPT_NAME`, `SERVER_NAME`, `REMOTE_ADDR`) and the raw body stream',
    names: ['$_GET', '$_POST', '$_REQUEST', '$_COOKIE', '$_SERVER', '$_FILES', '$HTTP_RAW_POST_DATA'],
    expressions: ["file_get_contents('php://input')", 'file_get_contents("php://input")'],
    examples: [
      phpPage("$_GET['code']", '$_GET'),
      phpPage("$_POST['code']", '$_POST'),
      phpPage("$_REQUEST['code']", '$_REQUEST'),
      phpPage("$_COOKIE['code']", '$_COOKIE'),
      phpPage("$_SERVER['HTTP_X_CODE']", '$_SERVER'),
      phpPage("file_get_contents($_FILES['code']['tmp_name'])", '$_FILES'),
      phpPage("file_get_contents('php://input')"),
    ],
  },
  {
    framework: 'Spring MVC, JAX-RS',
    language: 'java',
    summary: 'controller parameters annotated',
    decorators: ['RequestParam', 'PathVariable', 'RequestBody', 'RequestHeader', 'CookieValue', 'RequestPart', 'MatrixVariable', 'QueryParam', 'PathParam', 'FormParam', 'HeaderParam', 'CookieParam', 'MatrixParam'],
    examples: [
      spring('@RequestParam String cmd'),
      spring('@RequestParam("c") String cmd'),
      spring('@PathVariable String cmd'),
      spring('@RequestBody String cmd'),
      spring('@RequestHeader("X-Cmd") String cmd'),
      spring('@CookieValue("cmd") String cmd'),
      jaxrs('@QueryParam("cmd") String cmd'),
      jaxrs('@PathParam("cmd") String cmd'),
      jaxrs('@FormParam("cmd") String cmd'),
      jaxrs('@HeaderParam("X-Cmd") String cmd'),
    ],
  },
  {
    framework: 'Rails, Sinatra',
    language: 'ruby',
    summary: '`params` and `cookies` (also `session[…]`)',
    names: ['params', 'cookies'],
    subscripted: ['session'],
    examples: [
      rails('params[:code]'),
      rails('params.require(:run).permit(:code)[:code]', 'params'),
      rails('cookies[:code]'),
      rails('session[:code]'),
      { code: "post '/run' do\n  eval(params['code'])\nend", source: "params['code']" },
      { code: "class RunController < ApplicationController\n  def create\n    code = params.fetch(:code)\n    eval(code)\n  end\nend", source: 'params', replace: 'code' },
    ],
  },
]);

/** A receiver path split into names. */
export const receiverPath = (receiver: string): string[] => receiver.split('.');

/**
 * Prefilter terms (prefilter.ts): a file with a source from these tables contains one of them.
 * Python: the last name of a receiver, a parameter name, a parameter decorator, or `@` and a
 * route decorator. JavaScript reads its request objects only through member chains (evaluate.ts
 * `source`: `req.query`, `ctx.request.body`, `req['body']`, `(req as any).body`, `req?.get()`),
 * so a receiver's name alone lets nothing through there: the term is the name followed by one of
 * the members or methods read on it (`sourceChain`), or a request type with one of its members
 * (a destructured typed parameter), or a parameter name or decorator as in Python. Angular tests
 * and browser code name `req` and `request` for their own objects; a file that only names them
 * is not parsed for the taint rules.
 */
export function sourceTriggers(language: SourceLanguage, options: { client: boolean }): readonly Trigger[] {
  const words = new Set<string>();
  const receivers = new Set<string>();
  const read = new Set<string>();
  const types = new Set<string>();
  const typedMembers = new Set<string>();
  for (const s of REQUEST_OBJECT_SOURCES) {
    if (s.language !== language || (!options.client && s.client)) continue;
    for (const r of s.receivers) receivers.add(receiverPath(r).at(-1) as string);
    for (const m of [...(s.members ?? []), ...(s.methods ?? [])]) read.add(m);
    for (const t of s.types ?? []) types.add(receiverPath(t).at(-1) as string);
    if (s.types) for (const m of s.members ?? []) typedMembers.add(m);
  }
  const terms: Trigger[] = [];
  if (language === 'javascript') {
    if (receivers.size > 0) terms.push({ all: [[...receivers], sourceChain([...receivers], [...read])] });
    if (types.size > 0) terms.push({ all: [[...types], [...typedMembers]] });
  } else {
    for (const w of [...receivers, ...types]) words.add(w);
  }
  for (const p of PARAMETER_SOURCES.filter((x) => x.language === language)) {
    for (const w of [...(p.names ?? []), ...(p.decorators ?? [])]) words.add(w);
    if (p.routeDecorator) terms.push({ all: [/@/, p.routeDecorator] });
  }
  return Object.freeze([...words, ...terms]);
}

/**
 * What may stand between a request object's name and the member read on it in a JavaScript
 * member chain: blanks, comments, closing parentheses, `!` and `?` (`(req!)?.body`), and
 * `as`/`satisfies` casts (`(req as Request & { user: User }).body`). Every alternative starts
 * with its own characters, so the repetition cannot backtrack badly.
 */
const CHAIN_GAP = String.raw`(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*|[)!?]|\b(?:as|satisfies)\s[^;()]{0,200}\))*`;

/** `receiver` then, through `CHAIN_GAP`, `.member`, `?.member`, `['member']` or `?.['member']` (any quote): a source chain's text. */
function sourceChain(receivers: readonly string[], members: readonly string[]): RegExp {
  return new RegExp(String.raw`\b(?:${receivers.join('|')})\b${CHAIN_GAP}(?:\.\s*(?:\[\s*['"\x60])?|\[\s*['"\x60])(?:${members.join('|')})\b`);
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
  /** Request members by the type name of the request object (`Request` → body, query, …), for destructured typed parameters. */
  readonly typed: ReadonlyMap<string, ReadonlySet<string>>;
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
  const typed = new Map<string, Set<string>>();
  for (const s of REQUEST_OBJECT_SOURCES.filter((x) => x.language === language)) {
    for (const t of s.types ?? []) typed.set(t, new Set([...(typed.get(t) ?? []), ...(s.members ?? [])]));
  }
  const receivers = new Map<string, ReceiverMatcher[]>();
  for (const m of byPath.values()) receivers.set(m.path[0] as string, [...(receivers.get(m.path[0] as string) ?? []), m]);
  const params = PARAMETER_SOURCES.filter((x) => x.language === language);
  return {
    receivers,
    names: new Set(params.flatMap((p) => p.names ?? [])),
    decorators: new Set(params.flatMap((p) => p.decorators ?? [])),
    routes: params.flatMap((p) => (p.routeDecorator ? [{ decorator: p.routeDecorator, notInput: new Set(p.notInput ?? []), injectedDefault: p.injectedDefault }] : [])),
    typed,
  };
}

/** What a receiver's members and methods are input, in the per-function model. */
export interface FunctionModelReceiver {
  readonly members: ReadonlySet<string>;
  readonly methods: ReadonlySet<string>;
}

/** The tables of one per-function-model language, indexed for function-model/sources.ts. */
export interface CompiledFunctionModelSources {
  /** Receivers by their text without spaces. */
  readonly receivers: ReadonlyMap<string, FunctionModelReceiver>;
  /** Receivers matched by a pattern, with what is input on them. */
  readonly patterns: readonly (FunctionModelReceiver & { readonly pattern: RegExp })[];
  /** Every member and method name of `patterns` (a quick reject). */
  readonly patternNames: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
  /** `names` and the names that are input only when subscripted. */
  readonly subscripted: ReadonlySet<string>;
  /** Whole expressions, without spaces. */
  readonly expressions: ReadonlySet<string>;
  /** A parameter's text carries one of the source annotations (`@RequestParam`, `@javax.ws.rs.QueryParam(…)`), or undefined. */
  readonly annotation: RegExp | undefined;
}

/** An expression's text without spaces, as receivers and expressions are compared. */
export const squash = (text: string): string => text.replace(/\s+/g, '');

export function compileFunctionModelSources(language: FunctionModelLanguage): CompiledFunctionModelSources {
  const receivers = new Map<string, { members: Set<string>; methods: Set<string> }>();
  const patterns: (FunctionModelReceiver & { pattern: RegExp })[] = [];
  const patternNames = new Set<string>();
  for (const s of REQUEST_OBJECT_SOURCES.filter((x) => x.language === language)) {
    for (const r of s.receivers) {
      const key = squash(r);
      const m = receivers.get(key) ?? { members: new Set<string>(), methods: new Set<string>() };
      receivers.set(key, m);
      for (const x of s.members ?? []) m.members.add(x);
      for (const x of s.methods ?? []) m.methods.add(x);
    }
    if (s.receiverPattern) {
      patterns.push({ pattern: s.receiverPattern, members: new Set(s.members ?? []), methods: new Set(s.methods ?? []) });
      for (const x of [...(s.members ?? []), ...(s.methods ?? [])]) patternNames.add(x);
    }
  }
  const params = PARAMETER_SOURCES.filter((x) => x.language === language);
  const names = new Set(params.flatMap((p) => p.names ?? []));
  const decorators = params.flatMap((p) => p.decorators ?? []);
  return {
    receivers,
    patterns,
    patternNames,
    names,
    subscripted: new Set([...names, ...params.flatMap((p) => p.subscripted ?? [])]),
    expressions: new Set(params.flatMap((p) => (p.expressions ?? []).map(squash))),
    annotation: decorators.length > 0 ? new RegExp(`@(?:[\\w.]+\\.)?(?:${decorators.join('|')})\\b`) : undefined,
  };
}
