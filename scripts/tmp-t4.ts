import { createCodeScanner } from '../src/scanners/code/scanner.js';
const s = createCodeScanner(); await s.init?.();
const servlet = (body: string) => `class S extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n${body}\n  }\n}\n`;
const body = (key: string) => `    String bar = "safe!";\n    java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();\n    map.put("keyA", "a_Value");\n    map.put("keyB", request.getParameter("p"));\n    bar = (String) map.get("keyB");\n    bar = (String) map.get("${key}");\n    String sql = "INSERT INTO users (name) VALUES ('" + bar + "')";\n    statement.executeUpdate(sql);`;
for (const f of s.scanFile({ path: 'S.java', text: servlet(body('keyA')) })) console.log(f.ruleId, f.line, f.confidence, f.description?.slice(-120));
