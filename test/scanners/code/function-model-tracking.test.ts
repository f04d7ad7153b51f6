import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const servlet = (body: string, extra = '') => `class S extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n${body}\n  }\n${extra}}\n`;

describe('per-function request-data tracking (PHP, Go, Java, Ruby)', () => {
  it('follows builders, compound assignments and collections into a Java query', async () => {
    const code = servlet('    String id = request.getHeaders("X-Id").nextElement();\n    StringBuilder sql = new StringBuilder("SELECT * FROM t WHERE a = 1");\n    sql.append(" AND id = ").append(id);\n    statement.executeQuery(sql.toString());\n    String q = "SELECT * FROM u WHERE 1 = 1";\n    q += " AND name = \'" + request.getParameter("n") + "\'";\n    statement.executeQuery(q);');
    expect(byRule(await scan('S.java', code), 'java-sql-injection').map((f) => f.confidence)).toEqual([0.9, 0.9]);
  });

  it('keeps map values under different constant keys apart', async () => {
    const body = (key: string) => `    java.util.Map<String, Object> map = new java.util.HashMap<>();\n    map.put("safe", "a_value");\n    map.put("bad", request.getParameter("p"));\n    String bar = (String) map.get("${key}");\n    response.getWriter().println(bar);`;
    expect(byRule(await scan('S.java', servlet(body('bad'))), 'java-xss')).toHaveLength(1);
    expect(byRule(await scan('S.java', servlet(body('safe'))), 'java-xss')).toEqual([]);
  });

  it('follows list elements through add and remove to the index read back', async () => {
    const body = (index: number) => `    java.util.List<String> values = new java.util.ArrayList<String>();\n    values.add("safe");\n    values.add(request.getParameter("p"));\n    values.add("more_safe");\n    values.remove(0);\n    response.getWriter().println(values.get(${index}));`;
    expect(byRule(await scan('S.java', servlet(body(0))), 'java-xss')).toHaveLength(1);
    expect(byRule(await scan('S.java', servlet(body(1))), 'java-xss')).toEqual([]);
  });

  it('drops branches a constant condition never takes', async () => {
    const taken = servlet('    String param = request.getParameter("p");\n    int num = 106;\n    String bar = (7 * 42) - num > 200 ? "constant" : param;\n    response.getWriter().println(bar);');
    const skipped = servlet('    String param = request.getParameter("p");\n    int num = 86;\n    String bar;\n    if ((7 * 42) - num > 200) bar = "constant"; else bar = param;\n    response.getWriter().println(bar);');
    expect(byRule(await scan('S.java', taken), 'java-xss')).toHaveLength(1);
    expect(byRule(await scan('S.java', skipped), 'java-xss')).toEqual([]);
  });

  it('keeps the value before an assignment that may be skipped, and drops one that every branch replaces', async () => {
    // `if (p == null) p = "";` assigns only sometimes: the request data is still there after it.
    const defaulted = servlet('    String p = request.getParameter("p");\n    if (p == null) p = "";\n    response.getWriter().println(p);');
    expect(byRule(await scan('S.java', defaulted), 'java-xss')).toHaveLength(1);
    const php = "<?php\n$f = $_GET['f'];\nif (!isset($f)) { $f = 'index.txt'; }\nreadfile('docs/' . $f);\n";
    expect(byRule(await scan('a.php', php), 'php-path-traversal')).toHaveLength(1);
    // Both branches replace it: nothing of the request is left.
    const replaced = servlet('    String p = request.getParameter("p");\n    if (p.isEmpty()) { p = "a"; } else if (p.length() > 3) { p = "b"; } else { p = "c"; }\n    response.getWriter().println(p);');
    expect(byRule(await scan('S.java', replaced), 'java-xss')).toEqual([]);
    // Without a last else one path keeps it.
    const partly = servlet('    String p = request.getParameter("p");\n    if (p.isEmpty()) { p = "a"; } else if (p.length() > 3) { p = "b"; }\n    response.getWriter().println(p);');
    expect(byRule(await scan('S.java', partly), 'java-xss')).toHaveLength(1);
  });

  it('ignores an assignment in a branch that leaves before the read', async () => {
    // The request data reaches the output only when the branch that replaced it returned first:
    // the value printed is the request's, and the assignment in the branch does not hide it.
    const code = servlet('    String p = request.getParameter("p");\n    if (p.length() > 10) {\n      p = "too long";\n      return;\n    }\n    response.getWriter().println(p);');
    expect(byRule(await scan('S.java', code), 'java-xss')).toHaveLength(1);
    // A `break` leaves only the loop: the value assigned before it reaches the code after the loop.
    const loop = servlet('    String p = "none";\n    for (javax.servlet.http.Cookie c : request.getCookies()) {\n      if (c.getName().equals("k")) {\n        p = c.getValue();\n        break;\n      }\n    }\n    response.getWriter().println(p);');
    expect(byRule(await scan('S.java', loop), 'java-xss')).toHaveLength(1);
  });

  it('does not carry request data from the index of a lookup in a table of constants', async () => {
    const php = (table: string) => `<?php\n$docs = ${table};\n$id = $_GET['doc'];\n$file = $docs[$id]['file'];\nreadfile('docs/' . $file);\n`;
    expect(byRule(await scan('a.php', php("array('readme' => array('file' => 'README.md'), 'copying' => ['file' => 'COPYING.txt'])")), 'php-path-traversal')).toEqual([]);
    // A table that holds request data itself is no such table.
    expect(byRule(await scan('a.php', php("array('readme' => array('file' => $_GET['f']))")), 'php-path-traversal')).toHaveLength(1);
  });

  it('runs a switch on a constant character from the matching case through fall-through to the break', async () => {
    const body = (index: number) =>
      `    String param = request.getParameter("p");\n    String bar = "";\n    String guess = "ABC";\n    char target = guess.charAt(${index});\n    switch (target) {\n      case 'A':\n        bar = param;\n        break;\n      case 'B':\n        bar = "constant";\n        break;\n      case 'C':\n      case 'D':\n        bar = param;\n        break;\n      default:\n        bar = "constant";\n        break;\n    }\n    response.getWriter().println(bar);`;
    expect(byRule(await scan('S.java', servlet(body(2))), 'java-xss')).toHaveLength(1);
    expect(byRule(await scan('S.java', servlet(body(1))), 'java-xss')).toEqual([]);
  });

  it('knows which helper methods of the same file pass their parameter through', async () => {
    const helpers = '  private class Test {\n    String passes(String p) { String b = p.trim(); return b; }\n    String constant(String p) { String b = "safe"; return b; }\n  }\n';
    const through = servlet('    String bar = new Test().passes(request.getParameter("p"));\n    response.getWriter().println(bar);', helpers);
    const constant = servlet('    String bar = new Test().constant(request.getParameter("p"));\n    response.getWriter().println(bar);', helpers);
    expect(byRule(await scan('S.java', through), 'java-xss')).toHaveLength(1);
    expect(byRule(await scan('S.java', constant), 'java-xss')).toEqual([]);
  });

  it('binds loop variables from request data in PHP, Go and Ruby', async () => {
    expect(byRule(await scan('a.php', "<?php\nforeach ($_GET as $key => $value) {\n  echo $value;\n}\n"), 'php-xss')).toHaveLength(1);
    const go = 'package main\n\nfunc h(w http.ResponseWriter, r *http.Request) {\n\tfor _, name := range r.URL.Query()["f"] {\n\t\tos.Remove(name)\n\t}\n}\n';
    expect(byRule(await scan('main.go', go), 'go-path-traversal')).toHaveLength(1);
    const ruby = 'def export\n  params[:files].each do |name|\n    File.delete(name)\n  end\nend\n';
    expect(byRule(await scan('a.rb', ruby), 'ruby-path-traversal')).toHaveLength(1);
  });

  it('treats Symfony and CodeIgniter request objects as sources', async () => {
    const code = "<?php\nclass C {\n  public function show(Request $request) {\n    $name = $request->query->get('name');\n    echo '<p>' . $name . '</p>';\n  }\n  public function page() {\n    readfile('pages/' . $this->request->getVar('p'));\n  }\n}\n";
    const findings = await scan('a.php', code);
    expect(byRule(findings, 'php-xss')).toHaveLength(1);
    expect(byRule(findings, 'php-path-traversal')).toHaveLength(1);
  });
});
