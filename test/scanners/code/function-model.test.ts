import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('PHP rules', () => {
  it('reports request data in SQL with the flow, and interpolation of other values as a pattern', async () => {
    const tainted = byRule(await scan('a.php', "<?php\n$id = $_GET['id'];\n$rows = $pdo->query('SELECT * FROM users WHERE id = ' . $id);\n"), 'php-sql-injection');
    expect(tainted).toHaveLength(1);
    expect(tainted[0]?.confidence).toBe(0.9);
    expect(tainted[0]?.description).toContain("$_GET");
    const pattern = byRule(await scan('a.php', "<?php\nfunction f($name) {\n  return mysqli_query($conn, \"SELECT * FROM t WHERE name = '$name'\");\n}\n"), 'php-sql-injection');
    expect(pattern).toHaveLength(1);
    expect(pattern[0]?.confidence).toBe(0.5);
    expect(byRule(await scan('a.php', "<?php\n$rows = $pdo->query('SELECT * FROM users');\n$n = (int) $_GET['n'];\n$r = $pdo->query(\"SELECT * FROM t LIMIT \" . intval($_GET['n']));\n"), 'php-sql-injection')).toEqual([]);
  });

  it('reports backticks, Laravel request input and include of request data', async () => {
    expect(byRule(await scan('a.php', "<?php\n$dir = $_GET['d'];\n$out = `ls $dir`;\n"), 'php-command-injection')).toHaveLength(1);
    expect(byRule(await scan('a.php', "<?php\n$out = `ls /tmp`;\nsystem('uptime');\n"), 'php-command-injection')).toEqual([]);
    const laravel = "<?php\nclass C {\n  public function show(Request $request) {\n    $data = $request->input('payload');\n    return unserialize($data);\n  }\n}\n";
    expect(byRule(await scan('a.php', laravel), 'php-insecure-deserialization')).toHaveLength(1);
    expect(byRule(await scan('a.php', "<?php\nrequire_once $_REQUEST['module'];\n"), 'php-file-inclusion')).toHaveLength(1);
    expect(byRule(await scan('a.php', "<?php\nrequire_once __DIR__ . '/vendor/autoload.php';\ninclude 'config.php';\n"), 'php-file-inclusion')).toEqual([]);
  });
});

describe('Go rules', () => {
  it('follows gin parameters into SQL and shells', async () => {
    const code = 'package main\n\nfunc h(c *gin.Context) {\n\tname := c.Query("name")\n\tq := "SELECT * FROM users WHERE name = \'" + name + "\'"\n\tdb.Exec(q)\n\texec.Command("bash", "-c", "echo "+name).Run()\n}\n';
    const findings = await scan('main.go', code);
    expect(byRule(findings, 'go-sql-injection').map((f) => f.confidence)).toEqual([0.9]);
    expect(byRule(findings, 'go-command-injection').map((f) => f.confidence)).toEqual([0.9]);
  });

  it('does not report constant queries, placeholders or constant shell scripts', async () => {
    const code = 'package main\n\nfunc h(id string) {\n\tdb.QueryRow("SELECT * FROM users WHERE id = ?", id)\n\texec.Command("sh", "-c", "uptime").Run()\n\t_ = &tls.Config{InsecureSkipVerify: false}\n}\n';
    const findings = await scan('main.go', code);
    expect(findings.filter((f) => f.ruleId.startsWith('go-'))).toEqual([]);
  });

  it('reports InsecureSkipVerify assignments', async () => {
    const code = 'package main\n\nfunc c() {\n\tcfg := &tls.Config{}\n\tcfg.InsecureSkipVerify = true\n}\n';
    expect(byRule(await scan('main.go', code), 'go-tls-insecure-skip-verify')).toHaveLength(1);
  });
});

describe('Java rules', () => {
  it('treats Spring request parameters as sources', async () => {
    const code = 'class C {\n  @GetMapping("/u")\n  List<User> u(@RequestParam String name) {\n    return jdbcTemplate.query("SELECT * FROM users WHERE name = \'" + name + "\'", mapper);\n  }\n}\n';
    expect(byRule(await scan('C.java', code), 'java-sql-injection').map((f) => f.confidence)).toEqual([0.9]);
  });

  it('does not report constant commands and hardened XML parsers', async () => {
    const code =
      'class C {\n  void f() throws Exception {\n    Runtime.getRuntime().exec("uptime");\n    XMLInputFactory f = XMLInputFactory.newInstance();\n    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);\n  }\n}\n';
    const findings = await scan('C.java', code);
    expect(byRule(findings, 'java-command-injection')).toEqual([]);
    expect(byRule(findings, 'java-xxe')).toEqual([]);
  });

  it('reports a shell run through ProcessBuilder with request data', async () => {
    const code = 'class C {\n  void f(HttpServletRequest req) throws Exception {\n    String dir = req.getParameter("dir");\n    new ProcessBuilder("sh", "-c", "ls " + dir).start();\n  }\n}\n';
    expect(byRule(await scan('C.java', code), 'java-command-injection')).toHaveLength(1);
  });
});

describe('client-side rules', () => {
  it('does not report a logout that signs out through an SDK', async () => {
    const code = "export async function logout() {\n  await supabase.auth.signOut();\n  localStorage.clear();\n}\n";
    expect(byRule(await scan('a.ts', code), 'client-logout-only')).toEqual([]);
  });

  it('reports storage-based role gates read through a variable', async () => {
    const code = "const role = sessionStorage.getItem('role');\nif (role === 'admin') showAdmin();\n";
    expect(byRule(await scan('a.js', code), 'client-side-authorization')).toHaveLength(1);
    expect(byRule(await scan('a.js', "const role = localStorage.getItem('theme');\nif (role === 'dark') dark();\n"), 'client-side-authorization')).toEqual([]);
  });
});

describe('xxe', () => {
  it('reports SAX parsers with external general entities on', async () => {
    const code = "import xml.sax\nfrom xml.sax.handler import feature_external_ges\n\nparser = xml.sax.make_parser()\nparser.setFeature(feature_external_ges, True)\n";
    expect(byRule(await scan('a.py', code), 'xxe')).toHaveLength(1);
  });
});

describe('Ruby rules', () => {
  it('reports %x commands and single-string system calls, not argument lists', async () => {
    const code = 'def run\n  dir = params[:dir]\n  %x(ls #{dir})\n  system("ls #{dir}")\n  system("ls", dir)\nend\n';
    expect(byRule(await scan('a.rb', code), 'ruby-command-injection').map((f) => f.line)).toEqual([3, 4]);
  });

  it('does not report placeholder arrays, hash conditions or safe YAML', async () => {
    const code = 'def show\n  User.find_by_sql(["SELECT * FROM users WHERE id = ?", params[:id]])\n  User.where(id: params[:id])\n  YAML.safe_load(params[:doc])\n  User.where("id = #{params[:id].to_i}")\nend\n';
    const findings = await scan('a.rb', code);
    expect(byRule(findings, 'ruby-sql-injection')).toEqual([]);
    expect(byRule(findings, 'ruby-insecure-deserialization')).toEqual([]);
  });

  it('reports request data picking the method to send', async () => {
    expect(byRule(await scan('a.rb', 'def act\n  @report.public_send(params[:action_name])\nend\n'), 'ruby-code-injection')).toHaveLength(1);
  });
});
