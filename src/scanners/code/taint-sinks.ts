/**
 * Taint knowledge as data: the sinks of each injection weakness, per language family and
 * framework. A row says which calls are sinks, which argument matters, what kind of sink it is
 * (which scopes the sanitisers of taint-spec.ts), how the evidence names the value, and at most a
 * few named conditions (sink-spec.ts defines them once). Each group's examples run as tests
 * (test/scanners/code/taint-sinks.test.ts) and are the rule's documentation examples.
 *
 * Adding a sink is an edit here: a row in the right group (or a new group with an example
 * pair), then `npx vitest run test/scanners/code/taint-sinks.test.ts` and `npm run docs:rules`.
 * The rule files (rules/<id>.ts) hold the metadata and pass their spec to `defineTaintRule`.
 */
import { all } from './prefilter.js';
import type { SinkRow, SinkSpec } from './sink-spec.js';

/** `modules × functions` as qualified names (`fs.readFile`, `fs-extra.readFile`). */
const qualified = (modules: readonly string[], functions: readonly string[]): string[] => modules.flatMap((m) => functions.map((f) => `${m}.${f}`));

const SQL_QUERY = 'the SQL text of this query';

/** Methods whose first argument is always SQL text (Knex, Prisma, postgres.js). */
export const JS_RAW_SQL_METHODS = ['$queryRawUnsafe', '$executeRawUnsafe', 'raw', 'whereRaw', 'orWhereRaw', 'havingRaw', 'joinRaw', 'orderByRaw', 'groupByRaw', 'unsafe'];
/** Generic method names (also used by non-SQL libraries): reported when their first argument reads as SQL. */
export const JS_QUERY_METHODS = ['query', 'execute', 'run', 'all', 'get', 'exec', 'prepare', 'each', 'many', 'one', 'none', 'any', 'oneOrNone', 'manyOrNone'];
/** `String.raw` is a template tag, not a query builder. */
const NOT_STRING = /^(?!String$)/;

export const SQL_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'node-postgres, mysql/mysql2, sqlite3, better-sqlite3, pg-promise, Sequelize and TypeORM query methods',
      language: 'js',
      rows: [{ methods: JS_QUERY_METHODS, argument: { index: 0 }, kind: 'sql', what: SQL_QUERY, when: ['sql-text'], pattern: 'dynamic' }],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/user', async (req, res) => {\n  const { id } = req.query;\n  const rows = await pool.query(`SELECT * FROM users WHERE id = '${id}'`);\n  res.json(rows);\n});",
          good: "app.get('/user', async (req, res) => {\n  const { id } = req.query;\n  const rows = await pool.query('SELECT * FROM users WHERE id = $1', [id]);\n  res.json(rows);\n});",
        },
      ],
    },
    {
      title: 'Raw SQL methods: Knex `raw`/`whereRaw`…, Prisma `$queryRawUnsafe`/`$executeRawUnsafe`, postgres.js `unsafe`',
      language: 'js',
      rows: [{ methods: JS_RAW_SQL_METHODS, receiver: NOT_STRING, argument: { index: 0 }, kind: 'sql', what: SQL_QUERY, pattern: 'sql-dynamic' }],
      examples: [
        {
          language: 'typescript',
          bad: "export async function find(req: Request) {\n  const name = req.body.name as string;\n  return prisma.$queryRawUnsafe('SELECT * FROM users WHERE name = \\'' + name + '\\'');\n}",
          good: "export async function find(req: Request) {\n  const name = req.body.name as string;\n  return prisma.$queryRaw`SELECT * FROM users WHERE name = ${name}`;\n}",
        },
        {
          language: 'javascript',
          bad: "router.get('/orders', async (req, res) => {\n  res.json(await knex('orders').whereRaw(`status = '${req.query.status}'`));\n});",
          good: "router.get('/orders', async (req, res) => {\n  res.json(await knex('orders').whereRaw('status = ?', [req.query.status]));\n});",
        },
      ],
    },
    {
      title: 'Python DB-API cursors, Django `raw`, SQLAlchemy `text()`',
      language: 'python',
      rows: [
        { calls: ['sqlalchemy.text', 'sqlalchemy.sql.text', /^sqlalchemy(?:\.\w+)*\.text$/], argument: { index: 0 }, kind: 'sql', what: SQL_QUERY, pattern: 'sql-dynamic' },
        { methods: ['execute', 'executemany', 'executescript', 'raw', 'mogrify'], argument: { index: 0, keywords: ['sql', 'query'] }, kind: 'sql', what: SQL_QUERY, when: ['sql-text'], pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/user')\ndef user():\n    uid = request.args.get('id')\n    cursor.execute(f\"SELECT * FROM users WHERE id = {uid}\")\n    return jsonify(cursor.fetchall())",
          good: "@app.route('/user')\ndef user():\n    uid = request.args.get('id')\n    cursor.execute(\"SELECT * FROM users WHERE id = %s\", (uid,))\n    return jsonify(cursor.fetchall())",
        },
        {
          language: 'python',
          bad: "from sqlalchemy import text\n\n@app.route('/orders')\ndef orders():\n    status = request.args['status']\n    return jsonify(db.session.execute(text(\"SELECT id FROM orders WHERE status = '\" + status + \"'\")).all())",
          good: "from sqlalchemy import text\n\n@app.route('/orders')\ndef orders():\n    status = request.args['status']\n    return jsonify(db.session.execute(text('SELECT id FROM orders WHERE status = :s'), {'s': status}).all())",
        },
      ],
    },
  ],
};

const JS_EVAL_FIRST = ['eval', 'window.eval', 'globalThis.eval', 'vm.runInThisContext', 'vm.runInNewContext', 'vm.runInContext', 'vm.compileFunction', 'vm.Script'];
const CODE_EVALUATED = 'code evaluated by `{name}`';

export const CODE_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'JavaScript `eval`, `Function` and the `vm` module',
      language: 'js',
      rows: [
        { calls: JS_EVAL_FIRST, argument: { index: 0 }, kind: 'code', what: CODE_EVALUATED, pattern: 'evaluated-code' },
        // `new Function(arg1, …, body)`: the body is the last argument.
        { calls: ['Function'], argument: { index: -1 }, kind: 'code', what: CODE_EVALUATED, pattern: 'evaluated-code' },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "app.post('/calc', (req, res) => {\n  const result = eval(req.body.expression);\n  res.json({ result });\n});",
          good: "app.post('/calc', (req, res) => {\n  const result = Number(req.body.a) + Number(req.body.b);\n  res.json({ result });\n});",
        },
      ],
    },
    {
      title: 'JavaScript timers given a string',
      language: 'js',
      rows: [
        { calls: ['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval'], argument: { index: 0 }, kind: 'code', what: 'a string evaluated by `{name}`', when: ['string-shaped'], pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/later', (req, res) => {\n  setTimeout('notify(\"' + req.query.user + '\")', 1000);\n  res.end();\n});",
          good: "app.get('/later', (req, res) => {\n  const user = req.query.user;\n  setTimeout(() => notify(user), 1000);\n  res.end();\n});",
        },
      ],
    },
    {
      title: 'Python `eval`/`exec`/`compile` and Pillow `ImageMath.eval`',
      language: 'python',
      rows: [
        { calls: ['eval', 'exec', 'compile', 'builtins.eval', 'builtins.exec', 'PIL.ImageMath.eval', 'PIL.ImageMath.unsafe_eval'], argument: { index: 0, keywords: ['source'] }, kind: 'code', what: 'code passed to `{name}`', pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/calc')\ndef calc():\n    expr = request.args.get('expr')\n    return str(eval(expr))",
          good: "import ast\n\n@app.route('/calc')\ndef calc():\n    expr = request.args.get('expr')\n    return str(ast.literal_eval(expr))",
        },
      ],
    },
  ],
};

const TEMPLATE_SOURCE = 'the template source';
const JS_TEMPLATE_COMPILERS = ['ejs.render', 'ejs.compile', 'pug.render', 'pug.compile', 'jade.render', 'jade.compile', 'handlebars.compile', 'Handlebars.compile', 'nunjucks.renderString', 'lodash.template', '_.template', 'doT.template', 'dot.template', 'mustache.render', 'Mustache.render'];

export const TEMPLATE_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Flask, Jinja2, Mako and Django templates compiled from a string',
      language: 'python',
      rows: [
        { calls: ['flask.render_template_string', 'render_template_string', 'jinja2.Template', 'mako.template.Template', 'django.template.Template'], methods: ['from_string'], argument: { index: 0, keywords: ['source'] }, kind: 'template', what: TEMPLATE_SOURCE, pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name')\n    return render_template_string(f\"<h1>Hello {name}</h1>\")",
          good: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name')\n    return render_template_string(\"<h1>Hello {{ name }}</h1>\", name=name)",
        },
      ],
    },
    {
      title: 'Template files written from Python (stored: compiled when the page renders)',
      language: 'python',
      rows: [{ methods: ['write', 'writelines'], argument: { index: 0 }, kind: 'template', what: 'the template file written by `{name}`', when: ['template-file'] }],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/blog', methods=['POST'])\ndef save_blog():\n    text = request.form['text']\n    path = os.path.join(BASE, 'templates', 'blogs', 'latest.html')\n    with open(path, 'w') as out:\n        out.write('{% extends \"base.html\" %}' + text)\n    return redirect('/blog')",
          good: "@app.route('/blog', methods=['POST'])\ndef save_blog():\n    text = request.form['text']\n    path = os.path.join(BASE, 'data', 'blogs', 'latest.txt')\n    with open(path, 'w') as out:\n        out.write(text)\n    return redirect('/blog')",
        },
      ],
    },
    {
      title: 'EJS, Pug/Jade, Handlebars, Nunjucks, lodash, doT and Mustache templates compiled from a string',
      language: 'js',
      rows: [{ calls: JS_TEMPLATE_COMPILERS, names: JS_TEMPLATE_COMPILERS, argument: { index: 0 }, kind: 'template', what: TEMPLATE_SOURCE, pattern: 'dynamic' }],
      examples: [
        {
          language: 'javascript',
          bad: "const ejs = require('ejs');\napp.get('/page', (req, res) => {\n  res.send(ejs.render('<h1>' + req.query.title + '</h1>'));\n});",
          good: "const ejs = require('ejs');\napp.get('/page', (req, res) => {\n  res.send(ejs.render('<h1><%= title %></h1>', { title: req.query.title }));\n});",
        },
      ],
    },
  ],
};

const FS_FUNCTIONS = [
  'readFile', 'readFileSync', 'createReadStream', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createWriteStream', 'unlink', 'unlinkSync', 'rm', 'rmSync',
  'readdir', 'readdirSync', 'open', 'openSync', 'copyFile', 'copyFileSync', 'rename', 'renameSync', 'mkdir', 'mkdirSync', 'rmdir', 'rmdirSync', 'access', 'stat', 'statSync',
];
const FILE_PATH = 'the file path of `{name}`';

export const PATH_TRAVERSAL_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Node `fs`, `fs-extra` and `graceful-fs`',
      language: 'js',
      rows: [{ calls: qualified(['fs', 'fs-extra', 'graceful-fs'], FS_FUNCTIONS), argument: { index: 0 }, kind: 'path', what: FILE_PATH, when: ['server-source'] }],
      examples: [
        {
          language: 'javascript',
          bad: "const fs = require('fs');\napp.get('/files', (req, res) => {\n  const file = path.join(__dirname, 'uploads', req.query.name);\n  res.send(fs.readFileSync(file));\n});",
          good: "const fs = require('fs');\napp.get('/files', (req, res) => {\n  const file = path.join(__dirname, 'uploads', path.basename(req.query.name));\n  res.send(fs.readFileSync(file));\n});",
        },
      ],
    },
    {
      title: 'Express, Koa and Fastify responses that send a file',
      language: 'js',
      rows: [{ methods: ['sendFile', 'download', 'attachment', 'sendfile'], receiver: /^(?:res|response|reply|ctx)$/, argument: { index: 0 }, kind: 'path', what: FILE_PATH, when: ['server-source'] }],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/report', (req, res) => {\n  res.download('/srv/reports/' + req.query.file);\n});",
          good: "app.get('/report', (req, res) => {\n  res.download('/srv/reports/' + path.basename(req.query.file));\n});",
        },
      ],
    },
    {
      title: 'Python files, `os`/`shutil`/`pathlib`, Flask `send_file`, Django/Starlette/FastAPI `FileResponse`',
      language: 'python',
      rows: [
        {
          calls: ['open', 'io.open', 'codecs.open', 'flask.send_file', 'send_file', 'os.remove', 'os.unlink', 'os.rmdir', 'os.listdir', 'os.open', 'shutil.rmtree', 'shutil.copy', 'shutil.copyfile', 'shutil.move', 'django.http.FileResponse', 'FileResponse', 'pathlib.Path', 'Path', 'starlette.responses.FileResponse', 'fastapi.responses.FileResponse'],
          argument: { index: 0, keywords: ['file', 'path', 'path_or_file'] },
          kind: 'path',
          what: FILE_PATH,
          when: ['server-source'],
        },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/download')\ndef download():\n    name = request.args.get('file')\n    return send_file(os.path.join(UPLOADS, name))",
          good: "from werkzeug.utils import secure_filename\n\n@app.route('/download')\ndef download():\n    name = secure_filename(request.args.get('file'))\n    return send_file(os.path.join(UPLOADS, name))",
        },
      ],
    },
  ],
};

const REGEX_BUILT = 'The regular expression is built from {source}.';

export const REGEX_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'JavaScript `RegExp`',
      language: 'js',
      rows: [{ names: ['RegExp'], argument: { index: 0 }, kind: 'regex', what: 'the regular expression', proven: REGEX_BUILT }],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/search', (req, res) => {\n  const re = new RegExp(req.query.q, 'i');\n  res.json(items.filter((i) => re.test(i.name)));\n});",
          good: "const escapeStringRegexp = require('escape-string-regexp');\napp.get('/search', (req, res) => {\n  const re = new RegExp(escapeStringRegexp(req.query.q), 'i');\n  res.json(items.filter((i) => re.test(i.name)));\n});",
        },
      ],
    },
    {
      title: 'Python `re` and `regex`',
      language: 'python',
      rows: [
        {
          calls: ['re.compile', 're.search', 're.match', 're.fullmatch', 're.findall', 're.finditer', 're.sub', 're.subn', 're.split', 'regex.compile', 'regex.search', 'regex.match'],
          argument: { index: 0, keywords: ['pattern'] },
          kind: 'regex',
          what: 'the regular expression',
          proven: REGEX_BUILT,
        },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/search')\ndef search():\n    pattern = re.compile(request.args['q'])\n    return jsonify([i for i in ITEMS if pattern.search(i)])",
          good: "@app.route('/search')\ndef search():\n    pattern = re.compile(re.escape(request.args['q']))\n    return jsonify([i for i in ITEMS if pattern.search(i)])",
        },
      ],
    },
  ],
};

const PHP_SHELL_FUNCTIONS = ['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open', 'pcntl_exec'];

export const PHP_COMMAND_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP program execution functions',
      language: 'php',
      rows: [{ functions: PHP_SHELL_FUNCTIONS, argument: { index: 0 }, kind: 'shell', what: 'the command line of `{name}`', pattern: 'dynamic' }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$host = $_POST['host'];\n$output = shell_exec('ping -c 1 ' . $host);\necho $output;",
          good: "<?php\n$host = $_POST['host'];\n$output = shell_exec('ping -c 1 ' . escapeshellarg($host));\necho $output;",
        },
      ],
    },
    {
      title: 'PHP backtick operator',
      language: 'php',
      rows: [{ nodes: ['shell_command_expression'], argument: { node: 'self' }, kind: 'shell', what: 'a backtick shell command', pattern: 'dynamic' }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$dir = $_GET['dir'];\necho `ls -l $dir`;",
          good: "<?php\n$dir = basename($_GET['dir']);\necho implode(\"\\n\", scandir('/srv/share/' . $dir));",
        },
      ],
    },
  ],
  triggers: { php: [/`/] },
};

export const PHP_FILE_INCLUSION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP `include`/`require` (and `_once`)',
      language: 'php',
      rows: [{ nodes: ['include_expression', 'include_once_expression', 'require_expression', 'require_once_expression'], argument: { node: 'first-child' }, kind: 'path', what: 'the path of `{construct}`' }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$page = $_GET['page'];\ninclude 'pages/' . $page . '.php';",
          good: "<?php\n$pages = ['home' => 'home.php', 'about' => 'about.php'];\n$file = $pages[$_GET['page'] ?? 'home'] ?? 'home.php';\ninclude __DIR__ . '/pages/home.php';",
        },
      ],
    },
  ],
  triggers: { php: [/\b(?:include|require)(?:_once)?\b/i] },
};

export const PHP_INSECURE_DESERIALIZATION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP `unserialize` without `allowed_classes`',
      language: 'php',
      rows: [{ functions: ['unserialize'], argument: { index: 0 }, kind: 'deserialization', what: '`unserialize`', when: ['unrestricted-classes'] }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$prefs = unserialize(base64_decode($_COOKIE['prefs']));",
          good: "<?php\n$prefs = json_decode(base64_decode($_COOKIE['prefs']), true);\n$cached = unserialize($blob, ['allowed_classes' => false]);",
        },
      ],
    },
  ],
};

export const PHP_SQL_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'mysqli, PDO, pg, SQLite, ODBC and Laravel query builder',
      language: 'php',
      rows: [
        {
          functions: ['mysqli_query', 'mysqli_real_query', 'mysqli_multi_query', 'mysql_query', 'pg_query', 'sqlite_query', 'mssql_query', 'odbc_exec'],
          methods: ['query', 'exec', 'prepare', 'multi_query', 'real_query', 'select', 'statement', 'unprepared', 'raw', 'whereRaw', 'orWhereRaw', 'selectRaw', 'havingRaw', 'orderByRaw'],
          argument: { index: 'each' },
          kind: 'sql',
          what: SQL_QUERY,
          when: ['sql-text'],
          pattern: 'dynamic',
        },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$id = $_GET['id'];\n$result = mysqli_query($conn, \"SELECT * FROM users WHERE id = '$id'\");",
          good: "<?php\n$stmt = $pdo->prepare('SELECT * FROM users WHERE id = ?');\n$stmt->execute([$_GET['id']]);",
        },
        {
          language: 'php',
          bad: "<?php\n$users = DB::select('SELECT * FROM users WHERE name = \\'' . $request->input('name') . '\\'');",
          good: "<?php\n$users = DB::select('SELECT * FROM users WHERE name = ?', [$request->input('name')]);",
        },
      ],
    },
  ],
};

/** A PHP code evaluator's code (the last argument: `create_function($args, $code)`). */
const PHP_EVAL: SinkRow = { functions: ['eval', 'create_function'], argument: { index: -1 }, kind: 'code', what: 'code evaluated by `{name}`', pattern: 'dynamic' };

export const PHP_CODE_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP `eval`, `create_function` and `assert` on a string',
      language: 'php',
      rows: [
        PHP_EVAL,
        // `assert($x)` evaluates only a string, so a value not proven to be input is not reported.
        { functions: ['assert'], argument: { index: -1 }, kind: 'code', what: 'code evaluated by `{name}`' },
        { nodes: ['eval_expression'], argument: { node: 'first-child' }, kind: 'code', what: 'code evaluated by `eval`', pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$expr = $_GET['expr'];\neval('$result = ' . $expr . ';');\necho $result;",
          good: "<?php\n$expr = $_GET['expr'];\n$result = is_numeric($expr) ? $expr + 0 : 0;\necho $result;",
        },
      ],
    },
  ],
  triggers: { php: [/\b(?:eval|assert|create_function|preg_replace)\b/i] },
};

export const JAVA_SQL_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'JDBC, JPA/Hibernate and Spring `JdbcTemplate`',
      language: 'java',
      rows: [
        {
          methods: ['executeQuery', 'executeUpdate', 'execute', 'executeLargeUpdate', 'addBatch', 'prepareStatement', 'prepareCall', 'createQuery', 'createNativeQuery', 'createSQLQuery', 'query', 'queryForObject', 'queryForList', 'queryForMap', 'queryForRowSet', 'update', 'batchUpdate'],
          argument: { index: 0 },
          kind: 'sql',
          what: SQL_QUERY,
          when: ['sql-text'],
          pattern: 'dynamic',
        },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class UserDao {\n  ResultSet find(HttpServletRequest request) throws SQLException {\n    String id = request.getParameter("id");\n    Statement st = conn.createStatement();\n    return st.executeQuery("SELECT * FROM users WHERE id = \'" + id + "\'");\n  }\n}',
          good: 'class UserDao {\n  ResultSet find(HttpServletRequest request) throws SQLException {\n    PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE id = ?");\n    ps.setString(1, request.getParameter("id"));\n    return ps.executeQuery();\n  }\n}',
        },
        {
          language: 'java',
          bad: 'class OrderRepository {\n  List<Order> byStatus(@RequestParam String status) {\n    return em.createNativeQuery("SELECT * FROM orders WHERE status = \'" + status + "\'").getResultList();\n  }\n}',
          good: 'class OrderRepository {\n  List<Order> byStatus(@RequestParam String status) {\n    return em.createNativeQuery("SELECT * FROM orders WHERE status = ?1").setParameter(1, status).getResultList();\n  }\n}',
        },
      ],
    },
  ],
};

export const RUBY_INSECURE_DESERIALIZATION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Ruby `Marshal`, `YAML`/`Psych` unsafe loads and `Oj` in object mode',
      language: 'ruby',
      rows: [
        {
          names: ['Marshal.load', 'Marshal.restore', 'YAML.load', 'YAML.unsafe_load', 'Psych.load', 'Psych.unsafe_load', 'YAML.load_documents', 'Oj.load', 'Oj.object_load'],
          argument: { index: 0 },
          kind: 'deserialization',
          what: '`{name}`',
          when: ['object-mode'],
        },
      ],
      examples: [
        {
          language: 'ruby',
          bad: 'def restore\n  cart = Marshal.load(Base64.decode64(cookies[:cart]))\n  render json: cart\nend',
          good: 'def restore\n  cart = JSON.parse(Base64.decode64(cookies[:cart]))\n  render json: cart\nend',
        },
        {
          language: 'ruby',
          bad: 'def import\n  settings = Oj.load(params[:settings])\n  render json: settings\nend',
          good: 'def import\n  settings = Oj.load(params[:settings], mode: :strict)\n  render json: settings\nend',
        },
      ],
    },
  ],
};

const JS_HTTP_CLIENTS = ['fetch', 'node-fetch', 'undici.fetch', 'undici.request', 'axios', 'got', 'needle', 'superagent', 'request', 'ky'];
const PY_HTTP_CLIENTS = ['requests', 'httpx', 'urllib.request', 'urllib3', 'aiohttp'];
const PY_HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'urlopen', 'stream'];
const REQUEST_URL = 'the URL of `{name}`';

export const SSRF_SINKS: SinkSpec = {
  groups: [
    {
      title: 'fetch, node-fetch, undici, axios, got, needle, superagent, request, ky and Node `http`/`https`',
      language: 'js',
      rows: [
        {
          calls: [...JS_HTTP_CLIENTS, 'http.get', 'http.request', 'https.get', 'https.request', ...qualified(JS_HTTP_CLIENTS, ['get', 'post', 'put', 'patch', 'delete', 'head', 'request', 'stream'])],
          argument: { index: 0, options: ['url', 'hostname', 'host'] },
          kind: 'url',
          what: REQUEST_URL,
          when: ['not-new', 'not-fixed-origin', 'server-source'],
        },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "import axios from 'axios';\napp.get('/preview', async (req, res) => {\n  const page = await axios.get(req.query.url);\n  res.send(page.data);\n});",
          good: "import axios from 'axios';\nconst SOURCES = { docs: 'https://docs.example.com/feed' };\napp.get('/preview', async (req, res) => {\n  const page = await axios.get(SOURCES.docs);\n  res.send(page.data);\n});",
        },
        {
          language: 'javascript',
          bad: "const https = require('https');\napp.get('/status', (req, res) => {\n  https.get({ host: req.query.host, path: '/health' }, (r) => r.pipe(res));\n});",
          good: "const https = require('https');\napp.get('/status', (req, res) => {\n  https.get({ host: 'status.example.com', path: '/health/' + encodeURIComponent(req.query.service) }, (r) => r.pipe(res));\n});",
        },
      ],
    },
    {
      title: 'requests, httpx, urllib, urllib3 and aiohttp',
      language: 'python',
      rows: [
        // `requests.request(method, url)`: the URL is the second argument.
        { calls: qualified(PY_HTTP_CLIENTS, ['request']), argument: { index: 1, keywords: ['url'] }, kind: 'url', what: REQUEST_URL, when: ['not-fixed-origin', 'server-source'] },
        { calls: [...qualified(PY_HTTP_CLIENTS, PY_HTTP_METHODS), 'urlopen', 'urllib.request.urlopen'], argument: { index: 0, keywords: ['url'] }, kind: 'url', what: REQUEST_URL, when: ['not-fixed-origin', 'server-source'] },
      ],
      examples: [
        {
          language: 'python',
          bad: "import requests\n\n@app.route('/preview')\ndef preview():\n    url = request.args.get('url')\n    return requests.get(url, timeout=5).text",
          good: "import requests\n\n@app.route('/preview')\ndef preview():\n    return requests.get(FEED_URL, timeout=5).text",
        },
        {
          language: 'python',
          bad: "import httpx\n\n@app.post('/hook')\ndef hook():\n    return httpx.request('POST', request.json['callback'], json={'ok': True}).text",
          good: "import httpx\n\n@app.post('/hook')\ndef hook():\n    return httpx.request('POST', 'https://hooks.example.com/' + quote(request.json['callback']), json={'ok': True}).text",
        },
      ],
    },
  ],
};

const REDIRECT_FROM = 'The redirect target comes from {source}.';
const JS_RESPONSE = /^(?:res|response|reply|ctx)$/;

export const OPEN_REDIRECT_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Express, Koa and Fastify redirects and `Location` headers; `location.assign`/`replace` in the browser',
      language: 'js',
      rows: [
        { methods: ['redirect'], receiver: JS_RESPONSE, argument: { index: -1 }, kind: 'url', what: 'the redirect target', when: ['not-fixed-origin'], proven: REDIRECT_FROM },
        { methods: ['setHeader', 'header', 'set'], receiver: JS_RESPONSE, argument: { index: 1 }, kind: 'url', what: 'the `Location` header', when: ['location-header', 'not-fixed-origin'], proven: REDIRECT_FROM },
        { methods: ['assign', 'replace'], receiver: /^(?:window\.)?location$/, argument: { index: 0 }, kind: 'url', what: 'the page location', when: ['not-fixed-origin'], proven: REDIRECT_FROM },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/login/done', (req, res) => {\n  res.redirect(req.query.next);\n});",
          good: "const ALLOWED = ['/home', '/account'];\napp.get('/login/done', (req, res) => {\n  const next = req.query.next;\n  if (!ALLOWED.includes(next)) return res.redirect('/home');\n  res.redirect(next);\n});",
        },
        {
          language: 'javascript',
          bad: "router.get('/out', (ctx) => {\n  ctx.set('Location', ctx.query.to);\n  ctx.status = 302;\n});",
          good: "router.get('/out', (ctx) => {\n  ctx.set('Location', '/links/' + encodeURIComponent(ctx.query.to));\n  ctx.status = 302;\n});",
        },
      ],
    },
    {
      title: 'Flask, Django, FastAPI and Starlette redirects',
      language: 'python',
      rows: [
        {
          calls: ['flask.redirect', 'redirect', 'django.shortcuts.redirect', 'django.http.HttpResponseRedirect', 'HttpResponseRedirect', 'django.http.HttpResponsePermanentRedirect', 'fastapi.responses.RedirectResponse', 'starlette.responses.RedirectResponse', 'RedirectResponse'],
          argument: { index: 0, keywords: ['location', 'url', 'redirect_to'] },
          kind: 'url',
          what: 'the redirect target',
          when: ['not-fixed-origin'],
          proven: REDIRECT_FROM,
        },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/login/done')\ndef done():\n    return redirect(request.args.get('next'))",
          good: "@app.route('/login/done')\ndef done():\n    target = request.args.get('next', '')\n    if target not in ALLOWED_TARGETS:\n        return redirect('/home')\n    return redirect(target)",
        },
      ],
    },
  ],
};

const XPATH_PART = 'Request data from {source} is part of the XPath expression.';

export const XPATH_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'lxml `xpath()`/`XPath`/`ETXPath` and elementpath',
      language: 'python',
      rows: [
        { calls: [/(?:^|\.)XPath$|(?:^|\.)ETXPath$/], methods: ['xpath'], argument: { index: 0, keywords: ['_path'] }, kind: 'xpath', what: 'the XPath expression', proven: XPATH_PART },
        { calls: ['elementpath.select', 'elementpath.iter_select'], argument: { index: 1, keywords: ['path'] }, kind: 'xpath', what: 'the XPath expression', proven: XPATH_PART },
        { calls: ['elementpath.Selector'], argument: { index: 0, keywords: ['path'] }, kind: 'xpath', what: 'the XPath expression', proven: XPATH_PART },
      ],
      examples: [
        {
          language: 'python',
          bad: "from lxml import etree\n\n@app.route('/user')\ndef user():\n    name = request.args.get('name', '')\n    root = etree.parse('users.xml')\n    return str(root.xpath(f\"//user[@name='{name}']/email/text()\"))",
          good: "from lxml import etree\n\n@app.route('/user')\ndef user():\n    name = request.args.get('name', '')\n    root = etree.parse('users.xml')\n    return str(root.xpath('//user[@name=$name]/email/text()', name=name))",
        },
      ],
    },
    {
      title: 'ElementTree path methods given an XPath (`.//user[@name=…]`)',
      language: 'python',
      rows: [{ methods: ['find', 'findall', 'iterfind', 'findtext'], argument: { index: 0, keywords: ['path'] }, kind: 'xpath', what: 'the XPath expression', when: ['xml-library-in-file', 'xpath-syntax'], proven: XPATH_PART }],
      examples: [
        {
          language: 'python',
          bad: "import xml.etree.ElementTree as ET\n\n@app.route('/user')\ndef user():\n    root = ET.parse('users.xml').getroot()\n    return root.findtext(\".//user[@name='\" + request.args['name'] + \"']/email\")",
          good: "import xml.etree.ElementTree as ET\n\n@app.route('/user')\ndef user():\n    root = ET.parse('users.xml').getroot()\n    name = request.args['name']\n    return next((u.findtext('email') for u in root.iter('user') if u.get('name') == name), '')",
        },
      ],
    },
    {
      title: 'xpath (npm) and `document.evaluate`',
      language: 'js',
      rows: [
        { calls: ['xpath.select', 'xpath.select1', 'xpath.evaluate', 'xpath.parse'], argument: { index: 0 }, kind: 'xpath', what: 'the XPath expression', proven: XPATH_PART },
        { methods: ['evaluate'], receiver: /document$/, argument: { index: 0 }, kind: 'xpath', what: 'the XPath expression', proven: XPATH_PART },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "const xpath = require('xpath');\napp.get('/user', (req, res) => {\n  res.json(xpath.select(`//user[@name='${req.query.name}']/email/text()`, doc).map(String));\n});",
          good: "const xpath = require('xpath');\napp.get('/user', (req, res) => {\n  const found = xpath.select('//user/email/text()', doc);\n  res.json(found.map(String));\n});",
        },
      ],
    },
  ],
};

const LDAP_PART = 'Request data from {source} is part of the LDAP search filter.';

export const LDAP_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'python-ldap `search_s(base, scope, filterstr)` and ldap3 `search(base, search_filter)`',
      language: 'python',
      rows: [
        { methods: ['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s'], argument: { index: 2, keywords: ['filterstr'] }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-in-file', 'three-arguments'], proven: LDAP_PART },
        { methods: ['search'], argument: { index: 1, keywords: ['search_filter', 'filterstr'] }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-in-file'], proven: LDAP_PART },
      ],
      examples: [
        {
          language: 'python',
          bad: "import ldap3\n\n@app.route('/people')\ndef people():\n    uid = request.args.get('uid', '')\n    conn.search('ou=people,dc=example,dc=org', f'(uid={uid})')\n    return jsonify([str(e) for e in conn.entries])",
          good: "import ldap3\nfrom ldap3.utils.conv import escape_filter_chars\n\n@app.route('/people')\ndef people():\n    uid = escape_filter_chars(request.args.get('uid', ''))\n    conn.search('ou=people,dc=example,dc=org', f'(uid={uid})')\n    return jsonify([str(e) for e in conn.entries])",
        },
      ],
    },
    {
      title: 'ldapjs `client.search(base, { filter })`',
      language: 'js',
      rows: [{ methods: ['search'], argument: { index: 1, property: 'filter' }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-in-file'], proven: LDAP_PART }],
      examples: [
        {
          language: 'javascript',
          bad: "const ldap = require('ldapjs');\nconst client = ldap.createClient({ url: LDAP_URL });\napp.get('/people', (req, res) => {\n  client.search('ou=people,dc=example,dc=org', { filter: `(uid=${req.query.uid})`, scope: 'sub' }, (err, r) => r.on('end', () => res.end()));\n});",
          good: "const ldap = require('ldapjs');\nconst client = ldap.createClient({ url: LDAP_URL });\napp.get('/people', (req, res) => {\n  client.search('ou=people,dc=example,dc=org', { filter: '(objectClass=person)', scope: 'sub' }, (err, r) => r.on('end', () => res.end()));\n});",
        },
      ],
    },
  ],
};

const GO_SQL = { argument: { index: 0 }, kind: 'sql', what: SQL_QUERY, when: ['sql-text'], pattern: 'dynamic' } as const;

export const GO_SQL_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'database/sql, sqlx and GORM',
      language: 'go',
      rows: [
        { ...GO_SQL, methods: ['Query', 'QueryRow', 'Exec', 'Prepare', 'Queryx', 'QueryRowx', 'MustExec', 'NamedExec', 'Raw', 'Where', 'Order'] },
        // sqlx `Select(&dest, query)`, `Get(&dest, query)`; the *Context variants take a context first.
        { ...GO_SQL, methods: ['Select', 'Get', 'QueryContext', 'QueryRowContext', 'ExecContext', 'PrepareContext', 'QueryxContext'], argument: { index: 1 } },
        { ...GO_SQL, methods: ['SelectContext', 'GetContext'], argument: { index: 2 } },
      ],
      examples: [
        {
          language: 'go',
          bad: 'func user(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\trows, err := db.Query(fmt.Sprintf("SELECT name FROM users WHERE id = \'%s\'", id))\n\thandle(w, rows, err)\n}',
          good: 'func user(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\trows, err := db.Query("SELECT name FROM users WHERE id = $1", id)\n\thandle(w, rows, err)\n}',
        },
        {
          language: 'go',
          bad: 'func orders(w http.ResponseWriter, r *http.Request) {\n\tvar out []Order\n\terr := db.SelectContext(r.Context(), &out, "SELECT * FROM orders WHERE status = \'"+r.FormValue("status")+"\'")\n\trespond(w, out, err)\n}',
          good: 'func orders(w http.ResponseWriter, r *http.Request) {\n\tvar out []Order\n\terr := db.SelectContext(r.Context(), &out, "SELECT * FROM orders WHERE status = $1", r.FormValue("status"))\n\trespond(w, out, err)\n}',
        },
      ],
    },
  ],
};

export const RUBY_SQL_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'ActiveRecord query fragments and statements',
      language: 'ruby',
      rows: [
        // Only strings assembled at run time: hashes and placeholder arrays bind their values.
        {
          methods: ['where', 'not', 'or', 'order', 'reorder', 'group', 'having', 'joins', 'select', 'pluck', 'from', 'lock', 'exists?', 'delete_all', 'update_all', 'calculate', 'average', 'sum', 'minimum', 'maximum', 'count'],
          argument: { index: 0 },
          kind: 'sql',
          what: SQL_QUERY,
          when: ['built-at-run-time'],
          pattern: 'always',
        },
        {
          methods: ['find_by_sql', 'count_by_sql', 'execute', 'exec_query', 'exec_update', 'exec_delete', 'select_all', 'select_one', 'select_value', 'select_values', 'select_rows', 'query'],
          argument: { index: 0 },
          kind: 'sql',
          what: SQL_QUERY,
          when: ['built-at-run-time', 'sql-text'],
          pattern: 'always',
        },
      ],
      examples: [
        {
          language: 'ruby',
          bad: 'def index\n  name = params[:name]\n  @users = User.where("name = \'#{name}\'")\nend',
          good: 'def index\n  @users = User.where(name: params[:name])\n  @admins = User.where("role = ?", "admin")\nend',
        },
        {
          language: 'ruby',
          bad: 'def report\n  rows = ActiveRecord::Base.connection.select_all("SELECT * FROM orders WHERE status = \'#{params[:status]}\'")\n  render json: rows\nend',
          good: 'def report\n  rows = Order.where(status: params[:status])\n  render json: rows\nend',
        },
      ],
    },
  ],
};

const LDAP_ESCAPERS = ['encodeForLDAP', 'encodeForDN', 'filterEncode', 'nameEncode', 'escapeValue', 'encodeValue', 'escapeLDAPSearchFilter', 'escapeDN'];

export const JAVA_LDAP_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'JNDI `DirContext`/`LdapContext`, Spring `LdapTemplate` and UnboundID',
      language: 'java',
      rows: [
        { methods: ['search'], argument: { index: 1 }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-filter-text'], pattern: 'dynamic' },
        { constructors: [/(?:^|\.)SearchRequest$/], argument: { index: 2 }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-filter-text'], pattern: 'dynamic' },
        { calls: [/(?:^|\.)Filter\.create$/], argument: { index: 0 }, kind: 'ldap', what: 'the LDAP search filter', when: ['ldap-filter-text'], pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class Directory {\n  NamingEnumeration<SearchResult> find(HttpServletRequest request, DirContext ctx) throws NamingException {\n    String user = request.getParameter("user");\n    String filter = "(&(objectClass=person)(uid=" + user + "))";\n    return ctx.search("ou=people,dc=example,dc=com", filter, new SearchControls());\n  }\n}',
          good: 'class Directory {\n  NamingEnumeration<SearchResult> find(HttpServletRequest request, DirContext ctx) throws NamingException {\n    String user = request.getParameter("user");\n    return ctx.search("ou=people,dc=example,dc=com", "(&(objectClass=person)(uid={0}))", new Object[] { user }, new SearchControls());\n  }\n}',
        },
      ],
    },
  ],
  sanitisers: LDAP_ESCAPERS,
  triggers: { java: ['search', 'SearchRequest', all('Filter', 'create')] },
};

const RUBY_REFLECTION = '`{method}`, which picks the method or class to use';

export const RUBY_CODE_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Ruby `eval` and its variants',
      language: 'ruby',
      rows: [{ names: ['eval', 'instance_eval', 'class_eval', 'module_eval', 'Kernel.eval', 'binding.eval'], methods: ['instance_eval', 'class_eval', 'module_eval'], argument: { index: 0 }, kind: 'code', what: 'code evaluated by `{method}`', pattern: 'dynamic' }],
      examples: [
        {
          language: 'ruby',
          bad: 'def calculate\n  result = eval("#{params[:a]} + #{params[:b]}")\n  render plain: result\nend',
          good: 'def calculate\n  result = Integer(params[:a]) + Integer(params[:b])\n  render plain: result\nend',
        },
      ],
    },
    {
      title: 'Ruby reflection: `send`, `constantize`, `const_get` and friends',
      language: 'ruby',
      rows: [
        // `params[:class].constantize`: the input is the receiver.
        { methods: ['constantize', 'safe_constantize'], argument: { index: 'receiver' }, kind: 'code', what: RUBY_REFLECTION },
        { names: ['send', 'public_send', '__send__', 'const_get', 'method', 'instance_variable_get', 'instance_variable_set'], methods: ['send', 'public_send', '__send__', 'const_get', 'method', 'instance_variable_get', 'instance_variable_set'], argument: { index: 0 }, kind: 'code', what: RUBY_REFLECTION },
      ],
      examples: [
        {
          language: 'ruby',
          bad: 'def export\n  exporter = params[:format].constantize\n  send_data exporter.new(current_user).call\nend',
          good: 'EXPORTERS = { "csv" => CsvExport, "pdf" => PdfExport }.freeze\n\ndef export\n  exporter = EXPORTERS.fetch(params[:format], CsvExport)\n  send_data exporter.new(current_user).call\nend',
        },
      ],
    },
  ],
};

/** Python subprocess functions: a shell command with `shell=True` (`create_subprocess_shell` always). */
export const PY_SUBPROCESS = ['subprocess.run', 'subprocess.call', 'subprocess.Popen', 'subprocess.check_output', 'subprocess.check_call', 'asyncio.create_subprocess_shell'];
const SHELL_COMMAND = 'a shell command';

export const COMMAND_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Node `child_process.exec`, shelljs and execa command strings',
      language: 'js',
      rows: [{ calls: ['child_process.exec', 'child_process.execSync', 'shelljs.exec', 'execa.command', 'execa.commandSync', 'execa.execaCommand', 'execa.execaCommandSync'], argument: { index: 0 }, kind: 'shell', what: SHELL_COMMAND, pattern: 'dynamic' }],
      examples: [
        {
          language: 'javascript',
          bad: "const { exec } = require('child_process');\napp.get('/ping', (req, res) => {\n  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));\n});",
          good: "const { execFile } = require('child_process');\napp.get('/ping', (req, res) => {\n  execFile('ping', ['-c', '1', req.query.host], (err, out) => res.send(out));\n});",
        },
      ],
    },
    {
      title: 'Python `os.system`/`os.popen` and command-string helpers',
      language: 'python',
      rows: [{ calls: ['os.system', 'os.popen', 'os.popen2', 'os.popen3', 'commands.getoutput', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'popen2.popen2'], argument: { index: 0, keywords: ['cmd', 'command'] }, kind: 'shell', what: SHELL_COMMAND, pattern: 'dynamic' }],
      examples: [
        {
          language: 'python',
          bad: "import os\n\n@app.route('/backup')\ndef backup():\n    os.system('tar czf /tmp/backup.tgz ' + request.args['dir'])\n    return 'ok'",
          good: "import subprocess\n\n@app.route('/backup')\ndef backup():\n    subprocess.run(['tar', 'czf', '/tmp/backup.tgz', '--', request.args['dir']], check=True)\n    return 'ok'",
        },
      ],
    },
    {
      title: 'Python `subprocess` with `shell=True`, `asyncio.create_subprocess_shell`',
      language: 'python',
      rows: [
        { calls: ['asyncio.create_subprocess_shell'], argument: { index: 0, keywords: ['args'] }, kind: 'shell', what: 'a shell command (shell=True)', pattern: 'dynamic' },
        { calls: PY_SUBPROCESS, argument: { index: 0, keywords: ['args'] }, kind: 'shell', what: 'a shell command (shell=True)', when: ['shell-option'], pattern: 'dynamic' },
      ],
      examples: [
        {
          language: 'python',
          bad: "import subprocess\n\n@app.route('/ping')\ndef ping():\n    host = request.args['host']\n    return subprocess.check_output(f\"ping -c 1 {host}\", shell=True)",
          good: "import subprocess\n\n@app.route('/ping')\ndef ping():\n    host = request.args['host']\n    return subprocess.check_output(['ping', '-c', '1', host])",
        },
      ],
    },
  ],
};

/** Deserialisers are dangerous on sight: reported unless the bytes are the code's own, and with the flow when request data reaches them. */
const DESERIALISES = { kind: 'deserialization', pattern: 'outside-data', proven: '{what} deserialises request data from {source}.', unproven: '{what} can run code embedded in the data; make sure the data never comes from outside.' } as const;

export const INSECURE_DESERIALIZATION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'node-serialize, serialize-to-js, funcster and cryo (they revive functions)',
      language: 'js',
      rows: [
        { ...DESERIALISES, calls: ['node-serialize.unserialize', 'serialize-to-js.deserialize', 'funcster.deepDeserialize', 'cryo.parse'], argument: { index: 0 }, what: '`{name}`' },
        { ...DESERIALISES, names: ['unserialize'], methods: ['unserialize'], argument: { index: 0 }, what: '`{name}`', when: ['node-serialize-imported'] },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "const serialize = require('node-serialize');\napp.get('/profile', (req, res) => {\n  const prefs = serialize.unserialize(Buffer.from(req.cookies.prefs, 'base64').toString());\n  res.json(prefs);\n});",
          good: "app.get('/profile', (req, res) => {\n  const prefs = JSON.parse(Buffer.from(req.cookies.prefs, 'base64').toString());\n  res.json(prefs);\n});",
        },
      ],
    },
    {
      title: 'Python pickle, dill, marshal, shelve, jsonpickle, pandas/torch/joblib pickles',
      language: 'python',
      rows: [
        {
          ...DESERIALISES,
          calls: ['pickle.loads', 'pickle.load', 'cPickle.loads', 'cPickle.load', '_pickle.loads', 'dill.loads', 'dill.load', 'marshal.loads', 'marshal.load', 'shelve.open', 'jsonpickle.decode', 'yaml.unsafe_load', 'yaml.unsafe_load_all', 'pandas.read_pickle', 'torch.load', 'joblib.load'],
          argument: { index: 0 },
          what: '`{name}`',
        },
      ],
      examples: [
        {
          language: 'python',
          bad: "import pickle\n\n@app.route('/restore', methods=['POST'])\ndef restore():\n    state = pickle.loads(request.data)\n    return jsonify(state)",
          good: "import json\n\n@app.route('/restore', methods=['POST'])\ndef restore():\n    state = json.loads(request.data)\n    return jsonify(state)",
        },
      ],
    },
    {
      title: 'PyYAML `load` without a safe loader',
      language: 'python',
      rows: [{ ...DESERIALISES, calls: ['yaml.load', 'yaml.load_all'], argument: { index: 0 }, what: '`yaml.load` without `SafeLoader`', when: ['unsafe-yaml-loader'] }],
      examples: [
        {
          language: 'python',
          bad: "import yaml\n\ndef load_config(path):\n    with open(path) as fh:\n        return yaml.load(fh)",
          good: "import yaml\n\ndef load_config(path):\n    with open(path) as fh:\n        return yaml.safe_load(fh)",
        },
      ],
    },
  ],
};

const JAVA_XPATH = { argument: { index: 0 }, kind: 'xpath', what: 'the XPath expression', pattern: 'dynamic' } as const;

export const JAVA_XPATH_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'javax.xml.xpath `XPath.evaluate`/`compile`',
      language: 'java',
      rows: [{ ...JAVA_XPATH, methods: ['evaluate', 'compile', 'evaluateExpression'], when: ['xpath-receiver'] }],
      examples: [
        {
          language: 'java',
          bad: 'class Users {\n  String role(HttpServletRequest request, Document doc) throws XPathExpressionException {\n    XPath xpath = XPathFactory.newInstance().newXPath();\n    String name = request.getParameter("name");\n    return xpath.evaluate("/users/user[@name=\'" + name + "\']/role", doc);\n  }\n}',
          good: 'class Users {\n  String role(HttpServletRequest request, Document doc) throws XPathExpressionException {\n    XPath xpath = XPathFactory.newInstance().newXPath();\n    String name = request.getParameter("name");\n    xpath.setXPathVariableResolver(v -> "name".equals(v.getLocalPart()) ? name : null);\n    return xpath.evaluate("/users/user[@name=$name]/role", doc);\n  }\n}',
        },
      ],
    },
    {
      title: 'dom4j/JDOM node selection, Jaxen `DOMXPath`/`Dom4jXPath`/`JDOMXPath`, JDOM `XPath.newInstance`',
      language: 'java',
      rows: [
        // A method name shared with other APIs (`valueOf`): only an expression that reads as XPath.
        { ...JAVA_XPATH, names: ['selectNodes', 'selectSingleNode', 'selectObject', 'valueOf', 'numberValueOf', 'createXPath'], methods: ['selectNodes', 'selectSingleNode', 'selectObject', 'valueOf', 'numberValueOf', 'createXPath'], when: ['xpath-text'] },
        { ...JAVA_XPATH, constructors: [/(?:^|\.)(?:DOMXPath|Dom4jXPath|JDOMXPath)$/] },
        { ...JAVA_XPATH, calls: [/(?:^|\.)XPath\.newInstance$/] },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class Catalog {\n  List<Node> items(HttpServletRequest request, Document doc) {\n    return doc.selectNodes("//item[@category=\'" + request.getParameter("category") + "\']");\n  }\n}',
          good: 'class Catalog {\n  List<Node> items(HttpServletRequest request, Document doc) {\n    String category = request.getParameter("category");\n    return doc.selectNodes("//item").stream().filter(n -> category.equals(((Element) n).attributeValue("category"))).toList();\n  }\n}',
        },
      ],
    },
  ],
  sanitisers: ['encodeForXPath', 'escapeXPath'],
};

const PHP_URL = { kind: 'url', what: 'the URL of `{callee}`', when: ['not-fixed-origin'] } as const;

export const PHP_SSRF_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP cURL, sockets, `get_headers` and WordPress HTTP API',
      language: 'php',
      rows: [
        { ...PHP_URL, functions: ['curl_init', 'get_headers', 'fsockopen', 'pfsockopen', 'wp_remote_get', 'wp_remote_post', 'wp_remote_head', 'wp_remote_request', 'stream_socket_client'], argument: { index: 0 } },
        { ...PHP_URL, functions: ['curl_setopt'], argument: { index: 2 }, when: ['curlopt-url', 'not-fixed-origin'] },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$url = $_GET['url'];\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $url);\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\necho htmlspecialchars(curl_exec($ch));",
          good: "<?php\n$id = $_GET['id'];\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, 'https://api.example.com/items/' . urlencode($id));\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\necho htmlspecialchars(curl_exec($ch));",
        },
      ],
    },
    {
      title: 'PHP file functions given a URL (a file path is php-path-traversal\'s)',
      language: 'php',
      rows: [{ ...PHP_URL, functions: ['file_get_contents', 'fopen', 'readfile', 'file', 'copy', 'simplexml_load_file', 'getimagesize', 'exif_read_data'], argument: { index: 0 }, when: ['looks-like-url', 'not-fixed-origin'] }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$feed = file_get_contents($_GET['feed_url']);\necho htmlspecialchars($feed);",
          good: "<?php\n$feed = file_get_contents('https://news.example.com/rss?topic=' . urlencode($_GET['topic']));\necho htmlspecialchars($feed);",
        },
      ],
    },
    {
      title: 'Guzzle clients and the Laravel `Http` facade',
      language: 'php',
      rows: [
        { ...PHP_URL, methods: ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'getAsync', 'postAsync'], receiver: /client|guzzle|http/i, argument: { index: 0 } },
        // `$client->request('GET', $url)`: the URL is the second argument.
        { ...PHP_URL, methods: ['request', 'requestAsync'], receiver: /client|guzzle|http/i, argument: { index: 1 } },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$client = new \\GuzzleHttp\\Client();\n$res = $client->request('GET', $request->input('webhook'));\necho htmlspecialchars((string) $res->getBody());",
          good: "<?php\n$client = new \\GuzzleHttp\\Client(['base_uri' => 'https://hooks.example.com/']);\n$res = $client->request('GET', 'https://hooks.example.com/' . rawurlencode($request->input('webhook')));\necho htmlspecialchars((string) $res->getBody());",
        },
      ],
    },
  ],
};

const GO_URL = { kind: 'url', what: 'the URL of `{name}`', when: ['not-fixed-origin'] } as const;

export const GO_SSRF_SINKS: SinkSpec = {
  groups: [
    {
      title: 'net/http, net, crypto/tls, httputil and websocket',
      language: 'go',
      rows: [
        { ...GO_URL, names: ['http.Get', 'http.Head', 'http.Post', 'http.PostForm', 'httputil.NewSingleHostReverseProxy', 'websocket.Dial'], argument: { index: 0, url: true } },
        { ...GO_URL, names: ['http.NewRequest', 'net.Dial', 'net.DialTimeout', 'tls.Dial'], argument: { index: 1, url: true } },
        { ...GO_URL, names: ['http.NewRequestWithContext'], argument: { index: 2, url: true } },
        // An *http.Client by name.
        { ...GO_URL, methods: ['Get', 'Head', 'Post', 'PostForm'], receiver: /client$/i, argument: { index: 0, url: true } },
      ],
      examples: [
        {
          language: 'go',
          bad: 'func preview(w http.ResponseWriter, r *http.Request) {\n\ttarget := r.URL.Query().Get("url")\n\tresp, err := http.Get(target)\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer resp.Body.Close()\n\tio.Copy(w, resp.Body)\n}',
          good: 'func preview(w http.ResponseWriter, r *http.Request) {\n\tid := r.URL.Query().Get("id")\n\tresp, err := http.Get("https://images.example.com/thumbs/" + url.PathEscape(id))\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer resp.Body.Close()\n\tio.Copy(w, resp.Body)\n}',
        },
      ],
    },
    {
      title: 'resty `client.R().Get(url)`',
      language: 'go',
      rows: [{ ...GO_URL, methods: ['Get', 'Post', 'Put', 'Delete', 'Patch', 'Head'], receiver: /\.R\(\)/, argument: { index: 0, url: true } }],
      examples: [
        {
          language: 'go',
          bad: 'func fetch(w http.ResponseWriter, r *http.Request) {\n\tresp, err := client.R().Get(r.FormValue("url"))\n\trespond(w, resp, err)\n}',
          good: 'func fetch(w http.ResponseWriter, r *http.Request) {\n\tresp, err := client.R().Get("https://api.example.com/items/" + url.PathEscape(r.FormValue("id")))\n\trespond(w, resp, err)\n}',
        },
      ],
    },
  ],
};

const JAVA_URL = { kind: 'url', what: 'the URL of `{method}`', when: ['not-fixed-origin'], argument: { index: 0, url: true } } as const;

export const JAVA_SSRF_SINKS: SinkSpec = {
  groups: [
    {
      title: 'java.net `URL.openConnection`/`openStream`, sockets and the JDK `HttpClient`',
      language: 'java',
      rows: [
        { ...JAVA_URL, constructors: [/(?:^|\.)Socket$/], what: 'the URL of `new {method}`' },
        // `new URL(s).openConnection()`: the receiver is the URL.
        { ...JAVA_URL, methods: ['openConnection', 'openStream', 'getContent'], argument: { index: 'receiver', url: true }, when: ['no-arguments', 'not-fixed-origin'] },
        { ...JAVA_URL, calls: [/(?:^|\.)HttpRequest\.newBuilder$/], names: ['uri'], methods: ['uri'] },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class Preview {\n  String fetch(HttpServletRequest request) throws IOException {\n    URL url = new URL(request.getParameter("url"));\n    HttpURLConnection conn = (HttpURLConnection) url.openConnection();\n    return new String(conn.getInputStream().readAllBytes());\n  }\n}',
          good: 'class Preview {\n  String fetch(HttpServletRequest request) throws IOException {\n    String id = request.getParameter("id");\n    URL url = new URL("https://images.example.com/thumbs/" + id);\n    HttpURLConnection conn = (HttpURLConnection) url.openConnection();\n    return new String(conn.getInputStream().readAllBytes());\n  }\n}',
        },
      ],
    },
    {
      title: 'Apache HttpClient requests, OkHttp `Request.Builder().url()`, Spring `RestTemplate`, Jsoup and Apache fluent `Request`',
      language: 'java',
      rows: [
        { ...JAVA_URL, constructors: [/(?:^|\.)(?:HttpGet|HttpPost|HttpPut|HttpDelete|HttpHead|HttpPatch|HttpOptions|HttpTrace|GetMethod|PostMethod|HttpUriRequestBase)$/], what: 'the URL of `new {method}`' },
        { ...JAVA_URL, methods: ['url'], receiver: /Request\.Builder|Builder\(\)|builder/i },
        { ...JAVA_URL, methods: ['getForObject', 'getForEntity', 'postForObject', 'postForEntity', 'postForLocation', 'exchange', 'execute', 'put', 'delete', 'headForHeaders', 'optionsForAllow', 'patchForObject'], receiver: /rest|template/i },
        { ...JAVA_URL, calls: [/(?:^|\.)Jsoup\.connect$/, /(?:^|\.)Request\.(?:Get|Post|Put|Delete|Head|Patch)$/] },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class Hooks {\n  String call(@RequestParam String callback) {\n    return restTemplate.getForObject(callback, String.class);\n  }\n}',
          good: 'class Hooks {\n  String call(@RequestParam String id) {\n    return restTemplate.getForObject("https://hooks.example.com/{id}", String.class, id);\n  }\n}',
        },
      ],
    },
  ],
};

const RUBY_URL = { kind: 'url', what: 'the URL of `{name}`', when: ['not-fixed-origin'], argument: { index: 0, keywords: ['url'], url: true } } as const;
const RUBY_HTTP_CLIENTS = ['HTTParty', 'Faraday', 'RestClient', 'Excon', 'HTTP', 'Typhoeus', 'HTTPX', 'HTTPClient'];

export const RUBY_SSRF_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Net::HTTP, open-uri (`URI.open`, `URI(x).read`, `open(url)`)',
      language: 'ruby',
      rows: [
        { ...RUBY_URL, calls: [/^Net::HTTP\.(?:get|get_response|get_print|post|post_form|start|new)$/, /^(?:URI|OpenURI)\.open$/] },
        { ...RUBY_URL, methods: ['open', 'read'], receiver: /^URI(?:\.parse)?\s*\(/, argument: { index: 'receiver', url: true } },
        // Kernel#open reads a URL only with open-uri, and a file otherwise (ruby-path-traversal).
        { ...RUBY_URL, names: ['open'], when: ['looks-like-url', 'not-fixed-origin'], argument: { index: 0, url: true } },
      ],
      examples: [
        {
          language: 'ruby',
          bad: "class PreviewsController < ApplicationController\n  def show\n    uri = URI.parse(params[:url])\n    render plain: Net::HTTP.get(uri)\n  end\nend",
          good: "class PreviewsController < ApplicationController\n  def show\n    uri = URI.parse(\"https://api.example.com/previews/#{params[:id].to_i}\")\n    render plain: Net::HTTP.get(uri)\n  end\nend",
        },
      ],
    },
    {
      title: 'HTTParty, Faraday, RestClient, Excon, http.rb, Typhoeus, HTTPX and HTTPClient',
      language: 'ruby',
      rows: [
        { ...RUBY_URL, calls: [new RegExp(`^(?:${RUBY_HTTP_CLIENTS.join('|')})\\.(?:get|post|put|patch|delete|head|options|request|follow|get_content)$`), /^Typhoeus::Request\.new$/, /^(?:Faraday\.new|RestClient::Request\.execute)$/] },
      ],
      examples: [
        {
          language: 'ruby',
          bad: 'def fetch\n  response = HTTParty.get(params[:feed])\n  render plain: response.body\nend',
          good: 'def fetch\n  response = HTTParty.get("https://feeds.example.com/#{ERB::Util.url_encode(params[:feed])}")\n  render plain: response.body\nend',
        },
      ],
    },
  ],
};

const WRITTEN_UNESCAPED = 'Request data from {source} is written into {what} without HTML escaping.';

export const REFLECTED_XSS_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Express, Fastify and Node responses: `res.send`/`write`/`end` (also after `status()`, `type()`, `set()`, `header()`)',
      language: 'js',
      rows: [
        {
          methods: ['send', 'write', 'end'],
          // `res`, or a chain on it (`res.status(200).send`) that does not declare JSON or plain text.
          receiver: /^(?!.*\.type\(\s*['"](?:json|text\/plain|application\/json))(?:res|response|resp|reply)(?:\.(?:status|type|set|header)\(.*)?$/s,
          argument: { index: 0 },
          kind: 'html',
          what: '`{chain}`',
          when: ['not-serialised', 'server-source', 'html-response'],
          proven: WRITTEN_UNESCAPED,
        },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/hello', (req, res) => {\n  res.send(`<h1>Hello ${req.query.name}</h1>`);\n});",
          good: "const escapeHtml = require('escape-html');\napp.get('/hello', (req, res) => {\n  res.send(`<h1>Hello ${escapeHtml(req.query.name)}</h1>`);\n});",
        },
      ],
    },
    {
      title: 'Flask, Django, FastAPI and Starlette response objects',
      language: 'python',
      rows: [
        {
          calls: ['make_response', 'flask.make_response', 'flask.Response', 'Response', 'django.http.HttpResponse', 'HttpResponse', 'fastapi.responses.HTMLResponse', 'HTMLResponse', 'starlette.responses.HTMLResponse'],
          argument: { index: 0, keywords: ['content', 'response'], tupleBody: true },
          kind: 'html',
          what: 'a `{name}` body',
          when: ['not-serialised', 'server-source'],
          proven: WRITTEN_UNESCAPED,
        },
      ],
      examples: [
        {
          language: 'python',
          bad: "from django.http import HttpResponse\n\ndef greet(request):\n    return HttpResponse('<p>Hello ' + request.GET.get('name', '') + '</p>')",
          good: "from django.http import HttpResponse\nfrom django.utils.html import escape\n\ndef greet(request):\n    return HttpResponse('<p>Hello ' + escape(request.GET.get('name', '')) + '</p>')",
        }
      ],
    },
  ],
};


// Open redirect and path traversal in PHP, Go, Java and Ruby. What makes a target or a path safe
// (encoders, allow-lists, host checks, canonical paths checked against the base) is in the barrier
// rows of taint-barriers.ts, read by the engine for the sink's kind (`url`, `path`).

const REDIRECT_TARGET = 'the redirect target of `{callee}`';
/** `header('Location: …')` and `header('Refresh: 0; url=…')`: the URL follows the header name. */
const PHP_LOCATION_LINE = /^\s*(?:location\s*:|refresh\s*:\s*\d+\s*;\s*url=)\s*/i;

export const PHP_OPEN_REDIRECT_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP `Location` and `Refresh` headers',
      language: 'php',
      rows: [{ functions: ['header'], argument: { index: 0, prefix: PHP_LOCATION_LINE }, kind: 'url', what: REDIRECT_TARGET, when: ['not-fixed-origin'] }],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$next = $_GET['next'];\nheader('Location: ' . $next);\nexit;",
          good: "<?php\n$next = $_GET['next'];\nheader('Location: /account.php?tab=' . urlencode($next));\nexit;",
        },
      ],
    },
    {
      title: 'Laravel `redirect()`/`Redirect::to`/`away`, Symfony `RedirectResponse`, CakePHP/Symfony `$this->redirect`, CodeIgniter and WordPress redirects',
      language: 'php',
      rows: [
        { functions: ['redirect', 'wp_redirect'], argument: { index: 0 }, kind: 'url', what: REDIRECT_TARGET, when: ['not-fixed-origin'] },
        { constructors: [/(?:^|\\)RedirectResponse$/], argument: { index: 0 }, kind: 'url', what: REDIRECT_TARGET, when: ['not-fixed-origin'] },
        { methods: ['to', 'away'], receiver: /^(?:redirect\(\)|\\?Redirect)$/, argument: { index: 0 }, kind: 'url', what: REDIRECT_TARGET, when: ['not-fixed-origin'] },
        { methods: ['redirect'], receiver: /^\$this$/, argument: { index: 0 }, kind: 'url', what: REDIRECT_TARGET, when: ['not-fixed-origin'] },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\nclass LoginController extends Controller {\n    public function done(Request $request) {\n        return redirect()->to($request->input('next'));\n    }\n}",
          good: "<?php\nclass LoginController extends Controller {\n    public function done(Request $request) {\n        return redirect()->intended('/dashboard');\n    }\n}",
        },
      ],
    },
  ],
};

const PHP_FILE_PATH = 'the file path of `{callee}`';
const PHP_PATH = { kind: 'path', what: PHP_FILE_PATH } as const;

export const PHP_PATH_TRAVERSAL_SINKS: SinkSpec = {
  groups: [
    {
      title: 'PHP file functions (a URL given to those that also fetch URLs is php-ssrf\'s)',
      language: 'php',
      rows: [
        { ...PHP_PATH, functions: ['fopen', 'file_get_contents', 'readfile', 'file', 'simplexml_load_file'], argument: { index: 0 }, when: ['names-a-file'] },
        { ...PHP_PATH, functions: ['copy'], argument: { index: [0, 1] }, when: ['names-a-file'] },
        { ...PHP_PATH, functions: ['rename', 'symlink', 'link'], argument: { index: [0, 1] } },
        { ...PHP_PATH, functions: ['move_uploaded_file'], argument: { index: 1 } },
        {
          ...PHP_PATH,
          functions: ['file_put_contents', 'unlink', 'rmdir', 'mkdir', 'opendir', 'scandir', 'glob', 'highlight_file', 'show_source', 'parse_ini_file', 'touch', 'chmod', 'gzopen', 'tempnam'],
          argument: { index: 0 },
        },
        { ...PHP_PATH, constructors: [/(?:^|\\)(?:SplFileObject|SplFileInfo|DirectoryIterator|RecursiveDirectoryIterator)$/], argument: { index: 0 }, what: 'the file path of `new {method}`' },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\n$page = $_GET['page'];\n$content = file_get_contents('/var/www/pages/' . $page);\necho htmlspecialchars($content);",
          good: "<?php\n$page = basename($_GET['page']);\n$content = file_get_contents('/var/www/pages/' . $page);\necho htmlspecialchars($content);",
        },
      ],
    },
    {
      title: 'Laravel `Storage::get`/`download`/`delete`/`put`, `response()->download`/`file`',
      language: 'php',
      rows: [
        { ...PHP_PATH, calls: [/^(?:\\?Illuminate\\Support\\Facades\\)?Storage\.(?:get|download|delete|readStream|put|path)$/, /^response\(\)\.(?:download|file)$/], argument: { index: 0 } },
      ],
      examples: [
        {
          language: 'php',
          bad: "<?php\nclass ExportController extends Controller {\n    public function show(Request $request) {\n        return Storage::download('exports/' . $request->query('name'));\n    }\n}",
          good: "<?php\nclass ExportController extends Controller {\n    public function show(Request $request) {\n        return Storage::download('exports/' . basename($request->query('name')));\n    }\n}",
        },
      ],
    },
  ],
};

export const GO_OPEN_REDIRECT_SINKS: SinkSpec = {
  groups: [
    {
      title: 'net/http `http.Redirect` and `Location` headers; gin and echo `c.Redirect`',
      language: 'go',
      rows: [
        { names: ['http.Redirect'], argument: { index: 2 }, kind: 'url', what: 'the redirect target of `{name}`', when: ['not-fixed-origin'] },
        { methods: ['Redirect'], receiver: /^(?:c|ctx)$/, argument: { index: 1 }, kind: 'url', what: 'the redirect target of `{name}`', when: ['not-fixed-origin'] },
        { methods: ['Set', 'Add'], receiver: /\.Header\(\)$/, argument: { index: 1 }, kind: 'url', what: 'the redirect target of `{name}`', when: ['location-header', 'not-fixed-origin'] },
      ],
      examples: [
        {
          language: 'go',
          bad: 'func loginDone(w http.ResponseWriter, r *http.Request) {\n\tnext := r.URL.Query().Get("next")\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
          good: 'func loginDone(w http.ResponseWriter, r *http.Request) {\n\tnext := r.URL.Query().Get("next")\n\thttp.Redirect(w, r, "/account?tab="+url.QueryEscape(next), http.StatusFound)\n}',
        },
      ],
    },
  ],
};

const GO_FILE_PATH = { kind: 'path', what: 'the file path of `{name}`' } as const;

export const GO_PATH_TRAVERSAL_SINKS: SinkSpec = {
  groups: [
    {
      title: '`os` and `ioutil` file functions, `http.ServeFile`',
      language: 'go',
      rows: [
        {
          ...GO_FILE_PATH,
          names: ['os.Open', 'os.OpenFile', 'os.ReadFile', 'ioutil.ReadFile', 'os.WriteFile', 'ioutil.WriteFile', 'os.Create', 'os.Remove', 'os.RemoveAll', 'os.Mkdir', 'os.MkdirAll', 'os.ReadDir', 'ioutil.ReadDir', 'os.Chmod', 'os.Truncate'],
          argument: { index: 0 },
        },
        { ...GO_FILE_PATH, names: ['os.Rename', 'os.Symlink'], argument: { index: [0, 1] } },
        // ServeFile itself refuses a request whose r.URL.Path holds `..`.
        { ...GO_FILE_PATH, names: ['http.ServeFile'], argument: { index: 2 }, when: ['not-request-url-path'] },
      ],
      examples: [
        {
          language: 'go',
          bad: 'func download(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("file")\n\tdata, err := os.ReadFile(filepath.Join("uploads", name))\n\tif err != nil {\n\t\thttp.NotFound(w, r)\n\t\treturn\n\t}\n\tw.Write(data)\n}',
          good: 'func download(w http.ResponseWriter, r *http.Request) {\n\tname := filepath.Base(r.URL.Query().Get("file"))\n\tdata, err := os.ReadFile(filepath.Join("uploads", name))\n\tif err != nil {\n\t\thttp.NotFound(w, r)\n\t\treturn\n\t}\n\tw.Write(data)\n}',
        },
      ],
    },
    {
      title: 'gin, echo and fiber contexts sending a file (`c.File`, `c.FileAttachment`, `c.Attachment`, `c.SendFile`, `c.Download`)',
      language: 'go',
      rows: [{ ...GO_FILE_PATH, methods: ['File', 'FileAttachment', 'Attachment', 'SendFile', 'Download', 'Inline'], receiver: /^(?:c|ctx|context)$/, argument: { index: 0 } }],
      examples: [
        {
          language: 'go',
          bad: 'func export(c *gin.Context) {\n\tc.FileAttachment("/data/exports/"+c.Param("name"), "export.csv")\n}',
          good: 'func export(c *gin.Context) {\n\tc.FileAttachment("/data/exports/"+filepath.Base(c.Param("name")), "export.csv")\n}',
        },
      ],
    },
  ],
};

export const JAVA_OPEN_REDIRECT_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Servlet `sendRedirect` and `Location` headers',
      language: 'java',
      rows: [
        { methods: ['sendRedirect'], receiver: /resp/i, argument: { index: 0 }, kind: 'url', what: 'the target of `sendRedirect`', when: ['not-fixed-origin'] },
        { methods: ['setHeader', 'addHeader'], receiver: /resp/i, argument: { index: 1 }, kind: 'url', what: 'the `Location` header', when: ['location-header', 'not-fixed-origin'] },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class LoginDone extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    response.sendRedirect(next);\n  }\n}',
          good: 'class LoginDone extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    response.sendRedirect("/account?tab=" + URLEncoder.encode(next, StandardCharsets.UTF_8));\n  }\n}',
        },
      ],
    },
    {
      title: 'Spring MVC `redirect:` views and `RedirectView`',
      language: 'java',
      rows: [
        { constructors: [/(?:^|\.)RedirectView$/], argument: { index: 0 }, kind: 'url', what: 'the target of `RedirectView`', when: ['not-fixed-origin'] },
        { constructors: [/(?:^|\.)ModelAndView$/], argument: { index: 0, prefix: /^redirect:/ }, kind: 'url', what: 'a `redirect:` view', when: ['not-fixed-origin'] },
        // return "redirect:" + target;
        { nodes: ['return_statement'], argument: { node: 'first-child', prefix: /^redirect:/ }, kind: 'url', what: 'a `redirect:` view', when: ['string-shaped', 'not-fixed-origin'] },
      ],
      examples: [
        {
          language: 'java',
          bad: '@Controller\nclass Back {\n  @GetMapping("/back")\n  String back(@RequestParam String to) {\n    return "redirect:" + to;\n  }\n}',
          good: '@Controller\nclass Back {\n  @GetMapping("/back")\n  String back(@RequestParam String to) {\n    return "redirect:/pages/" + UriUtils.encodePathSegment(to, StandardCharsets.UTF_8);\n  }\n}',
        },
      ],
    },
  ],
};

const JAVA_FILE_PATH = { kind: 'path', what: 'the file path of `{name}`' } as const;
/** java.nio.file.Files methods whose first argument is a path. */
const JAVA_FILES = ['readAllBytes', 'readAllLines', 'readString', 'lines', 'newInputStream', 'newOutputStream', 'newBufferedReader', 'newBufferedWriter', 'write', 'writeString', 'delete', 'deleteIfExists', 'createFile', 'createDirectory', 'createDirectories', 'list', 'walk', 'newByteChannel'];

export const JAVA_PATH_TRAVERSAL_SINKS: SinkSpec = {
  groups: [
    {
      title: 'java.io files and streams (`new File`, `FileInputStream`, `FileReader`, `RandomAccessFile` …), Spring `FileSystemResource`',
      language: 'java',
      rows: [
        { ...JAVA_FILE_PATH, constructors: [/(?:^|\.)(?:File|FileSystemResource)$/], argument: { index: [0, 1] }, what: 'the file path of `new {method}`', when: ['not-reduced-to-name', 'not-another-sink'], constructs: true },
        {
          ...JAVA_FILE_PATH,
          constructors: [/(?:^|\.)(?:FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|ZipFile|JarFile|PrintStream|PrintWriter)$/],
          argument: { index: [0, 1] },
          what: 'the file path of `new {method}`',
          when: ['not-reduced-to-name', 'not-another-sink'],
        },
      ],
      examples: [
        {
          language: 'java',
          bad: 'class Downloads {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = request.getParameter("file");\n    InputStream in = new FileInputStream(UPLOAD_DIR + "/" + name);\n    in.transferTo(response.getOutputStream());\n  }\n}',
          good: 'class Downloads {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    File base = new File(UPLOAD_DIR);\n    File file = new File(base, request.getParameter("file"));\n    if (!file.getCanonicalPath().startsWith(base.getCanonicalPath() + File.separator)) {\n      response.sendError(400);\n      return;\n    }\n    Files.copy(file.toPath(), response.getOutputStream());\n  }\n}',
        },
      ],
    },
    {
      title: 'java.nio `Paths.get`, `Path.of`, `FileSystem#getPath`, `Path#resolve`, `Files.*`',
      language: 'java',
      rows: [
        { ...JAVA_FILE_PATH, calls: [/(?:^|\.)(?:Paths\.get|Path\.of)$/, /FileSystem.*\.getPath$/], argument: { index: 'each' }, when: ['not-reduced-to-name', 'not-another-sink'], constructs: true },
        { ...JAVA_FILE_PATH, methods: ['resolve', 'resolveSibling'], receiver: /^(?![\s\S]*ur[il])/i, argument: { index: 0 }, when: ['not-reduced-to-name', 'not-another-sink'], constructs: true },
        { ...JAVA_FILE_PATH, methods: ['copy', 'move'], receiver: /(?:^|\.)Files$/, argument: { index: [0, 1] }, when: ['not-reduced-to-name', 'not-another-sink'] },
        { ...JAVA_FILE_PATH, methods: JAVA_FILES, receiver: /(?:^|\.)Files$/, argument: { index: 0 }, when: ['not-reduced-to-name', 'not-another-sink'] },
      ],
      examples: [
        {
          language: 'java',
          bad: '@RestController\nclass Reports {\n  @GetMapping("/reports")\n  byte[] get(@RequestParam String name) throws IOException {\n    return Files.readAllBytes(Path.of("/srv/reports/" + name));\n  }\n}',
          good: '@RestController\nclass Reports {\n  @GetMapping("/reports")\n  byte[] get(@RequestParam String name) throws IOException {\n    return Files.readAllBytes(Path.of("/srv/reports/", Path.of(name).getFileName().toString()));\n  }\n}',
        },
      ],
    },
  ],
};

export const RUBY_OPEN_REDIRECT_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Rails `redirect_to` and Sinatra `redirect`',
      language: 'ruby',
      rows: [{ functions: ['redirect_to', 'redirect'], argument: { index: 0, keywords: [] }, kind: 'url', what: 'the target of `{method}`', when: ['not-fixed-origin'] }],
      examples: [
        {
          language: 'ruby',
          bad: "class SessionsController < ApplicationController\n  def create\n    sign_in(user)\n    redirect_to params[:return_to]\n  end\nend",
          good: "class SessionsController < ApplicationController\n  def create\n    sign_in(user)\n    redirect_to \"/dashboard?tab=#{CGI.escape(params[:tab].to_s)}\"\n  end\nend",
        },
      ],
    },
  ],
};

const RUBY_FILE_PATH = { kind: 'path', what: 'the file path of `{name}`' } as const;

export const RUBY_PATH_TRAVERSAL_SINKS: SinkSpec = {
  groups: [
    {
      title: '`File`, `IO`, `FileUtils`, `Dir`, `Pathname`, `YAML.load_file`, `CSV`, `Zip::File` and `Kernel#open` of a file name',
      language: 'ruby',
      rows: [
        { ...RUBY_FILE_PATH, calls: [/^(?:File|IO)\.rename$/, /^FileUtils\.(?:rm|rm_f|rm_r|rm_rf|remove|remove_file|remove_dir|remove_entry|cp|cp_r|copy|copy_file|mv|move|mkdir|mkdir_p|makedirs|touch|chmod|ln|ln_s|install)$/], argument: { index: [0, 1], keywords: [] } },
        {
          ...RUBY_FILE_PATH,
          calls: [
            /^(?:File|IO)\.(?:open|read|readlines|write|binread|binwrite|foreach|new|delete|unlink|readlink|symlink|chmod|truncate|lines|copy_stream)$/,
            /^(?:Dir\.(?:glob|entries|children|each_child|mkdir|rmdir|delete|unlink|open|foreach|\[\])|YAML\.load_file|CSV\.read|CSV\.open|CSV\.foreach|Zip::File\.open)$/,
          ],
          argument: { index: 0, keywords: [] },
        },
        { ...RUBY_FILE_PATH, calls: [/^Pathname\.new$/], argument: { index: 0, keywords: [] }, constructs: true },
        // Kernel#open of a URL is ruby-ssrf's.
        { ...RUBY_FILE_PATH, functions: ['open'], argument: { index: 0 }, when: ['names-a-file'] },
      ],
      examples: [
        {
          language: 'ruby',
          bad: 'class NotesController < ApplicationController\n  def show\n    @note = File.read("notes/#{params[:note]}.txt")\n  end\nend',
          good: 'class NotesController < ApplicationController\n  def show\n    @note = File.read("notes/#{File.basename(params[:note])}.txt")\n  end\nend',
        },
      ],
    },
    {
      title: 'Rails and Sinatra `send_file`, Rails `render file:`',
      language: 'ruby',
      rows: [
        { ...RUBY_FILE_PATH, functions: ['send_file', 'send_file_headers!'], argument: { index: 0 } },
        { ...RUBY_FILE_PATH, functions: ['render'], argument: { keywords: ['file'] } },
      ],
      examples: [
        {
          language: 'ruby',
          bad: "class ReportsController < ApplicationController\n  def show\n    send_file Rails.root.join('reports', params[:name])\n  end\nend",
          good: "class ReportsController < ApplicationController\n  def show\n    send_file Rails.root.join('reports', File.basename(params[:name]))\n  end\nend",
        },
      ],
    },
  ],
};

/**
 * Text loggers by the name they go by: `logger`, `log`, `this.logger`, `winston`, `log4js`,
 * `*Logger`. Not pino's or bunyan's `req.log`/`fastify.log`: they write JSON lines, in which a line
 * break in a value is escaped.
 */
const JS_LOGGER = /^(?:this\.)?(?:log|logger|_logger|LOG|LOGGER|winston|log4js|signale|consola|[A-Za-z_$][\w$]*Logger)$/;
const JS_LOG_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'fatal', 'verbose', 'silly', 'notice', 'critical'];
const PYTHON_LOGGER = /^(?:self\.|cls\.)?(?:log|logger|_logger|_log|LOG|LOGGER|[A-Za-z_]\w*_logger|(?:app|current_app)\.logger)$/;
const PYTHON_LOG_METHODS = ['debug', 'info', 'warning', 'warn', 'error', 'exception', 'critical', 'fatal', 'log'];
const LOG_LINE = 'the log message';

export const LOG_INJECTION_SINKS: SinkSpec = {
  groups: [
    {
      title: 'JavaScript `console` and text loggers (winston, log4js, `logger`)',
      language: 'js',
      rows: [
        // An object or array argument is written serialised (util.inspect, JSON), its line breaks escaped.
        // Server-side request data only: a browser's console is no log anyone relies on.
        { methods: ['log', 'info', 'warn', 'error', 'debug', 'trace'], receiver: /^console$/, argument: { index: 'each' }, kind: 'log', what: LOG_LINE, when: ['not-serialised', 'server-source'] },
        { methods: JS_LOG_METHODS, receiver: JS_LOGGER, argument: { index: 'each' }, kind: 'log', what: LOG_LINE, when: ['not-serialised', 'server-source'] },
      ],
      examples: [
        {
          language: 'javascript',
          bad: "app.post('/login', (req, res) => {\n  const { userName } = req.body;\n  if (!users.has(userName)) console.log('login failed for user: ' + userName);\n  res.sendStatus(401);\n});",
          good: "app.post('/login', (req, res) => {\n  const { userName } = req.body;\n  if (!users.has(userName)) console.log('login failed for user: ' + userName.replace(/[\\r\\n]/g, ''));\n  res.sendStatus(401);\n});",
        },
        {
          language: 'javascript',
          bad: "router.get('/items', (req, res) => {\n  logger.info(`search for ${req.query.q}`);\n  res.json(find(req.query.q));\n});",
          good: "router.get('/items', (req, res) => {\n  logger.info(`search for ${JSON.stringify(req.query.q)}`);\n  res.json(find(req.query.q));\n});",
        },
      ],
    },
    {
      title: 'Python `logging`',
      language: 'python',
      rows: [
        { calls: PYTHON_LOG_METHODS.map((m) => `logging.${m}`), argument: { index: 'each' }, kind: 'log', what: LOG_LINE },
        { methods: PYTHON_LOG_METHODS, receiver: PYTHON_LOGGER, argument: { index: 'each' }, kind: 'log', what: LOG_LINE },
      ],
      examples: [
        {
          language: 'python',
          bad: "@app.route('/login', methods=['POST'])\ndef login():\n    user = request.form['user']\n    logger.warning('failed login for %s', user)\n    return 'no', 401",
          good: "@app.route('/login', methods=['POST'])\ndef login():\n    user = request.form['user']\n    logger.warning('failed login for %r', repr(user))\n    return 'no', 401",
        },
      ],
    },
  ],
};

/** A servlet session: `request.getSession()`, `req.getSession(false)`, or a variable named like one (`session`, `httpSession`, `userSession`). */
const JAVA_SESSION = /(?:^|\.)getSession\(\s*(?:true|false)?\s*\)$|^(?:this\.)?(?:session|[a-z]\w*Session)$/;

export const JAVA_TRUST_BOUNDARY_SINKS: SinkSpec = {
  groups: [
    {
      title: 'Servlet `HttpSession` attributes',
      language: 'java',
      rows: [{ methods: ['setAttribute', 'putValue'], receiver: JAVA_SESSION, argument: { index: 'each' }, kind: 'session', what: 'a session attribute (its name or value)' }],
      examples: [
        {
          language: 'java',
          bad: 'class Prefs extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) {\n    String role = request.getParameter("role");\n    request.getSession().setAttribute("role", role);\n  }\n}',
          good: 'class Prefs extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) {\n    String theme = request.getParameter("theme");\n    request.getSession().setAttribute("theme", "dark".equals(theme) ? "dark" : "light");\n  }\n}',
        },
      ],
    },
  ],
  triggers: { java: [all('getSession', ['setAttribute', 'putValue']), all('Session', ['setAttribute', 'putValue'])] },
};

/** Every weakness's sinks by rule id: the table the tests and the docs iterate. */
export const TAINT_SINKS: Readonly<Record<string, SinkSpec>> = Object.freeze({
  'reflected-xss': REFLECTED_XSS_SINKS,
  'ruby-ssrf': RUBY_SSRF_SINKS,
  'java-ssrf': JAVA_SSRF_SINKS,
  'go-ssrf': GO_SSRF_SINKS,
  'php-ssrf': PHP_SSRF_SINKS,
  'java-xpath-injection': JAVA_XPATH_INJECTION_SINKS,
  'insecure-deserialization': INSECURE_DESERIALIZATION_SINKS,
  'command-injection': COMMAND_INJECTION_SINKS,
  'sql-injection': SQL_INJECTION_SINKS,
  'code-injection': CODE_INJECTION_SINKS,
  'template-injection': TEMPLATE_INJECTION_SINKS,
  'path-traversal': PATH_TRAVERSAL_SINKS,
  'regex-injection': REGEX_INJECTION_SINKS,
  'log-injection': LOG_INJECTION_SINKS,
  'php-sql-injection': PHP_SQL_INJECTION_SINKS,
  'php-command-injection': PHP_COMMAND_INJECTION_SINKS,
  'php-code-injection': PHP_CODE_INJECTION_SINKS,
  'php-file-inclusion': PHP_FILE_INCLUSION_SINKS,
  'php-insecure-deserialization': PHP_INSECURE_DESERIALIZATION_SINKS,
  'java-sql-injection': JAVA_SQL_INJECTION_SINKS,
  'ruby-insecure-deserialization': RUBY_INSECURE_DESERIALIZATION_SINKS,
  ssrf: SSRF_SINKS,
  'open-redirect': OPEN_REDIRECT_SINKS,
  'xpath-injection': XPATH_INJECTION_SINKS,
  'ldap-injection': LDAP_INJECTION_SINKS,
  'go-sql-injection': GO_SQL_INJECTION_SINKS,
  'ruby-sql-injection': RUBY_SQL_INJECTION_SINKS,
  'java-ldap-injection': JAVA_LDAP_INJECTION_SINKS,
  'java-trust-boundary-violation': JAVA_TRUST_BOUNDARY_SINKS,
  'ruby-code-injection': RUBY_CODE_INJECTION_SINKS,
  'php-open-redirect': PHP_OPEN_REDIRECT_SINKS,
  'php-path-traversal': PHP_PATH_TRAVERSAL_SINKS,
  'go-open-redirect': GO_OPEN_REDIRECT_SINKS,
  'go-path-traversal': GO_PATH_TRAVERSAL_SINKS,
  'java-open-redirect': JAVA_OPEN_REDIRECT_SINKS,
  'java-path-traversal': JAVA_PATH_TRAVERSAL_SINKS,
  'ruby-open-redirect': RUBY_OPEN_REDIRECT_SINKS,
  'ruby-path-traversal': RUBY_PATH_TRAVERSAL_SINKS,
});
