import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const php = (...lines: string[]) => `<?php\n${lines.join('\n')}\n`;
const lines = (findings: readonly { line: number }[]) => findings.map((f) => f.line);

describe('PHP cross-language rules', () => {
  it('splits file functions between path traversal (file names) and SSRF (URLs)', async () => {
    const code = php("$page = $_GET['page'];", "readfile('pages/' . $page);", "$feed = file_get_contents($_GET['feed_url']);", "unlink(CACHE_DIR . md5($_GET['key']));", "$ok = file_get_contents('pages/' . basename($_GET['p']));");
    const findings = await scan('a.php', code);
    expect(lines(byRule(findings, 'php-path-traversal'))).toEqual([3]);
    expect(lines(byRule(findings, 'php-ssrf'))).toEqual([4]);
  });

  it('does not report a realpath prefix check or code inside other functions', async () => {
    const code = php('function show() {', "  $real = realpath(BASE . $_GET['f']);", '  if (strpos($real, BASE) !== 0) { exit; }', '  readfile($real);', '}', "include 'footer.php';");
    expect(byRule(await scan('a.php', code), 'php-path-traversal')).toEqual([]);
  });

  it('reports cURL targets from the request, not constant origins', async () => {
    const code = php("$ch = curl_init();", "curl_setopt($ch, CURLOPT_URL, $_POST['webhook']);", "curl_setopt($ch, CURLOPT_URL, 'https://api.example.com/v1/items/' . urlencode($_GET['id']));", "curl_setopt_array($ch, [CURLOPT_URL => $_REQUEST['u']]);");
    expect(lines(byRule(await scan('a.php', code), 'php-ssrf'))).toEqual([3, 5]);
  });

  it('reports echo, print and short tags of request data, not escaped, numeric or JSON output', async () => {
    const code = `<?php $q = $_GET['q']; ?>\n<p><?= $q ?></p>\n<p><?= htmlspecialchars($q, ENT_QUOTES) ?></p>\n<?php\necho 'Page ' . (int) $_GET['page'];\nprint 'Hi ' . $_POST['name'];\necho $row['title'];\nfunction api() {\n  header('Content-Type: application/json');\n  echo json_encode(['q' => $_GET['q']]);\n}\n`;
    expect(lines(byRule(await scan('a.php', code), 'php-xss'))).toEqual([2, 6]);
  });

  it('reports markup built from request data for a layout to print, with less confidence', async () => {
    const code = php("if (isset($_GET['name'])) {", "  $html .= '<pre>';", "  $html .= 'Hello ' . $_GET['name'];", "  $safe = htmlspecialchars($_GET['name']);", '  $html .= "<pre>Hello {$safe}</pre>";', "  $sql = 'SELECT * FROM t WHERE id = ' . (int) $_GET['id'];", '}');
    expect(byRule(await scan('a.php', code), 'php-xss').map((f) => [f.line, f.confidence])).toEqual([[4, 0.6]]);
  });

  it('does not read a comparison or a tag-removing replacement as markup written into a variable', async () => {
    const code = php(
      "$pass = $_POST['pass'];",
      "if ($pass == $conf) { $html .= '<pre>Passwords match</pre>'; }",
      "$name = str_replace('<script>', '', $_POST['name']);",
      "$query = \"INSERT INTO book (name) VALUES ('\" . addslashes($name) . \"')\";",
      "$html .= '<p>Hello ' . $_POST['who'] . '</p>';",
    );
    expect(lines(byRule(await scan('a.php', code), 'php-xss'))).toEqual([6]);
  });

  it('reports uploads stored under the client file name, not under a server-generated name', async () => {
    const code = php(
      "$target = 'uploads/' . basename($_FILES['f']['name']);",
      "move_uploaded_file($_FILES['f']['tmp_name'], $target);",
      "$name = $_FILES['g']['name'];",
      "move_uploaded_file($_FILES['g']['tmp_name'], 'uploads/' . $name);",
      "$ext = pathinfo($_FILES['h']['name'], PATHINFO_EXTENSION);",
      "move_uploaded_file($_FILES['h']['tmp_name'], 'uploads/' . md5(uniqid()) . '.png');",
      "move_uploaded_file($_FILES['h']['tmp_name'], 'uploads/' . bin2hex(random_bytes(16)) . '.' . $ext);",
    );
    expect(lines(byRule(await scan('a.php', code), 'php-unrestricted-upload'))).toEqual([3, 5]);
  });

  it('treats $_SERVER entries the server sets (script name, server name, peer address) as not request data', async () => {
    const code = php(
      "echo '<a href=\"//' . $_SERVER['SERVER_NAME'] . '/help\">';",
      "$base = str_replace('setup.php', '', $_SERVER['SCRIPT_NAME']);",
      "mysqli_query($db, \"INSERT INTO users VALUES ('{$base}avatar.jpg')\");",
      "echo '<form action=\"' . $_SERVER['PHP_SELF'] . '\">';",
      "echo 'Host: ' . $_SERVER['HTTP_HOST'];",
    );
    const findings = await scan('a.php', code);
    expect(lines(byRule(findings, 'php-xss'))).toEqual([5, 6]);
    expect(byRule(findings, 'php-sql-injection').map((f) => f.severity)).toEqual(['MEDIUM']);
  });

  it('does not report request data in a branch where an anchored regex or is_numeric proved it restricted', async () => {
    const code = php(
      "if (!preg_match('/^\\d+$/', $_GET['id'])) {",
      "  echo 'bad id';",
      '} else {',
      "  echo '<p>User ' . $_GET['id'] . '</p>';",
      '}',
      "if (is_numeric($_GET['n']) && preg_match('/^[a-z]+$/', $_GET['s'])) {",
      "  echo $_GET['n'] . $_GET['s'];",
      "  echo $_GET['other'];",
      '}',
      "if (preg_match('/^.*$/', $_GET['t'])) { echo $_GET['t']; }",
    );
    expect(lines(byRule(await scan('a.php', code), 'php-xss'))).toEqual([9, 11]);
  });

  it('reports Location headers built from request data, not fixed local targets', async () => {
    const code = php("header('Location: ' . $_GET['next']);", "header('Location: /login.php?next=' . urlencode($_SERVER['REQUEST_URI']));", "header('Location: index.php?msg=' . $_GET['m']);", "if (in_array($_GET['to'], $allowed, true)) { header('Location: ' . $_GET['to']); }");
    expect(lines(byRule(await scan('a.php', code), 'php-open-redirect'))).toEqual([2]);
  });

  it('reports md5 of passwords, not of cache keys or file contents', async () => {
    const code = php("$pass = md5($_POST['password']);", "$cacheKey = md5($_SERVER['REQUEST_URI']);", '$etag = sha1($body);', "$digest = hash('sha256', $_POST['password']);");
    expect(byRule(await scan('a.php', code), 'php-weak-hash').map((f) => [f.line, f.severity])).toEqual([[2, 'HIGH']]);
  });

  it('reports mcrypt and weak openssl methods, not AES-GCM', async () => {
    const code = php('$c = mcrypt_encrypt(MCRYPT_DES, $k, $d, MCRYPT_MODE_ECB);', "$m = 'bf-cbc';", '$e = openssl_encrypt($d, $m, $k);', "$ok = openssl_encrypt($d, 'aes-256-gcm', $k, OPENSSL_RAW_DATA, $iv, $tag);");
    expect(lines(byRule(await scan('a.php', code), 'php-weak-cipher'))).toEqual([2, 4]);
  });

  it('reports predictable tokens once per expression, not random file names or delays', async () => {
    const code = php('$token = md5(uniqid(mt_rand(), true));', "$name = uniqid() . '.jpg';", 'sleep(rand(1, 3));', '$code = random_int(100000, 999999);');
    expect(lines(byRule(await scan('a.php', code), 'php-insecure-randomness'))).toEqual([2]);
  });

  it('reports cookie flags set false and missing Secure, not hardened or deleting cookies', async () => {
    const code = php("setcookie('session_id', $id, time() + 3600, '/', '', true, false);", "setcookie('theme', 'dark');", "setcookie('remember', $t, ['secure' => true, 'httponly' => true, 'samesite' => 'Lax']);", "setcookie('session_id', '', time() - 3600);", "ini_set('session.cookie_secure', '0');");
    expect(byRule(await scan('a.php', code), 'php-insecure-cookie').map((f) => [f.line, f.severity])).toEqual([
      [2, 'MEDIUM'],
      [3, 'LOW'],
      [6, 'MEDIUM'],
    ]);
  });

  it('reports disabled peer checks once per options array, not enabled ones', async () => {
    const code = php('curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);', 'curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);', "$ctx = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);", "$client = new Client(['verify' => '/etc/ssl/ca.pem']);");
    expect(lines(byRule(await scan('a.php', code), 'php-tls-verification-disabled'))).toEqual([2, 4]);
  });
});
