/**
 * Taint propagators as data, for every language: which calls pass taint from an argument or the
 * receiver to their result, which store an argument in their receiver (`sb.append(x)`,
 * `items.push(x)`), and which return a value that carries nothing of their input (a boolean, a
 * count). Both engines read these rows: the JavaScript/TypeScript and Python taint engine
 * (taint.ts) and the per-function model of PHP, Go, Java and Ruby (function-model/). What a call
 * the rows do not list does is the language's default (UNLISTED_CALLS).
 *
 * Every row carries examples: test/scanners/code/taint-propagators.test.ts runs each through its
 * rule, and again with the call renamed to a name no row lists, expecting the opposite outcome
 * (except where the default already gives the same one; see the test).
 *
 * Sanitisers (calls that make a value safe for some sinks only) are in taint-spec.ts and the
 * per-function model's own table; syntax that propagates (concatenation, templates, `%`,
 * interpolation, assignments) is the engines' code.
 */
import type { SourceLanguage } from './taint-sources.js';

export type PropagatorLanguage = SourceLanguage;

/**
 * - `argument-to-result`: the result carries the taint of the arguments (`path.join(a, b)`, `fmt.Sprintf`).
 * - `argument-to-receiver`: the call stores its (last) argument in the receiver, which then carries its taint
 *   (`list.append(x)`, `sb.append(x)`, `map.put("k", x)`).
 * - `none`: the result carries nothing of the receiver or the arguments (`s.startsWith(x)`, `list.size()`).
 * - `content-of-argument`: the result is the content of the file (or, with `opensUrls`, the URL or stream) its first
 *   argument names (`file_get_contents($p)`, `os.ReadFile(p)`). Request data that only picks which local file is read
 *   does not make the file's content the attacker's (choosing the file is path traversal, reported at the call by its
 *   rule): the result carries the argument's taint only when the argument may name a URL or stream wrapper the attacker
 *   chooses, that is when the call opens URLs and no constant local path, fixed origin or fixed wrapper-free prefix
 *   precedes the request data (function-model/values.ts `fixedLocation`).
 */
export type PropagatorFlow = 'argument-to-result' | 'argument-to-receiver' | 'none' | 'content-of-argument';

export interface PropagatorExample {
  /** A handler in which a value passes through the call on its way to the sink of `rule`. */
  readonly code: string;
  readonly rule: string;
  /** The call's name as written in `code` (its last occurrence followed by `(` is renamed by the test); default: the row's first name. */
  readonly name?: string;
  /**
   * `taint` (default): request data reaches the sink through the call (reported as a proven flow; a `none` row: not).
   * `pattern`: the per-function model's format functions: the example builds its query from a value not proven constant
   * and no source, and is reported (unproven) because the call assembles a string at run time.
   * `clean`: (`content-of-argument` rows) request data only picks a local file: no proven flow, and with the call
   * renamed (an unlisted call passes its arguments' taint) one.
   */
  readonly expect?: 'taint' | 'pattern' | 'clean';
}

export interface PropagatorRow {
  readonly language: PropagatorLanguage;
  readonly flow: PropagatorFlow;
  /**
   * `method`: by method name on any receiver (`x.join(…)`). `function`: by qualified name after imports
   * (`base64.b64decode`, `fmt.Sprintf`, `String.valueOf`) or, without a receiver, by plain name (`str(x)`).
   * `constructor`: (`content-of-argument` rows of the per-function model) `new X(…)` by the class's last name.
   */
  readonly kind: 'method' | 'function' | 'constructor';
  readonly names: readonly string[];
  /**
   * The call assembles a string from a template and values (`sprintf`, `fmt.Sprintf`, `String.format`): in the
   * per-function model, a query or command built by it from values not proven constant is built at run time
   * (a pattern finding even without a proven source).
   */
  readonly assembles?: boolean;
  /**
   * `content-of-argument` rows: the call also opens URLs and stream wrappers (`http://`, `data:`, `php://`, `phar://`),
   * so its result carries the argument's taint unless the argument starts with a fixed location.
   */
  readonly opensUrls?: boolean;
  /** What the rule docs and architecture page say of the row. */
  readonly summary: string;
  readonly examples: readonly PropagatorExample[];
}

/** What a call no row lists does, per language. */
export interface UnlistedCalls {
  /** A method call's result carries its receiver's taint (`req.body.trim()`). */
  readonly receiverToResult: boolean;
  /** A call's result carries its arguments' taint (the per-function model: any call containing tainted data is tainted). */
  readonly argumentsToResult: boolean;
}

export const UNLISTED_CALLS: Readonly<Record<PropagatorLanguage, UnlistedCalls>> = Object.freeze({
  javascript: { receiverToResult: true, argumentsToResult: false },
  python: { receiverToResult: true, argumentsToResult: false },
  php: { receiverToResult: true, argumentsToResult: true },
  go: { receiverToResult: true, argumentsToResult: true },
  java: { receiverToResult: true, argumentsToResult: true },
  ruby: { receiverToResult: true, argumentsToResult: true },
});

const expressEval = (body: string): string => `app.post('/run', (req, res) => {\n${body}\n});`;
const expressAsync = (body: string): string => `app.post('/run', async (req, res) => {\n${body}\n});`;
const flaskEval = (body: string): string => `@app.route('/run', methods=['POST'])\ndef run():\n${body}`;

export const PROPAGATORS: readonly PropagatorRow[] = Object.freeze<PropagatorRow[]>([
  // JavaScript/TypeScript
  {
    language: 'javascript',
    flow: 'argument-to-result',
    kind: 'method',
    names: ['join', 'resolve', 'normalize', 'format', 'concat', 'assign', 'from', 'parse', 'stringify', 'decode', 'encode', 'fromEntries', 'values', 'entries', 'keys'],
    summary: 'path and URL builders, `util.format`, `Object.assign|fromEntries|values|entries|keys`, `Array.from`, `Buffer.from`, `JSON.parse|stringify`, `[].concat`',
    examples: [
      { code: "const path = require('path');\n" + expressEval("  res.sendFile(path.join('/srv/files', req.query.name));"), rule: 'path-traversal' },
      { code: expressEval("  const code = Object.assign({}, req.body).code;\n  res.json(eval(code));"), rule: 'code-injection', name: 'assign' },
      { code: expressEval('  const code = JSON.parse(req.body.payload).code;\n  res.json(eval(code));'), rule: 'code-injection', name: 'parse' },
      { code: expressEval("  const code = Buffer.from(req.query.code, 'base64').toString();\n  res.json(eval(code));"), rule: 'code-injection', name: 'from' },
    ],
  },
  {
    language: 'javascript',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['String', 'decodeURIComponent', 'decodeURI', 'unescape', 'atob', 'URL', 'URLSearchParams', 'Buffer', 'format'],
    summary: '`String()`, URI decoding, `atob`, `new URL()`, `new URLSearchParams()`',
    examples: [
      { code: expressEval('  res.json(eval(decodeURIComponent(req.query.code)));'), rule: 'code-injection', name: 'decodeURIComponent' },
      { code: expressEval('  res.json(eval(String(req.query.code)));'), rule: 'code-injection', name: 'String' },
      { code: expressEval('  res.json(eval(atob(req.query.code)));'), rule: 'code-injection', name: 'atob' },
    ],
  },
  {
    language: 'javascript',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['unzipper.Open.buffer', 'AdmZip', 'adm-zip'],
    summary: 'archives opened from uploaded bytes (unzipper `Open.buffer`, `new AdmZip(buffer)`): their entries\' names come from the client (zip slip)',
    examples: [
      {
        code: "const unzipper = require('unzipper');\nconst fs = require('fs');\n" + expressAsync("  const dir = await unzipper.Open.buffer(req.file.buffer);\n  for (const entry of dir.files) entry.stream().pipe(fs.createWriteStream('uploads/' + entry.path));"),
        rule: 'path-traversal',
        name: 'buffer',
      },
      {
        code: "const AdmZip = require('adm-zip');\nconst fs = require('fs');\n" + expressEval("  const zip = new AdmZip(req.file.buffer);\n  for (const entry of zip.getEntries()) fs.writeFileSync('uploads/' + entry.entryName, entry.getData());"),
        rule: 'path-traversal',
        name: 'AdmZip',
      },
    ],
  },
  {
    language: 'javascript',
    flow: 'argument-to-receiver',
    kind: 'method',
    names: ['push', 'unshift', 'set', 'add', 'append', 'write', 'update', 'insert', 'extend'],
    summary: '`push`, `unshift`, `add`, `append`, `set` (keyed: `map.set("k", v)` is read back by `map.get("k")`)',
    examples: [
      { code: expressEval("  const parts = [];\n  parts.push(req.query.code);\n  res.json(eval(parts.join(';')));"), rule: 'code-injection', name: 'push' },
      { code: expressEval("  const m = new Map();\n  m.set('code', req.query.code);\n  res.json(eval(m.get('code')));"), rule: 'code-injection', name: 'set' },
    ],
  },
  {
    language: 'javascript',
    flow: 'none',
    kind: 'method',
    names: [
      'includes', 'startsWith', 'endsWith', 'has', 'test', 'indexOf', 'lastIndexOf', 'localeCompare', 'count', 'find', 'index', 'length', 'size', 'toFixed', 'every', 'some', 'hasOwnProperty',
      'isInteger', 'isSafeInteger', 'exists', 'existsSync',
    ],
    summary: 'methods returning a boolean or a number (`includes`, `startsWith`, `indexOf`, `some`, `existsSync`)',
    examples: [{ code: expressEval("  const code = req.query.code;\n  res.json(eval(String(code.startsWith('1'))));"), rule: 'code-injection', name: 'startsWith' }],
  },
  // Python
  {
    language: 'python',
    flow: 'argument-to-result',
    kind: 'method',
    names: ['join', 'format', 'parse', 'decode', 'encode', 'urljoin', 'quote_plus'],
    summary: '`str.join`, `str.format`, `os.path.join`, `urllib.parse.urljoin`',
    examples: [
      { code: flaskEval("    code = ' '.join([request.args['a'], request.args['b']])\n    return str(eval(code))"), rule: 'code-injection' },
      { code: flaskEval("    code = '{} + 1'.format(request.args['a'])\n    return str(eval(code))"), rule: 'code-injection', name: 'format' },
      { code: 'import os\n' + flaskEval("    return open(os.path.join('/srv/files', request.args['name'])).read()"), rule: 'path-traversal', name: 'join' },
    ],
  },
  {
    language: 'python',
    flow: 'argument-to-result',
    kind: 'function',
    names: [
      'str', 'repr', 'bytes', 'list', 'dict', 'tuple', 'format', 'unquote', 'dedent', 'textwrap.dedent',
      'base64.b64encode', 'base64.b64decode', 'base64.urlsafe_b64encode', 'base64.urlsafe_b64decode', 'base64.standard_b64decode', 'base64.b32decode', 'base64.b16decode',
      'codecs.decode', 'codecs.encode', 'urllib.parse.unquote', 'urllib.parse.unquote_plus', 'html.unescape', 'json.loads', 'json.dumps', 'binascii.unhexlify', 'binascii.a2b_base64',
    ],
    summary: '`str()`, `list()`, `dict()`, `format()`, base64/codecs/binascii decoders, `urllib.parse.unquote`, `json.loads|dumps`, `html.unescape`',
    examples: [
      { code: 'import base64\n' + flaskEval("    return str(eval(base64.b64decode(request.args['code'])))"), rule: 'code-injection', name: 'b64decode' },
      { code: flaskEval("    return str(eval(str(request.args['code'])))"), rule: 'code-injection', name: 'str' },
      { code: 'import json\n' + flaskEval("    return str(eval(json.loads(request.data)['code']))"), rule: 'code-injection', name: 'loads' },
    ],
  },
  {
    language: 'python',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['zipfile.ZipFile', 'tarfile.open', 'tarfile.TarFile', 'io.BytesIO'],
    summary: 'archives opened from uploaded bytes (`zipfile.ZipFile`, `tarfile.open` over `io.BytesIO`): their member names come from the client (zip slip)',
    examples: [
      {
        code: 'import io\nimport os\nimport zipfile\n' + flaskEval("    archive = zipfile.ZipFile(io.BytesIO(request.files['bundle'].read()))\n    for name in archive.namelist():\n        with open(os.path.join('uploads', name), 'wb') as out:\n            out.write(archive.read(name))\n    return 'ok'"),
        rule: 'path-traversal',
        name: 'ZipFile',
      },
    ],
  },
  {
    language: 'python',
    flow: 'argument-to-receiver',
    kind: 'method',
    names: ['append', 'appendleft', 'extend', 'insert', 'add', 'update', 'setdefault', 'set', 'write', 'writelines'],
    summary: '`list.append|extend|insert`, `set.add`, `dict.update|setdefault`, `configparser.set`, `io.StringIO.write`',
    examples: [
      { code: flaskEval("    parts = []\n    parts.append(request.args['code'])\n    return str(eval(';'.join(parts)))"), rule: 'code-injection', name: 'append' },
      { code: flaskEval("    d = {}\n    d.update(request.args)\n    return str(eval(d['code']))"), rule: 'code-injection', name: 'update' },
    ],
  },
  {
    language: 'python',
    flow: 'none',
    kind: 'method',
    names: ['isdigit', 'isalnum', 'isalpha', 'isnumeric', 'startswith', 'endswith', 'count', 'find', 'index', 'has', 'length', 'size', 'exists'],
    summary: 'methods returning a boolean or a number (`isdigit`, `startswith`, `count`, `find`)',
    examples: [{ code: flaskEval("    code = request.args['code']\n    return str(eval(str(code.count('1'))))"), rule: 'code-injection', name: 'count' }],
  },
  // PHP (unlisted calls pass their arguments' taint; these rows are what the model needs beyond that)
  {
    language: 'php',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['sprintf', 'vsprintf', 'implode', 'strtr', 'str_replace'],
    assembles: true,
    summary: '`sprintf`, `vsprintf`, `implode`, `strtr`, `str_replace` (a query they assemble from values not proven constant counts as built at run time)',
    examples: [
      {
        code: '<?php\nfunction find($db, $id) {\n    $sql = sprintf("SELECT * FROM users WHERE id = %s", $id);\n    return mysqli_query($db, $sql);\n}',
        rule: 'php-sql-injection',
        expect: 'pattern',
      },
      {
        code: "<?php\nfunction find($db, $id) {\n    $sql = implode(' ', array('SELECT * FROM users WHERE id =', $id));\n    return mysqli_query($db, $sql);\n}",
        rule: 'php-sql-injection',
        name: 'implode',
        expect: 'pattern',
      },
    ],
  },
  {
    language: 'php',
    flow: 'argument-to-receiver',
    kind: 'function',
    names: ['array_push', 'array_unshift'],
    summary: '`array_push($a, $x)`, `array_unshift($a, $x)` (and the syntax `$a[] = $x`)',
    examples: [
      {
        code: "<?php\nfunction ping() {\n    $parts = array('ping', '-c', '1');\n    array_push($parts, $_GET['host']);\n    system(implode(' ', $parts));\n}",
        rule: 'php-command-injection',
        name: 'array_push',
      },
    ],
  },
  {
    language: 'php',
    flow: 'none',
    kind: 'function',
    names: ['is_numeric', 'ctype_digit', 'count'],
    summary: '`is_numeric`, `ctype_digit`, `count` (a boolean or a number)',
    examples: [{ code: "<?php\n$n = count($_GET['items']);\neval('return ' . $n . ';');", rule: 'php-code-injection', name: 'count' }],
  },
  {
    language: 'php',
    flow: 'none',
    kind: 'method',
    names: ['count'],
    summary: '`->count()` (`Countable`, Laravel collections: a number)',
    examples: [{ code: "<?php\n$items = collect($_GET['items']);\n$n = $items->count();\neval('return ' . $n . ';');", rule: 'php-code-injection', name: 'count' }],
  },
  {
    language: 'php',
    flow: 'content-of-argument',
    kind: 'function',
    names: ['file_get_contents', 'file', 'fopen', 'gzopen', 'gzfile'],
    opensUrls: true,
    summary: '`file_get_contents`, `file`, `fopen`, `gzopen`, `gzfile` (which open URLs and stream wrappers too)',
    examples: [
      { code: "<?php\n$id = $_GET['id'];\neval('?>' . file_get_contents('help/' . $id . '/help.php'));", rule: 'php-code-injection', expect: 'clean' },
      {
        code: "<?php\ndefine('ROOT', '../');\n$id = $_GET['id'];\n$h = fopen(ROOT . \"pages/{$id}.php\", 'r');\neval('?>' . fread($h, 8192));",
        rule: 'php-code-injection',
        name: 'fopen',
        expect: 'clean',
      },
      { code: "<?php\neval(file_get_contents($_GET['url']));", rule: 'php-code-injection' },
      { code: "<?php\n$f = $_GET['f'];\neval(file_get_contents('php://filter/read=string.rot13/resource=' . $f));", rule: 'php-code-injection' },
    ],
  },
  {
    language: 'php',
    flow: 'content-of-argument',
    kind: 'constructor',
    names: ['SplFileObject'],
    opensUrls: true,
    summary: '`new SplFileObject` (which opens URLs and stream wrappers too)',
    examples: [
      { code: "<?php\n$file = new SplFileObject('snippets/' . $_GET['name'] . '.php');\neval($file->fread(4096));", rule: 'php-code-injection', expect: 'clean' },
      { code: "<?php\n$file = new SplFileObject($_GET['src']);\neval($file->fread(4096));", rule: 'php-code-injection' },
    ],
  },
  // Ruby (unlisted calls pass their arguments' taint)
  {
    language: 'ruby',
    flow: 'argument-to-receiver',
    kind: 'method',
    names: ['<<', 'push', 'append', 'unshift', 'prepend', 'insert', 'concat'],
    summary: '`parts << x`, `push`, `append`, `unshift`, `prepend`, `insert`, `concat` (arrays and strings)',
    examples: [
      {
        code: "class PingController < ApplicationController\n  def show\n    parts = ['ping', '-c', '1']\n    parts.push(params[:host])\n    system(parts.join(' '))\n  end\nend",
        rule: 'ruby-command-injection',
        name: 'push',
      },
    ],
  },
  {
    language: 'ruby',
    flow: 'content-of-argument',
    kind: 'function',
    names: ['File.read', 'File.readlines', 'File.binread', 'File.foreach'],
    summary: '`File.read`, `File.readlines`, `File.binread`, `File.foreach` (local files only)',
    examples: [
      {
        code: "class ScriptsController < ApplicationController\n  def run\n    eval(File.read(\"scripts/#{params[:name]}.rb\"))\n  end\nend",
        rule: 'ruby-code-injection',
        name: 'read',
        expect: 'clean',
      },
    ],
  },
  // Go
  {
    language: 'go',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['fmt.Sprintf'],
    assembles: true,
    summary: '`fmt.Sprintf` (a query it assembles from values not proven constant counts as built at run time)',
    examples: [
      {
        code: 'package store\n\nimport (\n\t"database/sql"\n\t"fmt"\n)\n\nfunc Find(db *sql.DB, id string) {\n\tdb.Query(fmt.Sprintf("SELECT * FROM users WHERE id = %s", id))\n}\n',
        rule: 'go-sql-injection',
        name: 'Sprintf',
        expect: 'pattern',
      },
    ],
  },
  {
    language: 'go',
    flow: 'argument-to-receiver',
    kind: 'method',
    names: ['WriteString', 'Write', 'WriteByte', 'WriteRune'],
    summary: '`strings.Builder` and `bytes.Buffer` writes',
    examples: [
      {
        code: 'package main\n\nimport (\n\t"net/http"\n\t"os/exec"\n\t"strings"\n)\n\nfunc run(w http.ResponseWriter, r *http.Request) {\n\tvar b strings.Builder\n\tb.WriteString(r.FormValue("cmd"))\n\texec.Command(b.String()).Run()\n}\n',
        rule: 'go-command-injection',
        name: 'WriteString',
      },
    ],
  },
  {
    language: 'go',
    flow: 'content-of-argument',
    kind: 'function',
    names: ['os.ReadFile', 'ioutil.ReadFile'],
    summary: '`os.ReadFile`, `ioutil.ReadFile` (local files only)',
    examples: [
      {
        code: 'package main\n\nimport (\n\t"net/http"\n\t"os"\n\t"os/exec"\n)\n\nfunc run(w http.ResponseWriter, r *http.Request) {\n\tscript, _ := os.ReadFile("/srv/scripts/" + r.FormValue("name"))\n\texec.Command("sh", "-c", string(script)).Run()\n}\n',
        rule: 'go-command-injection',
        name: 'ReadFile',
        expect: 'clean',
      },
    ],
  },
  // Java
  {
    language: 'java',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['String.format'],
    assembles: true,
    summary: '`String.format` (likewise)',
    examples: [
      {
        code: 'public class Dao {\n  public void find(Connection c, String id) throws SQLException {\n    c.createStatement().executeQuery(String.format("SELECT * FROM users WHERE id = %s", id));\n  }\n}',
        rule: 'java-sql-injection',
        name: 'format',
        expect: 'pattern',
      },
    ],
  },
  {
    language: 'java',
    flow: 'argument-to-result',
    kind: 'function',
    names: ['String.valueOf', 'String.join', 'String.copyValueOf'],
    summary: '`String.valueOf`, `String.join`, `String.copyValueOf` (unlike `Integer.valueOf`, which leaves a number)',
    examples: [
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    Runtime.getRuntime().exec(String.valueOf(request.getParameter("cmd")));\n  }\n}',
        rule: 'java-command-injection',
        name: 'valueOf',
      },
    ],
  },
  {
    language: 'java',
    flow: 'argument-to-result',
    kind: 'method',
    names: ['formatted'],
    assembles: true,
    summary: '`"…".formatted(args)` (Java 15; likewise)',
    examples: [
      {
        code: 'public class Dao {\n  public void find(Connection c, String id) throws SQLException {\n    c.createStatement().executeQuery("SELECT * FROM users WHERE id = %s".formatted(id));\n  }\n}',
        rule: 'java-sql-injection',
        expect: 'pattern',
      },
    ],
  },
  {
    language: 'java',
    flow: 'argument-to-receiver',
    kind: 'method',
    names: ['append', 'put', 'putAll', 'add', 'addAll', 'push', 'insert', 'offer', 'addElement', 'setProperty'],
    summary: '`StringBuilder.append|insert`, `List.add`, `Map.put` (keyed: `map.put("k", v)` is read back by `map.get("k")`), `Properties.setProperty`',
    examples: [
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    StringBuilder sb = new StringBuilder("ping ");\n    sb.append(request.getParameter("host"));\n    Runtime.getRuntime().exec(sb.toString());\n  }\n}',
        rule: 'java-command-injection',
        name: 'append',
      },
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    Map<String, String> m = new HashMap<>();\n    m.put("cmd", request.getParameter("cmd"));\n    Runtime.getRuntime().exec(m.get("cmd"));\n  }\n}',
        rule: 'java-command-injection',
        name: 'put',
      },
    ],
  },
  {
    language: 'java',
    flow: 'none',
    kind: 'method',
    names: ['size', 'length', 'isEmpty', 'equals', 'contains', 'valueOf'],
    summary: '`size`, `length`, `isEmpty`, `equals`, `contains` (a boolean or a number), `valueOf` (`Integer.valueOf`, an enum constant; `String.valueOf` is a propagator)',
    examples: [
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    int n = request.getParameter("cmd").length();\n    Runtime.getRuntime().exec("sleep " + n);\n  }\n}',
        rule: 'java-command-injection',
        name: 'length',
      },
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    Runtime.getRuntime().exec("sleep " + Integer.valueOf(request.getParameter("n")));\n  }\n}',
        rule: 'java-command-injection',
        name: 'valueOf',
      },
    ],
  },
  {
    language: 'java',
    flow: 'content-of-argument',
    kind: 'function',
    names: ['Files.readString', 'Files.readAllBytes', 'Files.readAllLines', 'Files.lines', 'Files.newInputStream', 'Files.newBufferedReader'],
    summary: '`Files.readString|readAllBytes|readAllLines|lines|newInputStream|newBufferedReader` (local files only)',
    examples: [
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String script = Files.readString(Paths.get("/srv/scripts", request.getParameter("name")));\n    Runtime.getRuntime().exec(script);\n  }\n}',
        rule: 'java-command-injection',
        name: 'readString',
        expect: 'clean',
      },
    ],
  },
  {
    language: 'java',
    flow: 'content-of-argument',
    kind: 'constructor',
    names: ['FileInputStream', 'FileReader'],
    summary: '`new FileInputStream`, `new FileReader` (local files only)',
    examples: [
      {
        code: 'public class RunServlet extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    BufferedReader r = new BufferedReader(new FileReader("/srv/scripts/" + request.getParameter("name")));\n    Runtime.getRuntime().exec(r.readLine());\n  }\n}',
        rule: 'java-command-injection',
        name: 'FileReader',
        expect: 'clean',
      },
    ],
  },
]);

/** The rows of one language, indexed for an engine. */
export interface CompiledPropagators {
  /** Methods (by name) whose result carries their arguments' taint. */
  readonly argumentMethods: ReadonlySet<string>;
  /** Functions (qualified or plain name) whose result carries their arguments' taint. */
  readonly argumentFunctions: ReadonlySet<string>;
  /** Methods that store an argument in their receiver. */
  readonly receiverWrites: ReadonlySet<string>;
  /** Functions that store their last argument in their first (`array_push($a, $x)`). */
  readonly receiverWriteFunctions: ReadonlySet<string>;
  /** Methods and functions whose result carries nothing. */
  readonly cleanMethods: ReadonlySet<string>;
  readonly cleanFunctions: ReadonlySet<string>;
  /** Functions and methods that assemble a string (`sprintf`, `fmt.Sprintf`, `formatted`). */
  readonly assemblers: { readonly functions: ReadonlySet<string>; readonly methods: ReadonlySet<string> };
  /** Functions (and `new X` for constructors) whose result is the content of the resource their first argument names, with whether they also open URLs. */
  readonly contentReads: ReadonlyMap<string, { readonly opensUrls: boolean }>;
  readonly unlisted: UnlistedCalls;
}

export function compilePropagators(language: PropagatorLanguage): CompiledPropagators {
  const rows = PROPAGATORS.filter((r) => r.language === language);
  const names = (flow: PropagatorFlow, kind: 'method' | 'function'): ReadonlySet<string> => new Set(rows.filter((r) => r.flow === flow && r.kind === kind).flatMap((r) => r.names));
  return {
    argumentMethods: names('argument-to-result', 'method'),
    argumentFunctions: names('argument-to-result', 'function'),
    receiverWrites: names('argument-to-receiver', 'method'),
    receiverWriteFunctions: names('argument-to-receiver', 'function'),
    cleanMethods: names('none', 'method'),
    cleanFunctions: names('none', 'function'),
    assemblers: {
      functions: new Set(rows.filter((r) => r.assembles && r.kind === 'function').flatMap((r) => r.names)),
      methods: new Set(rows.filter((r) => r.assembles && r.kind === 'method').flatMap((r) => r.names)),
    },
    contentReads: new Map(rows.filter((r) => r.flow === 'content-of-argument').flatMap((r) => r.names.map((n) => [r.kind === 'constructor' ? `new ${n}` : n, { opensUrls: r.opensUrls === true }] as const))),
    unlisted: UNLISTED_CALLS[language],
  };
}
