import { createCodeScanner } from '../src/scanners/code/scanner.js';
const s = createCodeScanner(); await s.init?.();
const wrap = (body: string) => `import javax.servlet.http.*;\npublic class T extends HttpServlet {\n  public void doPost(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {\n    response.setContentType("text/html;charset=UTF-8");\n    String param = request.getParameter("p");\n${body}\n  }\n}\n`;
const cases: Record<string, string> = {
  plain: '    response.getWriter().print(param);',
  nullCheck: '    if (param == null) param = "";\n    response.getWriter().print(param);',
  declThenAssign: '    String bar;\n    bar = param;\n    response.getWriter().print(bar);',
  xssHeader: '    response.setHeader("X-XSS-Protection", "0");\n    response.getWriter().print(param);',
  comment: '    // Simple ? condition that assigns param to bar on false condition\n    response.getWriter().print(param);',
};
for (const [k, v] of Object.entries(cases)) console.log(k, s.scanFile({ path: 'T.java', text: wrap(v) }).map((f) => f.ruleId).join(','));
