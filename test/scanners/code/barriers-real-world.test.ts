/**
 * Guards as written in real PHP, Go, Java and Ruby code, read by the barrier rows: each safe
 * variant gives no finding of the rule, each unguarded or wrongly guarded variant gives one. The
 * wrong guards are the usual mistakes: a prefix check of a path that was not normalised, a
 * substring check taken for an allow-list, a scheme block list, a check of another value, a
 * check that does not leave, a value reassigned after its check, Ruby `^`/`$` anchors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scanner } from '../../../src/scanners/code/scanner.js';

interface Case {
  readonly name: string;
  readonly rule: string;
  readonly path: string;
  readonly code: string;
}

const php = (...lines: string[]) => `<?php\n${lines.join('\n')}\n`;
const go = (...lines: string[]) => `package main\n\nfunc handle(w http.ResponseWriter, r *http.Request) {\n${lines.map((l) => `\t${l}`).join('\n')}\n}\n`;
const java = (...lines: string[]) => `class C extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n${lines.map((l) => `    ${l}`).join('\n')}\n  }\n}\n`;
const ruby = (...lines: string[]) => `class ThingsController < ApplicationController\n  def show\n${lines.map((l) => `    ${l}`).join('\n')}\n  end\nend\n`;

const SAFE: readonly Case[] = [
  // PHP
  { name: 'PHP realpath then strpos(…) === 0, inside a function', rule: 'php-path-traversal', path: 'a.php', code: php('function show() {', "  $real = realpath(BASE . $_GET['f']);", '  if (strpos($real, BASE) !== 0) { exit; }', '  readfile($real);', '}') },
  { name: 'PHP realpath checked in the condition, the joined path read', rule: 'php-path-traversal', path: 'a.php', code: php("$path = UPLOADS . '/' . $_GET['file'];", "if (!str_starts_with(realpath($path), UPLOADS . '/')) {", "    die('Forbidden');", '}', 'readfile($path);') },
  { name: 'PHP in_array allow-list around the read', rule: 'php-path-traversal', path: 'a.php', code: php("$lang = $_COOKIE['lang'];", "if (in_array($lang, ['en', 'fr', 'de'], true)) {", "    $strings = parse_ini_file(__DIR__ . \"/lang/$lang.ini\");", '}') },
  { name: 'PHP isset($map[$x]) before the read', rule: 'php-path-traversal', path: 'a.php', code: php("$templates = ['home' => 1, 'faq' => 1];", "$name = $_GET['t'];", 'if (!isset($templates[$name])) {', '    http_response_code(404);', '    exit;', '}', "readfile(__DIR__ . '/t/' . $name . '.html');") },
  { name: 'PHP extension checked by equalities joined with ||, file name a digest (DVWA impossible upload)', rule: 'php-path-traversal', path: 'a.php', code: php("$name = $_FILES['f']['name'];", "$ext = substr($name, strrpos($name, '.') + 1);", "$target = 'uploads/' . md5(uniqid() . $name) . '.' . $ext;", "if (strtolower($ext) == 'jpg' || strtolower($ext) == 'png') {", "    move_uploaded_file($_FILES['f']['tmp_name'], $target);", '}') },
  { name: 'PHP a restrictive preg_match that exits', rule: 'php-path-traversal', path: 'a.php', code: php("$id = $_GET['id'];", "if (!preg_match('/^[a-z0-9_-]+$/', $id)) {", '    exit;', '}', "unlink(CACHE . '/' . $id . '.json');") },
  { name: 'PHP host from parse_url held in a variable, on an allow-list', rule: 'php-open-redirect', path: 'a.php', code: php("$url = $_GET['return'];", '$host = parse_url($url, PHP_URL_HOST);', "if (!in_array($host, ['shop.example.com', 'help.example.com'], true)) {", "    header('Location: /');", '    exit;', '}', "header('Location: ' . $url);") },
  { name: 'PHP a local path: strpos(…, "/") === 0 and not "//"', rule: 'php-open-redirect', path: 'a.php', code: php("$next = $_POST['next'];", "if (strpos($next, '/') === 0 && strpos($next, '//') !== 0) {", "    header('Location: ' . $next);", '}') },
  { name: 'PHP a ternary that picks the allow-listed value or a default', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "$page = in_array($p, ['home', 'faq'], true) ? $p : 'home';", "readfile(__DIR__ . '/pages/' . $page . '.html');") },
  { name: 'PHP a ternary whose condition reads the request, whose branches are constants', rule: 'php-path-traversal', path: 'a.php', code: php("$theme = isset($_GET['dark']) ? 'dark' : 'light';", "readfile(__DIR__ . '/themes/' . $theme . '.css');") },
  { name: 'PHP a fixed origin checked with str_starts_with', rule: 'php-open-redirect', path: 'a.php', code: php("$to = $_GET['to'];", "if (str_starts_with($to, 'https://shop.example.com/')) {", '    return redirect($to);', '}') },
  { name: 'PHP SSRF: host on an allow-list', rule: 'php-ssrf', path: 'a.php', code: php("$feed = $_GET['feed_url'];", "if (!in_array(parse_url($feed, PHP_URL_HOST), ['feeds.example.com'], true)) {", '    exit;', '}', '$ch = curl_init($feed);') },
  // Go
  { name: 'Go comma-ok lookup in an allow-list map', rule: 'go-path-traversal', path: 'main.go', code: go('name := r.URL.Query().Get("doc")', 'if _, ok := docs[name]; !ok {', '\thttp.NotFound(w, r)', '\treturn', '}', 'http.ServeFile(w, r, filepath.Join("docs", name))') },
  { name: 'Go bool map lookup', rule: 'go-path-traversal', path: 'main.go', code: go('name := r.FormValue("f")', 'if !allowedFiles[name] {', '\treturn', '}', 'os.Remove(filepath.Join(dir, name))') },
  { name: 'Go filepath.Abs then strings.HasPrefix', rule: 'go-path-traversal', path: 'main.go', code: go('p, err := filepath.Abs(filepath.Join(root, r.FormValue("f")))', 'if err != nil || !strings.HasPrefix(p, root+string(os.PathSeparator)) {', '\thttp.Error(w, "bad path", http.StatusBadRequest)', '\treturn', '}', 'data, _ := os.ReadFile(p)', 'w.Write(data)') },
  { name: 'Go filepath.Rel not starting with ..', rule: 'go-path-traversal', path: 'main.go', code: go('target := filepath.Join(root, r.FormValue("f"))', 'rel, err := filepath.Rel(root, target)', 'if err != nil || strings.HasPrefix(rel, "..") {', '\treturn', '}', 'os.Remove(target)') },
  { name: 'Go url.Parse, the host held in a variable and compared', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'u, err := url.Parse(next)', 'if err != nil {', '\treturn', '}', 'host := u.Hostname()', 'if host != "app.example.com" {', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusFound)') },
  { name: 'Go a boolean holding a check', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'local := strings.HasPrefix(next, "/") && !strings.HasPrefix(next, "//")', 'if !local {', '\tnext = "/"', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusSeeOther)') },
  { name: 'Go a validator named so (IsSafeRedirect)', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'if !IsSafeRedirect(next) {', '\tnext = "/"', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusFound)') },
  { name: 'Go SSRF: host compared', rule: 'go-ssrf', path: 'main.go', code: go('u, err := url.Parse(r.FormValue("url"))', 'if err != nil || u.Host != "api.example.com" {', '\treturn', '}', 'resp, _ := http.Get(u.String())', 'io.Copy(w, resp.Body)') },
  // Java
  { name: 'Java Path#normalize then startsWith, throwing', rule: 'java-path-traversal', path: 'C.java', code: java('Path p = ROOT.resolve(request.getParameter("f")).normalize();', 'if (!p.startsWith(ROOT)) {', '  throw new SecurityException("outside root");', '}', 'Files.copy(p, response.getOutputStream());') },
  { name: 'Java getCanonicalFile then startsWith inside the branch', rule: 'java-path-traversal', path: 'C.java', code: java('File f = new File(BASE, request.getParameter("f")).getCanonicalFile();', 'if (f.getPath().startsWith(BASE_PATH)) {', '  Files.copy(f.toPath(), response.getOutputStream());', '}') },
  { name: 'PHP `..` refused before the name is appended to a directory', rule: 'php-path-traversal', path: 'a.php', code: php("$f = $_GET['f'];", "if (str_contains($f, '..')) {", "    die('Invalid');", '}', "readfile('docs/' . $f);") },
  { name: 'Java a `..` check together with a prefix check', rule: 'java-path-traversal', path: 'C.java', code: java('String name = request.getParameter("f");', 'if (name.contains("..") || !name.startsWith("reports/")) {', '  response.sendError(400);', '  return;', '}', 'Files.delete(Paths.get(DATA, name));') },
  { name: 'Java String#matches of a restrictive pattern', rule: 'java-path-traversal', path: 'C.java', code: java('String id = request.getParameter("id");', 'if (!id.matches("[A-Za-z0-9_-]{1,40}")) {', '  throw new IllegalArgumentException();', '}', 'new FileInputStream(DIR + "/" + id + ".json").transferTo(response.getOutputStream());') },
  { name: 'Java URI host on an allow-list', rule: 'java-open-redirect', path: 'C.java', code: java('String target = request.getParameter("target");', 'String host = URI.create(target).getHost();', 'if (!ALLOWED_HOSTS.contains(host)) {', '  response.sendRedirect("/");', '  return;', '}', 'response.sendRedirect(target);') },
  { name: 'Java the lower-cased host of a URI compared', rule: 'java-open-redirect', path: 'C.java', code: java('String t = request.getParameter("t");', 'if (!"docs.example.com".equals(new URI(t).getHost().toLowerCase())) {', '  throw new IllegalArgumentException(t);', '}', 'response.sendRedirect(t);') },
  { name: 'Java equals a constant', rule: 'java-open-redirect', path: 'C.java', code: java('String to = request.getParameter("to");', 'if ("/account".equals(to) || "/orders".equals(to)) {', '  response.sendRedirect(to);', '}') },
  // Ruby
  { name: 'Ruby File.expand_path then start_with? (raise unless)', rule: 'ruby-path-traversal', path: 'a.rb', code: ruby('full = File.expand_path(params[:doc], DOCS)', 'raise ActionController::BadRequest unless full.start_with?(DOCS + "/")', 'send_file full') },
  { name: 'Ruby Pathname#cleanpath checked in an if', rule: 'ruby-path-traversal', path: 'a.rb', code: ruby('path = Rails.root.join("public", params[:f]).cleanpath', 'if path.to_s.start_with?(Rails.root.join("public").to_s)', '  send_file path', 'end') },
  { name: 'Ruby allow-list with include? and unless … end', rule: 'ruby-path-traversal', path: 'a.rb', code: ruby('name = params[:name]', 'unless %w[terms privacy].include?(name)', '  head :not_found', '  return', 'end', 'render file: Rails.root.join("pages", "#{name}.html")') },
  { name: 'Ruby URI host compared to the request host', rule: 'ruby-open-redirect', path: 'a.rb', code: ruby('back = params[:back].to_s', 'return redirect_to(root_path) unless URI.parse(back).host == request.host', 'redirect_to back') },
  { name: 'Ruby url_for(only_path: true)', rule: 'ruby-open-redirect', path: 'a.rb', code: ruby('redirect_to url_for(params.permit(:page, :sort).merge(only_path: true))') },
  { name: 'Ruby allow_other_host: false', rule: 'ruby-open-redirect', path: 'a.rb', code: ruby('redirect_to params[:return_to], allow_other_host: false') },
];

const UNSAFE: readonly Case[] = [
  // PHP
  { name: 'PHP prefix check of a path that was not normalised', rule: 'php-path-traversal', path: 'a.php', code: php("$path = BASE . '/' . $_GET['f'];", 'if (strpos($path, BASE) !== 0) { exit; }', 'readfile($path);') },
  { name: 'PHP realpath with a substring check (strpos !== false)', rule: 'php-path-traversal', path: 'a.php', code: php("$real = realpath(BASE . $_GET['f']);", "if (strpos($real, 'uploads') === false) { exit; }", 'readfile($real);') },
  { name: 'PHP substring check taken for an allow-list (DVWA high)', rule: 'php-open-redirect', path: 'a.php', code: php("if (strpos($_GET['redirect'], 'info.php') !== false) {", "    header('location: ' . $_GET['redirect']);", '    exit;', '}') },
  { name: 'PHP scheme block list (DVWA medium: //host passes)', rule: 'php-open-redirect', path: 'a.php', code: php("if (preg_match('/http:\\/\\/|https:\\/\\//i', $_GET['redirect'])) {", '    exit;', '} else {', "    header('location: ' . $_GET['redirect']);", '}') },
  { name: 'PHP the check is on another value', rule: 'php-path-traversal', path: 'a.php', code: php("if (in_array($_GET['a'], $allowed, true)) {", "    readfile('/srv/' . $_GET['b']);", '}') },
  { name: 'PHP the check comes after the sink', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "readfile('/srv/' . $p);", "if (!in_array($p, ['a', 'b'], true)) { exit; }") },
  { name: 'PHP the value is reassigned after its check', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "if (!in_array($p, ['a', 'b'], true)) { exit; }", "$p = $_GET['other'];", "readfile('/srv/' . $p);") },
  { name: 'PHP a check that does not leave', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "if (!in_array($p, ['a', 'b'], true)) { error_log('odd'); }", "readfile('/srv/' . $p);") },
  { name: 'PHP an allow-list the request controls', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "if (in_array($p, $_GET['allowed'])) {", "    readfile('/srv/' . $p);", '}') },
  { name: 'PHP array_key_exists of the request key, not of the value (DVWA view_source)', rule: 'php-path-traversal', path: 'a.php', code: php("if (array_key_exists('id', $_GET)) {", "    $id = $_GET['id'];", '    $source = file_get_contents("vulnerabilities/{$id}/source/low.php");', '}') },
  { name: "PHP `?:` (the value is the condition's)", rule: 'php-path-traversal', path: 'a.php', code: php("$page = $_GET['page'] ?: 'home';", "readfile(__DIR__ . '/pages/' . $page);") },
  { name: 'PHP a ternary whose branch is the unchecked value', rule: 'php-path-traversal', path: 'a.php', code: php("$p = $_GET['p'];", "$page = strlen($p) > 0 ? $p : 'home';", "readfile(__DIR__ . '/pages/' . $page);") },
  { name: 'PHP a fixed host prefix without the slash after it', rule: 'php-open-redirect', path: 'a.php', code: php("$to = $_GET['to'];", "if (str_starts_with($to, 'https://shop.example.com')) {", '    return redirect($to);', '}') },
  // Go
  { name: 'PHP a `..` check that does not refuse (the branch runs when `..` is there)', rule: 'php-path-traversal', path: 'a.php', code: php("$f = $_GET['f'];", "if (str_contains($f, '..')) {", "    readfile('docs/' . $f);", '}') },
  { name: 'Go HasPrefix of a concatenated path', rule: 'go-path-traversal', path: 'main.go', code: go('p := root + "/" + r.FormValue("f")', 'if !strings.HasPrefix(p, root) {', '\treturn', '}', 'os.Remove(p)') },
  { name: 'Go a slash prefix alone (//host passes)', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'if !strings.HasPrefix(next, "/") {', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusFound)') },
  { name: 'Go u.IsAbs() refused (//host is not absolute)', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'u, err := url.Parse(next)', 'if err != nil || u.IsAbs() {', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusFound)') },
  { name: 'Go strings.Contains of the domain', rule: 'go-open-redirect', path: 'main.go', code: go('next := r.FormValue("next")', 'if !strings.Contains(next, "example.com") {', '\treturn', '}', 'http.Redirect(w, r, next, http.StatusFound)') },
  // Java
  { name: 'Java startsWith of a path that was not normalised', rule: 'java-path-traversal', path: 'C.java', code: java('File f = new File(BASE, request.getParameter("f"));', 'if (!f.getPath().startsWith(BASE)) {', '  return;', '}', 'Files.copy(f.toPath(), response.getOutputStream());') },
  { name: 'Java a file-name pattern that admits `..`', rule: 'java-path-traversal', path: 'C.java', code: java('String name = request.getParameter("f");', 'if (!name.matches("[\\\\w.-]+")) {', '  return;', '}', 'Files.delete(Paths.get(DATA, name));') },
  { name: 'Java a slash prefix alone', rule: 'java-open-redirect', path: 'C.java', code: java('String t = request.getParameter("t");', 'if (!t.startsWith("/")) return;', 'response.sendRedirect(t);') },
  { name: 'Java a format validator (isValidUrl) is no redirect check', rule: 'java-open-redirect', path: 'C.java', code: java('String t = request.getParameter("t");', 'if (!UrlValidator.isValidUrl(t)) return;', 'response.sendRedirect(t);') },
  { name: 'Java the URI scheme checked, not the host', rule: 'java-open-redirect', path: 'C.java', code: java('String t = request.getParameter("t");', 'if (!"https".equals(URI.create(t).getScheme())) return;', 'response.sendRedirect(t);') },
  // Ruby
  { name: 'Ruby File.join then start_with?', rule: 'ruby-path-traversal', path: 'a.rb', code: ruby('path = File.join(DOCS, params[:doc])', 'raise ActionController::BadRequest unless path.start_with?(DOCS)', 'send_file path') },
  { name: 'Ruby `^`/`$` anchors (a second line passes)', rule: 'ruby-path-traversal', path: 'a.rb', code: ruby('name = params[:name]', 'head :bad_request and return unless name =~ /^[a-z]+$/', 'send_file "/srv/files/#{name}"') },
  { name: 'Ruby include? of the domain in the URL', rule: 'ruby-open-redirect', path: 'a.rb', code: ruby('redirect_to params[:url] if params[:url].include?("example.com")') },
  { name: 'Ruby allow_other_host: true', rule: 'ruby-open-redirect', path: 'a.rb', code: ruby('redirect_to params[:url], allow_other_host: true') },
];

beforeAll(async () => {
  await scanner.init?.();
});

const findings = (c: Case) => scanner.scanFile({ path: `src/${c.path}`, text: c.code }).filter((f) => f.ruleId === c.rule);

describe('barriers in real-world code', () => {
  it.each(SAFE.map((c) => [c.name, c] as const))('safe: %s', (_name, c) => {
    expect(findings(c)).toEqual([]);
  });

  it.each(UNSAFE.map((c) => [c.name, c] as const))('reported: %s', (_name, c) => {
    expect(findings(c)).toHaveLength(1);
  });
});

/**
 * Checks that leave a value nothing any sink reads as syntax (PHP `is_numeric`, `ctype_digit`, a
 * `preg_match` of letters, digits and their classes only, `filter_var` with a number, boolean, IP or MAC
 * filter), as barrier rows: no proven flow of the
 * value reaches a SQL, shell or HTML sink where they held. (A query or command still built from a
 * non-constant value stays reported as such, at the lower confidence.) The wrong variants: an
 * unanchored or wildcard pattern, `/m` (`$` matches before a line break), a blank or quote in the
 * class, another value checked, a check that does not leave, the value reassigned after it, and
 * `filter_var` with an e-mail or URL filter or none (they let quotes through).
 */
const proven = (c: Case) => findings(c).filter((f) => f.confidence >= 0.75);

const RESTRICTED_SAFE: readonly Case[] = [
  { name: 'DVWA impossible: is_numeric around the query', rule: 'php-sql-injection', path: 'a.php', code: php("$id = $_GET['id'];", 'if (is_numeric($id)) {', "    $query = \"SELECT first_name, last_name FROM users WHERE user_id = '$id' LIMIT 1;\";", "    $result = mysqli_query($GLOBALS['___mysqli_ston'], $query);", '}') },
  { name: 'ctype_digit refused, then the page echoed', rule: 'php-xss', path: 'a.php', code: php("if (!ctype_digit($_GET['page'])) {", "    exit('bad page');", '}', "echo '<p>Page ' . $_GET['page'] . '</p>';") },
  { name: 'is_numeric failed: the else branch', rule: 'php-xss', path: 'a.php', code: php("if (!is_numeric($_GET['id'])) {", "    echo 'bad id';", '} else {', "    echo '<p>User ' . $_GET['id'] . '</p>';", '}') },
  { name: 'a strict pattern before a shell command', rule: 'php-command-injection', path: 'a.php', code: php("$n = $_POST['count'];", "if (preg_match('/^\\d{1,2}$/', $n)) {", "    echo shell_exec('ping -c ' . $n . ' 127.0.0.1');", '}') },
  { name: 'a strict pattern with other delimiters and a matches array', rule: 'php-xss', path: 'a.php', code: php("if (preg_match('#^[a-z0-9_-]{3,20}$#i', $_GET['user'], $m)) {", "    echo 'Hello ' . $_GET['user'];", '}') },
  { name: 'ctype_alnum on the request key, the key read in the branch', rule: 'php-xss', path: 'a.php', code: php("if (isset($_GET['tab']) && ctype_alnum($_GET['tab'])) {", "    echo \"<div id='{$_GET['tab']}'>\";", '}') },
  { name: 'filter_var with FILTER_VALIDATE_INT refused, then the query', rule: 'php-sql-injection', path: 'a.php', code: php("$id = $_GET['id'];", 'if (filter_var($id, FILTER_VALIDATE_INT) === false) {', "    exit('bad id');", '}', "mysqli_query($db, \"SELECT * FROM orders WHERE id = '$id'\");") },
  { name: 'filter_var with a namespaced FILTER_VALIDATE_IP before ping', rule: 'php-command-injection', path: 'a.php', code: php("$host = $_POST['ip'];", 'if (filter_var($host, \\FILTER_VALIDATE_IP)) {', "    echo shell_exec('ping -c 1 ' . $host);", '}') },
];

const RESTRICTED_UNSAFE: readonly Case[] = [
  { name: 'a pattern anchored at the start only', rule: 'php-xss', path: 'a.php', code: php("if (preg_match('/^[a-z0-9]+/', $_GET['q'])) {", "    echo 'Results for ' . $_GET['q'];", '}') },
  { name: 'a wildcard pattern', rule: 'php-xss', path: 'a.php', code: php("if (preg_match('/^.+$/', $_GET['q'])) {", "    echo 'Results for ' . $_GET['q'];", '}') },
  { name: '`/m`: `$` matches before a line break', rule: 'php-xss', path: 'a.php', code: php("if (preg_match('/^\\d+$/m', $_GET['n'])) {", "    echo 'Item ' . $_GET['n'];", '}') },
  { name: 'a blank and a quote in the class', rule: 'php-sql-injection', path: 'a.php', code: php("$name = $_GET['name'];", "if (preg_match(\"/^[\\w '-]+$/\", $name)) {", "    mysqli_query($db, \"SELECT * FROM users WHERE name = '$name'\");", '}') },
  { name: 'another value checked', rule: 'php-xss', path: 'a.php', code: php("if (is_numeric($_GET['a'])) {", "    echo $_GET['b'];", '}') },
  { name: 'a check that does not leave', rule: 'php-xss', path: 'a.php', code: php("$id = $_GET['id'];", "if (!is_numeric($id)) { error_log('odd id'); }", "echo '<p>' . $id . '</p>';") },
  { name: 'the value reassigned after its check', rule: 'php-sql-injection', path: 'a.php', code: php("$id = $_GET['id'];", 'if (is_numeric($id)) {', "    $id = $_GET['name'];", "    mysqli_query($db, \"SELECT * FROM users WHERE id = '$id'\");", '}') },
  { name: "filter_var with FILTER_VALIDATE_EMAIL: an address may hold a quote (o'brien@example.com)", rule: 'php-sql-injection', path: 'a.php', code: php("$email = $_POST['email'];", 'if (filter_var($email, FILTER_VALIDATE_EMAIL)) {', "    mysqli_query($db, \"SELECT * FROM users WHERE email = '$email'\");", '}') },
  { name: 'filter_var with FILTER_VALIDATE_URL: a javascript: or quoted URL passes', rule: 'php-xss', path: 'a.php', code: php("$site = $_GET['site'];", 'if (filter_var($site, FILTER_VALIDATE_URL)) {', "    echo \"<a href='$site'>site</a>\";", '}') },
  { name: 'filter_var with no filter (FILTER_DEFAULT keeps the text as it is)', rule: 'php-xss', path: 'a.php', code: php("$q = $_GET['q'];", 'if (filter_var($q)) {', "    echo 'Results for ' . $q;", '}') },
];

describe('PHP numbers and strict patterns, for every kind of sink', () => {
  it.each(RESTRICTED_SAFE.map((c) => [c.name, c] as const))('no flow: %s', (_name, c) => {
    expect(proven(c)).toEqual([]);
  });

  it.each(RESTRICTED_UNSAFE.map((c) => [c.name, c] as const))('reported: %s', (_name, c) => {
    expect(proven(c)).toHaveLength(1);
  });
});
