/**
 * Taint knowledge as data: the barriers of each language and framework, that is the calls and
 * checks that make a value safe for some kinds of sink (format: barrier-spec.ts). The idioms are
 * the documented ones: OWASP's Path Traversal and Unvalidated Redirects cheat sheets (resolve the
 * path, then check its prefix; compare the host of a parsed URL to an allow-list; redirect only to
 * a path starting with a single `/`), and each platform's own API (PHP `realpath`, Go
 * `filepath.IsLocal`, Java `Path#normalize`/`File#getCanonicalPath`, Ruby `File.expand_path`,
 * Rails `url_from`/`allow_other_host`, WordPress `wp_validate_redirect`).
 *
 * Each group's examples run as tests (test/scanners/code/taint-barriers.test.ts): `bad` (no check,
 * or a check that is not a barrier) is reported by the example's rule, `good` is not, and is
 * reported again when the group is left out. Adding a barrier is an edit here, then
 * `npx vitest run test/scanners/code/taint-barriers.test.ts` and `npm run docs:rules`.
 */
import type { BarrierGroup, BarrierRule, CheckRow } from './barrier-spec.js';
import { SINK_KINDS } from './taint-spec.js';

/**
 * Which facts make a value safe for which kinds of sink, in every language the rows cover (the
 * PHP, Go, Java and Ruby engine; the JavaScript and Python engine keeps its own allow-list guards
 * and reads the host rules' kinds). A prefix check is a barrier for a path only after the path was
 * normalised (CodeQL's path sanitisers ask the same); a substring check (`strpos(…) !== false`) is
 * not an allow-list.
 */
export const BARRIER_RULES: readonly BarrierRule[] = Object.freeze([
  { title: 'a member of a collection the code holds', kinds: ['path', 'url'], all: [{ check: 'member', operand: 'trusted' }] },
  { title: 'equal to a value the code holds', kinds: ['path', 'url'], all: [{ check: 'equals', operand: 'trusted' }] },
  { title: 'matched whole by a pattern without `.`, `/` or `\\`', kinds: ['path', 'url'], all: [{ check: 'matches', operand: 'restrictive' }] },
  { title: 'approved by a validator named so (`isSafe…`, `is_allowed…`, `…_trusted?`)', kinds: ['path', 'url'], all: [{ check: 'validated' }] },
  { title: 'a local path (Go `filepath.IsLocal`)', kinds: ['path'], all: [{ check: 'local' }] },
  { title: 'normalised, then checked to start with the base directory', kinds: ['path'], all: [{ check: 'prefix', operand: 'base', normalised: 'clean' }] },
  { title: 'relative to the base and not starting with `..` (Go `filepath.Rel`)', kinds: ['path'], all: [{ check: 'prefix', operand: '..', holds: false, normalised: 'relative' }] },
  // A name without `..` cannot climb out of the directory it is appended to (`'pages/' . $f`, `filepath.Join(dir, f)`,
  // `new File(dir, f)`); an absolute name given to `Path#resolve` or `Rails.root.join` still can (not modelled).
  { title: 'checked to hold no `..`', kinds: ['path'], all: [{ check: 'contains', operand: '..', holds: false }] },
  { title: 'a URL whose host is one of a collection', kinds: ['url'], all: [{ check: 'member', operand: 'trusted', part: 'host' }] },
  { title: 'a URL whose host was compared', kinds: ['url'], all: [{ check: 'equals', part: 'host' }] },
  { title: 'a URL whose host a validator approved (Django `url_has_allowed_host_and_scheme`)', kinds: ['url'], all: [{ check: 'validated', part: 'host' }] },
  { title: 'a local path: starts with `/` and not with `//`', kinds: ['url'], all: [{ check: 'prefix', operand: '/' }, { check: 'prefix', operand: '//', holds: false }] },
  { title: 'starts with a fixed scheme, host and `/`', kinds: ['url'], all: [{ check: 'prefix', operand: 'origin' }] },
  // A number or a word of letters and digits holds nothing any sink reads as syntax.
  { title: 'a number or a word of letters and digits (PHP `is_numeric`, `ctype_digit`)', kinds: SINK_KINDS, all: [{ check: 'restricted' }] },
  { title: 'matched whole by a pattern of letters, digits and their classes only (`^[a-z0-9_-]+$`)', kinds: SINK_KINDS, all: [{ check: 'matches', operand: 'strict' }] },
  // A `case 'a': case 'b':` of a `switch` on the value, `=== 'a'`, `"a".equals(v)`: the value is one of the code's own strings.
  { title: 'equal to a constant string (a comparison, a `case` label of a `switch` on it)', kinds: SINK_KINDS, all: [{ check: 'equals', operand: 'constant' }] },
]);

/**
 * Validation functions by name: `isSafeUrl`, `IsSafeRedirect`, `is_allowed_path`, `isTrustedHost`,
 * `isLocalUrl` (not Go's `IsLocal`, a row of its own), `safe_redirect?`, `path_allowed?`, and `isValid…` only for what a redirect or a
 * path is (`isValidRedirect`, `is_valid_path`): `isValidUrl` and the like often check the format only.
 */
const VALIDATOR_NAMES =
  /^(?:[Ii]s_?)?(?:(?:[Ss]afe|[Aa]llowed|[Ww]hitelisted|[Aa]llow_?[Ll]isted|[Tt]rusted)(?:[A-Z_]\w*)?|[Ll]ocal[A-Z_]\w*)\??$|^(?:[Ii]s_?)?[Vv]alid_?(?:[Rr]edirect|[Pp]ath|[Ff]ile|[Hh]ost|[Tt]arget|[Ll]ocation|[Dd]estination|[Rr]eturn)\w*\??$|^\w+_(?:safe|allowed|trusted|local)\?$/;
const validators = (value: 0 | 'receiver' = 0): CheckRow => ({ check: 'validated', named: VALIDATOR_NAMES, value });

export const TAINT_BARRIERS: readonly BarrierGroup[] = Object.freeze([
  // PHP
  {
    title: 'PHP: URL encoding and WordPress `wp_validate_redirect`',
    language: 'php',
    sanitisers: [{ named: ['urlencode', 'rawurlencode', 'http_build_query', 'wp_validate_redirect'], kinds: ['url'] }],
    examples: [
      {
        rule: 'php-open-redirect',
        language: 'php',
        bad: "<?php\n$next = $_GET['redirect_to'];\nwp_redirect($next);\nexit;",
        good: "<?php\n$next = wp_validate_redirect($_GET['redirect_to'], home_url());\nwp_redirect($next);\nexit;",
      },
    ],
  },
  {
    title: 'PHP: file names reduced to a digest or a sanitised name',
    language: 'php',
    sanitisers: [{ named: ['sanitize_file_name', 'sanitizeFileName', 'md5', 'sha1', 'hash', 'crc32', 'uniqid'], kinds: ['path'] }],
    examples: [
      {
        rule: 'php-path-traversal',
        language: 'php',
        bad: "<?php\n$key = $_GET['key'];\n$data = file_get_contents(CACHE_DIR . '/' . $key);",
        good: "<?php\n$key = $_GET['key'];\n$data = file_get_contents(CACHE_DIR . '/' . md5($key));",
      },
    ],
  },
  {
    title: 'PHP: allow-lists, comparisons and patterns (`in_array`, `array_key_exists`, `isset($map[$x])`, `===`, `preg_match`)',
    language: 'php',
    checks: [
      { check: 'member', functions: ['in_array', 'array_key_exists'], value: 0, operand: 1 },
      { check: 'member', functions: ['array_search'], value: 0, operand: 1, result: 'found' },
      { check: 'member', functions: ['isset'], value: { key: 0 } },
      { check: 'equals', functions: ['strcmp', 'strcasecmp', 'hash_equals'], value: 0, operand: 1, result: 'zero' },
      { check: 'matches', functions: ['preg_match'], value: 1, operand: 0 },
      validators(),
    ],
    conversions: [{ functions: ['strtolower', 'strtoupper', 'mb_strtolower', 'mb_strtoupper', 'trim', 'strval'], value: 0 }],
    examples: [
      {
        rule: 'php-path-traversal',
        language: 'php',
        bad: "<?php\n$page = $_GET['page'];\nif (strpos('home,about,contact', $page) === false) {\n    http_response_code(404);\n    exit;\n}\nreadfile(__DIR__ . '/pages/' . $page . '.html');",
        good: "<?php\n$pages = ['home', 'about', 'contact'];\n$page = $_GET['page'];\nif (!in_array($page, $pages, true)) {\n    http_response_code(404);\n    exit;\n}\nreadfile(__DIR__ . '/pages/' . $page . '.html');",
      },
      {
        rule: 'php-open-redirect',
        language: 'php',
        bad: "<?php\n$target = $_GET['next'];\nheader('Location: ' . $target);",
        good: "<?php\n$targets = ['account' => '/account', 'orders' => '/orders'];\n$target = $_GET['next'];\nif (array_key_exists($target, $targets)) {\n    header('Location: ' . $target);\n}",
      },
    ],
  },
  {
    title: 'PHP: numbers and words (`is_numeric`, `ctype_digit`, `ctype_alnum`, `filter_var` with a number, boolean, IP or MAC filter)',
    language: 'php',
    checks: [
      { check: 'restricted', functions: ['is_numeric', 'ctype_digit', 'ctype_alnum', 'ctype_alpha'], value: 0 },
      // An e-mail, URL, domain or regular-expression filter admits quotes, slashes or angle brackets: not a restriction.
      {
        check: 'restricted',
        functions: ['filter_var'],
        value: 0,
        flag: { index: 1, anyOf: ['FILTER_VALIDATE_INT', 'FILTER_VALIDATE_FLOAT', 'FILTER_VALIDATE_BOOLEAN', 'FILTER_VALIDATE_BOOL', 'FILTER_VALIDATE_IP', 'FILTER_VALIDATE_MAC'] },
      },
    ],
    examples: [
      {
        rule: 'php-path-traversal',
        language: 'php',
        bad: "<?php\n$id = $_GET['invoice'];\nif (strlen($id) > 12) {\n    exit('bad invoice');\n}\nreadfile(INVOICES . '/' . $id . '.pdf');",
        good: "<?php\n$id = $_GET['invoice'];\nif (!ctype_digit($id)) {\n    exit('bad invoice');\n}\nreadfile(INVOICES . '/' . $id . '.pdf');",
      },
    ],
  },
  {
    title: 'PHP: prefix and substring checks (`str_starts_with`, `strpos(…) === 0`, `str_contains`) after `realpath`',
    language: 'php',
    checks: [
      { check: 'prefix', functions: ['str_starts_with'], value: 0, operand: 1 },
      { check: 'prefix', functions: ['strpos', 'stripos', 'strncmp', 'strncasecmp'], value: 0, operand: 1, result: 'zero' },
      { check: 'prefix', names: ['Str.startsWith'], value: 0, operand: 1 },
      { check: 'contains', functions: ['str_contains'], value: 0, operand: 1 },
      { check: 'contains', functions: ['strpos', 'stripos'], value: 0, operand: 1, result: 'found' },
      { check: 'contains', names: ['Str.contains'], value: 0, operand: 1 },
    ],
    normalisers: [{ functions: ['realpath'], value: 0 }],
    examples: [
      {
        rule: 'php-path-traversal',
        language: 'php',
        bad: "<?php\n$path = UPLOADS . '/' . $_GET['file'];\nif (!str_starts_with($path, UPLOADS)) {\n    exit('Not found');\n}\nreadfile($path);",
        good: "<?php\n$path = realpath(UPLOADS . '/' . $_GET['file']);\nif ($path === false || !str_starts_with($path, UPLOADS . '/')) {\n    exit('Not found');\n}\nreadfile($path);",
      },
      {
        rule: 'php-open-redirect',
        language: 'php',
        bad: "<?php\n$next = $_GET['next'];\nif (strpos($next, 'example.com') !== false) {\n    header('Location: ' . $next);\n    exit;\n}",
        good: "<?php\n$next = $_GET['next'];\nif (str_starts_with($next, '/') && !str_starts_with($next, '//')) {\n    header('Location: ' . $next);\n    exit;\n}",
      },
    ],
  },
  {
    title: 'PHP: URL hosts (`parse_url($u, PHP_URL_HOST)`, `parse_url($u)[\'host\']`)',
    language: 'php',
    urlParsers: [{ functions: ['parse_url'], value: 0 }],
    hostParts: ['host', 'PHP_URL_HOST'],
    examples: [
      {
        rule: 'php-open-redirect',
        language: 'php',
        bad: "<?php\n$url = $_GET['return'];\nif (parse_url($url, PHP_URL_SCHEME) === 'https') {\n    header('Location: ' . $url);\n}",
        good: "<?php\n$url = $_GET['return'];\nif (parse_url($url, PHP_URL_HOST) === 'shop.example.com') {\n    header('Location: ' . $url);\n}",
      },
    ],
  },
  {
    title: 'PHP: calls that never return (`exit`, `die`, `wp_die`)',
    language: 'php',
    exits: ['exit', 'die', 'wp_die'],
    examples: [
      {
        rule: 'php-path-traversal',
        language: 'php',
        bad: "<?php\n$name = $_GET['name'];\nif (!in_array($name, ['a.txt', 'b.txt'], true)) {\n    error_log('unknown file');\n}\nreadfile('/srv/files/' . $name);",
        good: "<?php\n$name = $_GET['name'];\nif (!in_array($name, ['a.txt', 'b.txt'], true)) {\n    wp_die('Unknown file');\n}\nreadfile('/srv/files/' . $name);",
      },
    ],
  },

  // Go
  {
    title: 'Go: URL escaping, `filepath-securejoin`, `filepath.Localize` and `filepath.Clean("/" + name)`',
    language: 'go',
    sanitisers: [
      { named: ['QueryEscape', 'PathEscape'], kinds: ['url'] },
      { named: ['SecureJoin', 'Localize'], kinds: ['path'] },
      { named: ['Clean'], kinds: ['path'], rooted: true },
    ],
    examples: [
      {
        rule: 'go-path-traversal',
        language: 'go',
        bad: 'func page(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("p")\n\tdata, _ := os.ReadFile(filepath.Join("pages", filepath.Clean(name)))\n\tw.Write(data)\n}',
        good: 'func page(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("p")\n\tdata, _ := os.ReadFile(filepath.Join("pages", filepath.Clean("/"+name)))\n\tw.Write(data)\n}',
      },
    ],
  },
  {
    title: 'Go: allow-lists and comparisons (map lookups, `slices.Contains`, `==`, `strings.EqualFold`, `regexp`)',
    language: 'go',
    checks: [
      { check: 'member', names: ['slices.Contains'], value: 1, operand: 0 },
      { check: 'equals', names: ['strings.EqualFold'], value: 0, operand: 1 },
      { check: 'matches', names: ['regexp.MatchString'], value: 1, operand: 0 },
      { check: 'matches', methods: ['MatchString'], value: 0, operand: 'receiver' },
      validators(),
    ],
    conversions: [{ names: ['strings.ToLower', 'strings.ToUpper', 'strings.TrimSpace', 'string'], value: 0 }],
    examples: [
      {
        rule: 'go-path-traversal',
        language: 'go',
        bad: 'func theme(w http.ResponseWriter, r *http.Request) {\n\tname := r.FormValue("theme")\n\tif strings.Contains(name, "dark") {\n\t\thttp.ServeFile(w, r, filepath.Join("themes", name))\n\t}\n}',
        good: 'var themes = []string{"dark", "light"}\n\nfunc theme(w http.ResponseWriter, r *http.Request) {\n\tname := r.FormValue("theme")\n\tif !slices.Contains(themes, name) {\n\t\thttp.NotFound(w, r)\n\t\treturn\n\t}\n\thttp.ServeFile(w, r, filepath.Join("themes", name))\n}',
      },
    ],
  },
  {
    title: 'Go: `filepath.Clean`/`Abs`/`Join`/`Rel` then `strings.HasPrefix`; `filepath.IsLocal`; local redirect targets',
    language: 'go',
    checks: [
      { check: 'prefix', names: ['strings.HasPrefix'], value: 0, operand: 1 },
      { check: 'contains', names: ['strings.Contains'], value: 0, operand: 1 },
      { check: 'local', names: ['filepath.IsLocal'], value: 0 },
    ],
    normalisers: [
      { names: ['filepath.Clean', 'filepath.Abs', 'filepath.EvalSymlinks', 'path.Clean'], value: 0 },
      // Join cleans its result (Go documentation of filepath.Join).
      { names: ['filepath.Join', 'path.Join'] },
      { names: ['filepath.Rel'], value: 1, relative: true },
    ],
    examples: [
      {
        rule: 'go-path-traversal',
        language: 'go',
        bad: 'func download(c *gin.Context) {\n\tp := baseDir + "/" + c.Query("f")\n\tif !strings.HasPrefix(p, baseDir) {\n\t\tc.AbortWithStatus(http.StatusForbidden)\n\t\treturn\n\t}\n\tc.File(p)\n}',
        good: 'func download(c *gin.Context) {\n\tp := filepath.Join(baseDir, c.Query("f"))\n\tif !strings.HasPrefix(p, baseDir+string(filepath.Separator)) {\n\t\tc.AbortWithStatus(http.StatusForbidden)\n\t\treturn\n\t}\n\tc.File(p)\n}',
      },
      {
        rule: 'go-path-traversal',
        language: 'go',
        bad: 'func open(w http.ResponseWriter, r *http.Request) {\n\tname := r.FormValue("name")\n\tf, err := os.Open(filepath.Join(root, name))\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer f.Close()\n\tio.Copy(w, f)\n}',
        good: 'func open(w http.ResponseWriter, r *http.Request) {\n\tname := r.FormValue("name")\n\tif !filepath.IsLocal(name) {\n\t\thttp.Error(w, "bad name", http.StatusBadRequest)\n\t\treturn\n\t}\n\tf, err := os.Open(filepath.Join(root, name))\n\tif err != nil {\n\t\treturn\n\t}\n\tdefer f.Close()\n\tio.Copy(w, f)\n}',
      },
      {
        rule: 'go-open-redirect',
        language: 'go',
        bad: 'func back(w http.ResponseWriter, r *http.Request) {\n\tnext := r.FormValue("next")\n\tif !strings.HasPrefix(next, "/") {\n\t\thttp.Error(w, "bad target", http.StatusBadRequest)\n\t\treturn\n\t}\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
        good: 'func back(w http.ResponseWriter, r *http.Request) {\n\tnext := r.FormValue("next")\n\tif !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {\n\t\thttp.Error(w, "bad target", http.StatusBadRequest)\n\t\treturn\n\t}\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
      },
    ],
  },
  {
    title: 'Go: URL hosts (`url.Parse(u)` then `.Host`/`.Hostname()`)',
    language: 'go',
    urlParsers: [{ names: ['url.Parse', 'url.ParseRequestURI'], value: 0 }],
    hostParts: ['Host', 'Hostname'],
    examples: [
      {
        rule: 'go-open-redirect',
        language: 'go',
        bad: 'func done(w http.ResponseWriter, r *http.Request) {\n\tnext := r.FormValue("next")\n\tu, err := url.Parse(next)\n\tif err != nil || u.Scheme == "javascript" {\n\t\treturn\n\t}\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
        good: 'func done(w http.ResponseWriter, r *http.Request) {\n\tnext := r.FormValue("next")\n\tu, err := url.Parse(next)\n\tif err != nil || u.Host != "" {\n\t\treturn\n\t}\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
      },
    ],
  },
  {
    title: 'Go: calls that never return (`panic`, `log.Fatal`, `os.Exit`)',
    language: 'go',
    exits: ['panic', 'log.Fatal', 'log.Fatalf', 'log.Fatalln', 'log.Panic', 'log.Panicf', 'os.Exit'],
    examples: [
      {
        rule: 'go-path-traversal',
        language: 'go',
        bad: 'func load(r *http.Request) []byte {\n\tname := r.FormValue("f")\n\tif !filepath.IsLocal(name) {\n\t\tlog.Printf("odd name %q", name)\n\t}\n\tdata, _ := os.ReadFile(filepath.Join("data", name))\n\treturn data\n}',
        good: 'func load(r *http.Request) []byte {\n\tname := r.FormValue("f")\n\tif !filepath.IsLocal(name) {\n\t\tpanic("bad name")\n\t}\n\tdata, _ := os.ReadFile(filepath.Join("data", name))\n\treturn data\n}',
      },
    ],
  },

  // Java
  {
    title: 'Java: URL encoding and file-name reducers (`URLEncoder.encode`, ESAPI, Commons IO `FilenameUtils`)',
    language: 'java',
    sanitisers: [
      { named: ['encodeForURL', 'encode'], kinds: ['url'] },
      { named: ['getFileName', 'getBaseName', 'getValidFileName', 'getValidDirectoryPath', 'normalizeFileName'], kinds: ['path'] },
    ],
    examples: [
      {
        rule: 'java-path-traversal',
        language: 'java',
        bad: 'class Avatars {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = request.getParameter("name");\n    Files.copy(Paths.get(AVATARS, name), response.getOutputStream());\n  }\n}',
        good: 'class Avatars {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = FilenameUtils.getBaseName(request.getParameter("name")) + ".png";\n    Files.copy(Paths.get(AVATARS, name), response.getOutputStream());\n  }\n}',
      },
    ],
  },
  {
    title: 'Java: allow-lists and comparisons (`Set#contains`, `Map#containsKey`, `equals`, `String#matches`, `Pattern#matcher(x).matches()`)',
    language: 'java',
    checks: [
      { check: 'member', methods: ['contains', 'containsKey'], value: 0, operand: 'receiver' },
      { check: 'equals', methods: ['equals', 'equalsIgnoreCase'], value: 'receiver', operand: 0 },
      { check: 'matches', methods: ['matches'], value: 'receiver', operand: 0, whole: true },
      { check: 'matches', names: ['Pattern.matches'], value: 1, operand: 0, whole: true },
      { check: 'matches', methods: ['matches'], via: 'matcher', value: 0, operand: 'receiver', whole: true },
      validators(),
    ],
    conversions: [
      { methods: ['toString', 'toLowerCase', 'toUpperCase', 'trim', 'strip', 'toPath', 'toFile', 'getPath', 'getAbsolutePath', 'getAbsoluteFile', 'toAbsolutePath', 'toURI', 'toUri', 'build'], value: 'receiver' },
      { names: ['String.valueOf'], value: 0 },
    ],
    examples: [
      {
        rule: 'java-open-redirect',
        language: 'java',
        bad: 'class Back extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    if (next.contains("/account")) {\n      response.sendRedirect(next);\n    }\n  }\n}',
        good: 'class Back extends HttpServlet {\n  private static final Set<String> TARGETS = Set.of("/account", "/orders");\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    if (TARGETS.contains(next)) {\n      response.sendRedirect(next);\n    }\n  }\n}',
      },
      {
        rule: 'java-path-traversal',
        language: 'java',
        bad: 'class Exports {\n  private static final Pattern NAME = Pattern.compile("[a-z0-9_-]{1,40}");\n  void delete(HttpServletRequest request) throws IOException {\n    String name = request.getParameter("name");\n    if (!NAME.matcher(name).find()) {\n      throw new IllegalArgumentException("bad name");\n    }\n    Files.delete(Paths.get(EXPORTS, name + ".csv"));\n  }\n}',
        good: 'class Exports {\n  private static final Pattern NAME = Pattern.compile("[a-z0-9_-]{1,40}");\n  void delete(HttpServletRequest request) throws IOException {\n    String name = request.getParameter("name");\n    if (!NAME.matcher(name).matches()) {\n      throw new IllegalArgumentException("bad name");\n    }\n    Files.delete(Paths.get(EXPORTS, name + ".csv"));\n  }\n}',
      },
    ],
  },
  {
    title: 'Java: canonical paths (`getCanonicalPath`, `Path#normalize`, `toRealPath`) then `startsWith`; local redirect targets',
    language: 'java',
    checks: [
      { check: 'prefix', methods: ['startsWith'], value: 'receiver', operand: 0 },
      { check: 'contains', methods: ['contains'], value: 'receiver', operand: 0 },
      { check: 'contains', methods: ['indexOf'], value: 'receiver', operand: 0, result: 'found' },
    ],
    normalisers: [{ methods: ['getCanonicalPath', 'getCanonicalFile', 'normalize', 'toRealPath'], value: 'receiver' }],
    examples: [
      {
        rule: 'java-path-traversal',
        language: 'java',
        bad: 'class Docs {\n  byte[] read(@RequestParam String name) throws IOException {\n    Path file = BASE.resolve(name);\n    if (!file.startsWith(BASE)) {\n      throw new IllegalArgumentException(name);\n    }\n    return Files.readAllBytes(file);\n  }\n}',
        good: 'class Docs {\n  byte[] read(@RequestParam String name) throws IOException {\n    Path file = BASE.resolve(name).normalize();\n    if (!file.startsWith(BASE)) {\n      throw new IllegalArgumentException(name);\n    }\n    return Files.readAllBytes(file);\n  }\n}',
      },
      {
        rule: 'java-open-redirect',
        language: 'java',
        bad: 'class Login extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    if (!next.startsWith("/")) {\n      response.sendRedirect("/");\n      return;\n    }\n    response.sendRedirect(next);\n  }\n}',
        good: 'class Login extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    if (!next.startsWith("/") || next.startsWith("//")) {\n      response.sendRedirect("/");\n      return;\n    }\n    response.sendRedirect(next);\n  }\n}',
      },
    ],
  },
  {
    title: 'Java: URL hosts (`URI.create`, `new URI`, `new URL`, Spring `UriComponentsBuilder`) then `getHost()`',
    language: 'java',
    urlParsers: [
      { names: ['URI.create', 'java.net.URI.create', 'UriComponentsBuilder.fromUriString', 'UriComponentsBuilder.fromHttpUrl'], value: 0 },
      { constructors: ['URI', 'URL'], value: 0 },
    ],
    hostParts: ['getHost', 'getAuthority'],
    examples: [
      {
        rule: 'java-open-redirect',
        language: 'java',
        bad: 'class Out {\n  String go(@RequestParam String url) {\n    URI target = URI.create(url);\n    if (!"https".equals(target.getScheme())) {\n      return "redirect:/";\n    }\n    return "redirect:" + url;\n  }\n}',
        good: 'class Out {\n  String go(@RequestParam String url) {\n    UriComponents target = UriComponentsBuilder.fromUriString(url).build();\n    if (!"docs.example.com".equals(target.getHost())) {\n      return "redirect:/";\n    }\n    return "redirect:" + url;\n  }\n}',
      },
    ],
  },
  {
    title: 'Java: calls that never return (`System.exit`)',
    language: 'java',
    exits: ['System.exit'],
    examples: [
      {
        rule: 'java-path-traversal',
        language: 'java',
        bad: 'class Cleanup {\n  void run(HttpServletRequest request) throws IOException {\n    String name = request.getParameter("f");\n    if (!ALLOWED.contains(name)) {\n      System.err.println("unknown");\n    }\n    Files.delete(Paths.get(DIR, name));\n  }\n}',
        good: 'class Cleanup {\n  void run(HttpServletRequest request) throws IOException {\n    String name = request.getParameter("f");\n    if (!ALLOWED.contains(name)) {\n      System.exit(2);\n    }\n    Files.delete(Paths.get(DIR, name));\n  }\n}',
      },
    ],
  },

  // Ruby
  {
    title: 'Ruby: URL encoding, Rails `url_from`, `only_path: true` and `allow_other_host: false`',
    language: 'ruby',
    sanitisers: [
      { named: ['escape', 'url_encode', 'encode_www_form_component', 'to_query', 'url_from'], kinds: ['url'] },
      { named: ['url_for', 'merge'], kinds: ['url'], keyword: ['only_path', 'true'] },
    ],
    safeOptions: [{ keyword: 'allow_other_host', value: 'false', kinds: ['url'] }],
    examples: [
      {
        rule: 'ruby-open-redirect',
        language: 'ruby',
        bad: 'class SessionsController < ApplicationController\n  def create\n    redirect_to params[:return_to]\n  end\nend',
        good: 'class SessionsController < ApplicationController\n  def create\n    redirect_to url_from(params[:return_to]) || root_path\n  end\nend',
      },
      {
        rule: 'ruby-open-redirect',
        language: 'ruby',
        bad: 'class PagesController < ApplicationController\n  def back\n    redirect_to params[:to], allow_other_host: true\n  end\nend',
        good: 'class PagesController < ApplicationController\n  def back\n    redirect_to params[:to], allow_other_host: false\n  end\nend',
      },
    ],
  },
  {
    title: 'Ruby: file names (`File.basename` is a sanitiser of every rule; `sanitize_filename`)',
    language: 'ruby',
    sanitisers: [{ named: ['sanitize_filename', 'sanitized', 'sanitize_file_name'], kinds: ['path'] }],
    examples: [
      {
        rule: 'ruby-path-traversal',
        language: 'ruby',
        bad: 'class ExportsController < ApplicationController\n  def show\n    send_file Rails.root.join("exports", params[:name])\n  end\nend',
        good: 'class ExportsController < ApplicationController\n  def show\n    send_file Rails.root.join("exports", sanitize_filename(params[:name]))\n  end\nend',
      },
    ],
  },
  {
    title: 'Ruby: allow-lists and comparisons (`include?`, `key?`, `==`, `match?` with `\\A…\\z`)',
    language: 'ruby',
    checks: [
      { check: 'member', methods: ['include?', 'member?', 'key?', 'has_key?'], value: 0, operand: 'receiver' },
      { check: 'equals', methods: ['eql?'], value: 'receiver', operand: 0 },
      { check: 'matches', methods: ['match?', 'match'], value: 'receiver', operand: 0 },
      { check: 'matches', methods: ['match?', 'match'], value: 0, operand: 'receiver' },
      validators(),
    ],
    conversions: [{ methods: ['to_s', 'to_str', 'downcase', 'upcase', 'strip', 'to_path'], value: 'receiver' }],
    examples: [
      {
        rule: 'ruby-path-traversal',
        language: 'ruby',
        bad: 'class ReportsController < ApplicationController\n  def show\n    name = params[:name]\n    head :not_found and return unless name =~ /^[a-z0-9_]+$/\n    send_file Rails.root.join("reports", "#{name}.pdf")\n  end\nend',
        good: 'class ReportsController < ApplicationController\n  def show\n    name = params[:name]\n    head :not_found and return unless name.match?(/\\A[a-z0-9_]+\\z/)\n    send_file Rails.root.join("reports", "#{name}.pdf")\n  end\nend',
      },
      {
        rule: 'ruby-open-redirect',
        language: 'ruby',
        bad: 'class LocaleController < ApplicationController\n  def update\n    redirect_to params[:back]\n  end\nend',
        good: 'class LocaleController < ApplicationController\n  BACK = %w[/ /account /orders].freeze\n  def update\n    redirect_to params[:back] if BACK.include?(params[:back])\n  end\nend',
      },
    ],
  },
  {
    title: 'Ruby: `File.expand_path`/`realpath`/`Pathname#cleanpath` then `start_with?`; local redirect targets',
    language: 'ruby',
    checks: [
      { check: 'prefix', methods: ['start_with?'], value: 'receiver', operand: 0 },
      { check: 'contains', methods: ['include?'], value: 'receiver', operand: 0 },
    ],
    normalisers: [
      { names: ['File.expand_path', 'File.realpath', 'File.absolute_path'], value: 0 },
      { methods: ['cleanpath', 'realpath', 'expand_path'], value: 'receiver' },
    ],
    examples: [
      {
        rule: 'ruby-path-traversal',
        language: 'ruby',
        bad: 'class DocsController < ApplicationController\n  def show\n    path = File.join(DOCS, params[:page])\n    raise ActionController::BadRequest unless path.start_with?(DOCS)\n    send_file path\n  end\nend',
        good: 'class DocsController < ApplicationController\n  def show\n    path = File.expand_path(params[:page], DOCS)\n    raise ActionController::BadRequest unless path.start_with?("#{DOCS}/")\n    send_file path\n  end\nend',
      },
      {
        rule: 'ruby-open-redirect',
        language: 'ruby',
        bad: 'class ReturnsController < ApplicationController\n  def show\n    target = params[:to].to_s\n    redirect_to target if target.start_with?("/")\n  end\nend',
        good: 'class ReturnsController < ApplicationController\n  def show\n    target = params[:to].to_s\n    redirect_to target if target.start_with?("/") && !target.start_with?("//")\n  end\nend',
      },
    ],
  },
  {
    title: 'Ruby: URL hosts (`URI.parse(u).host`, `URI(u).host`)',
    language: 'ruby',
    urlParsers: [{ names: ['URI.parse', 'Addressable::URI.parse'], functions: ['URI'], value: 0 }],
    hostParts: ['host', 'hostname'],
    examples: [
      {
        rule: 'ruby-open-redirect',
        language: 'ruby',
        bad: 'class OutController < ApplicationController\n  def show\n    redirect_to params[:url], allow_other_host: true if URI.parse(params[:url]).scheme == "https"\n  end\nend',
        good: 'class OutController < ApplicationController\n  def show\n    redirect_to params[:url], allow_other_host: true if URI.parse(params[:url]).host == "docs.example.com"\n  end\nend',
      },
    ],
  },
  {
    title: 'Ruby: calls that never return (`raise`, `fail`, `exit`, `abort`, Sinatra `halt`)',
    language: 'ruby',
    exits: ['raise', 'fail', 'exit', 'exit!', 'abort', 'halt'],
    examples: [
      {
        rule: 'ruby-path-traversal',
        language: 'ruby',
        bad: "get '/files/:name' do\n  name = params[:name]\n  logger.warn('odd name') unless %w[a.txt b.txt].include?(name)\n  send_file File.join(settings.files, name)\nend",
        good: "get '/files/:name' do\n  name = params[:name]\n  halt 404 unless %w[a.txt b.txt].include?(name)\n  send_file File.join(settings.files, name)\nend",
      },
    ],
  },

  // JavaScript and Python (their engine reads the URL parsers, host parts and host validators).
  {
    title: 'Python: URL hosts (`urlparse(u).netloc`, `.hostname`) and Django `url_has_allowed_host_and_scheme`',
    language: 'python',
    checks: [{ check: 'validated', part: 'host', names: ['url_has_allowed_host_and_scheme', 'django.utils.http.url_has_allowed_host_and_scheme', 'is_safe_url', 'django.utils.http.is_safe_url'], value: 0 }],
    urlParsers: [{ names: ['urllib.parse.urlparse', 'urlparse', 'urllib.parse.urlsplit', 'urlsplit', 'urlparse.urlparse'], value: 0 }],
    hostParts: ['netloc', 'hostname'],
    examples: [
      {
        rule: 'open-redirect',
        language: 'python',
        bad: "from django.shortcuts import redirect\n\ndef login_done(request):\n    return redirect(request.GET.get('next', '/'))",
        good: "from django.shortcuts import redirect\nfrom django.utils.http import url_has_allowed_host_and_scheme\n\ndef login_done(request):\n    target = request.GET.get('next', '/')\n    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):\n        return redirect('/')\n    return redirect(target)",
      },
    ],
  },
  {
    title: 'JavaScript: URL hosts (`new URL(u).host`, `.hostname`, `.origin`)',
    language: 'js',
    urlParsers: [{ names: ['URL', 'url.parse', 'parse'], constructors: ['URL'], value: 0 }],
    hostParts: ['host', 'hostname', 'origin'],
    examples: [
      {
        rule: 'open-redirect',
        language: 'javascript',
        bad: "app.get('/out', (req, res) => {\n  const target = req.query.url;\n  res.redirect(target);\n});",
        good: "app.get('/out', (req, res) => {\n  const target = req.query.url;\n  if (new URL(target).hostname !== 'docs.example.com') return res.redirect('/');\n  res.redirect(target);\n});",
      },
    ],
  },
]);
