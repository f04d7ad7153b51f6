import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const servlet = (body: string, extra = '') => `class S extends HttpServlet {\n${extra}  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n${body}\n  }\n}\n`;
const lineOf = (code: string, text: string) => code.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('java-command-injection: any Runtime or ProcessBuilder value', () => {
  it('reports exec on a Runtime variable, field or parameter whatever its name', async () => {
    const code = servlet(
      '    String host = request.getParameter("host");\n    Runtime proc = Runtime.getRuntime();\n    proc.exec("ping -c 1 " + host);\n    this.shell.exec("nslookup " + host);\n    run(Runtime.getRuntime(), host);',
      '  private final Runtime shell = Runtime.getRuntime();\n  void run(Runtime r, String h) throws Exception { r.exec(h); }\n',
    );
    const lines = byRule(await scan('S.java', code), 'java-command-injection').map((f) => f.line);
    expect(lines).toContain(lineOf(code, 'proc.exec'));
    expect(lines).toContain(lineOf(code, 'this.shell.exec'));
    expect(lines).toContain(lineOf(code, 'r.exec(h)'));
  });

  it('reports ProcessBuilder.command with request data, not other exec methods', async () => {
    const code = servlet(
      '    String script = request.getParameter("s");\n    ProcessBuilder pb = new ProcessBuilder();\n    pb.command("sh", "-c", script);\n    executor.exec("ls " + script);\n    pattern.exec(script);',
    );
    expect(byRule(await scan('S.java', code), 'java-command-injection').map((f) => f.line)).toEqual([lineOf(code, 'pb.command')]);
  });
});

describe('sanitisers are scoped to their language', () => {
  it('a Java method name (`valueOf`, `encode`) does not stop a PHP flow, while intval does', async () => {
    const php = (wrap: string) => `<?php\n$cmd = ${wrap.replace('X', "$_GET['host']")};\nsystem("ping -c 1 " . $cmd);\n`;
    const proven = async (code: string) => byRule(await scan('ping.php', code), 'php-command-injection').filter((f) => f.description.includes('$_GET'));
    expect(await proven(php('encode(X)'))).toHaveLength(1);
    expect(await proven(php('valueOf(X)'))).toHaveLength(1);
    expect(await proven(php('intval(X)'))).toEqual([]);
  });
});

describe('java-sql-injection: the pattern check folds what the taint model folds', () => {
  it('does not report SQL built from a variable whose request-data assignment is in a branch never taken', async () => {
    const code = servlet(
      '    String param = request.getParameter("p");\n    String bar;\n    int num = 86;\n    if ((7 * 42) - num > 200) bar = "constant";\n    else bar = param;\n    String other = (7 * 18) + num > 200 ? "constant" : param;\n    statement.executeQuery("SELECT * FROM users WHERE name = \'" + bar + "\'");\n    statement.executeQuery("SELECT * FROM users WHERE name = \'" + other + "\'");\n    statement.executeQuery("SELECT * FROM users WHERE name = \'" + param + "\'");',
    );
    expect(byRule(await scan('S.java', code), 'java-sql-injection').map((f) => f.line)).toEqual([lineOf(code, "+ param +")]);
  });
});
