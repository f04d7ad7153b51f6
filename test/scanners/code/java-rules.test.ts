import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

/** Wraps statements in a servlet method. */
const servlet = (body: string, extra = '') => `class S extends HttpServlet {\n  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n${body}\n  }\n${extra}}\n`;
const lineOf = (code: string, text: string) => code.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('Java cross-language rules', () => {
  it('follows a cookie value through a for-each loop into one path traversal finding', async () => {
    const code = servlet('    String param = "none";\n    for (Cookie c : request.getCookies()) {\n      if (c.getName().equals("f")) param = java.net.URLDecoder.decode(c.getValue(), "UTF-8");\n    }\n    String fileName = BASE_DIR + param;\n    java.io.FileInputStream fis = new java.io.FileInputStream(new java.io.File(fileName));');
    const findings = byRule(await scan('S.java', code), 'java-path-traversal');
    expect(findings.map((f) => [f.line, f.confidence])).toEqual([[lineOf(code, 'FileInputStream(new'), 0.85]]);
  });

  it('does not report constant paths, canonical-path checks or file-name reduction', async () => {
    const code = servlet(
      '    Path logo = Paths.get("static", "logo.png");\n    byte[] b = Files.readAllBytes(logo);\n    File base = new File(UPLOADS);\n    File f = new File(base, request.getParameter("f"));\n    if (!f.getCanonicalPath().startsWith(base.getCanonicalPath())) return;\n    Files.copy(f.toPath(), response.getOutputStream());',
      '  void name(HttpServletRequest request) throws Exception {\n    Path p = Paths.get(UPLOADS, Paths.get(request.getParameter("f")).getFileName().toString());\n    Files.delete(p);\n  }\n',
    );
    expect(byRule(await scan('S.java', code), 'java-path-traversal')).toEqual([]);
  });

  it('reports URL connections to request URLs but not constant origins or the request host', async () => {
    const code = servlet('    String u = request.getParameter("u");\n    InputStream in = new URL(u).openStream();\n    String ok = restTemplate.getForObject("https://api.example.com/items/" + u, String.class);\n    cookie.setDomain(new URL(request.getRequestURL().toString()).getHost());');
    expect(byRule(await scan('S.java', code), 'java-ssrf').map((f) => f.line)).toEqual([lineOf(code, 'openStream')]);
  });

  it('reports request data printed through a PrintWriter variable and by a Spring @RestController', async () => {
    const code = servlet('    String name = request.getParameter("name");\n    PrintWriter out = response.getWriter();\n    out.write("<p>" + name + "</p>");\n    System.out.println(name);\n    out.println(ESAPI.encoder().encodeForHTML(name));');
    expect(byRule(await scan('S.java', code), 'java-xss').map((f) => f.line)).toEqual([lineOf(code, 'out.write')]);
    const spring = '@RestController\nclass Hi {\n  @GetMapping("/hi")\n  String hi(@RequestParam String name) {\n    return "Hello " + name;\n  }\n  @GetMapping("/view")\n  String view(@RequestParam String name) {\n    return "greeting";\n  }\n  @GetMapping(value = "/j", produces = "application/json")\n  String json(@RequestParam String name) {\n    return "{\\"n\\":\\"" + name + "\\"}";\n  }\n}\n';
    expect(byRule(await scan('Hi.java', spring), 'java-xss').map((f) => f.line)).toEqual([5]);
  });

  it('does not report JSON responses', async () => {
    const code = servlet('    response.setContentType("application/json");\n    response.getWriter().print("{\\"q\\":\\"" + request.getParameter("q") + "\\"}");');
    expect(byRule(await scan('S.java', code), 'java-xss')).toEqual([]);
  });

  it('reports redirects to request data, not local paths or checked targets', async () => {
    const code = servlet('    resp(request, response);\n    response.sendRedirect(request.getParameter("next"));\n    response.sendRedirect(request.getContextPath() + "/home");\n    String t = request.getParameter("t");\n    if (!t.startsWith("/") || t.startsWith("//")) return;\n    response.sendRedirect(t);');
    expect(byRule(await scan('S.java', code), 'java-open-redirect').map((f) => f.line)).toEqual([lineOf(code, 'getParameter("next")')]);
  });

  it('reports MD5 for passwords (HIGH) and request data (MEDIUM), not for ETags', async () => {
    const code = 'class H {\n  String etag(byte[] body) throws Exception {\n    MessageDigest md = MessageDigest.getInstance("MD5");\n    return hex(md.digest(body));\n  }\n  String cacheKey(String url) { return DigestUtils.md5Hex(url); }\n  void store(User u) throws Exception {\n    MessageDigest md = MessageDigest.getInstance(ALG);\n    u.setHash(md.digest(u.getPassword().getBytes()));\n  }\n  void input(HttpServletRequest request) throws Exception {\n    MessageDigest md = MessageDigest.getInstance("SHA1", "SUN");\n    md.update(request.getParameter("v").getBytes());\n    MessageDigest ok = MessageDigest.getInstance("SHA-256");\n    ok.update(request.getParameter("v").getBytes());\n  }\n  private static final String ALG = "MD5";\n}\n';
    expect(byRule(await scan('H.java', code), 'java-weak-hash').map((f) => [f.line, f.severity])).toEqual([
      [8, 'HIGH'],
      [12, 'MEDIUM'],
    ]);
  });

  it('reports weak transformations and short RSA keys, not RSA/ECB padding names or GCM', async () => {
    const code = 'class K {\n  void f() throws Exception {\n    Cipher a = Cipher.getInstance("DESede/CBC/PKCS5Padding");\n    Cipher b = Cipher.getInstance("AES");\n    Cipher c = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");\n    Cipher d = Cipher.getInstance("AES/GCM/NoPadding");\n    KeyPairGenerator small = KeyPairGenerator.getInstance("RSA");\n    small.initialize(1024);\n    KeyPairGenerator big = KeyPairGenerator.getInstance("RSA");\n    big.initialize(3072);\n  }\n}\n';
    expect(byRule(await scan('K.java', code), 'java-weak-cipher').map((f) => f.line)).toEqual([3, 4, 8]);
  });

  it('reports java.util.Random behind a remember-me key, not SecureRandom or jitter', async () => {
    const code = servlet('    double value = new java.util.Random().nextDouble();\n    String rememberMeKey = Double.toString(value).substring(2);\n    java.util.Random numGen = java.security.SecureRandom.getInstance("SHA1PRNG");\n    String sessionToken = Long.toString(numGen.nextLong());\n    long backoff = (long) (Math.random() * 1000);');
    expect(byRule(await scan('S.java', code), 'java-insecure-randomness').map((f) => [f.line, f.severity])).toEqual([[lineOf(code, 'nextDouble'), 'MEDIUM']]);
  });

  it('reports cookies with setSecure(false) or without Secure, not hardened or deleted cookies', async () => {
    const code = servlet('    Cookie a = new Cookie("SomeCookie", v);\n    a.setSecure(false);\n    response.addCookie(a);\n    Cookie b = new Cookie("session", id);\n    b.setSecure(true);\n    b.setHttpOnly(true);\n    Cookie c = new Cookie("theme", "dark");\n    response.addCookie(c);\n    Cookie d = new Cookie("session", "");\n    d.setMaxAge(0);');
    expect(byRule(await scan('S.java', code), 'java-insecure-cookie').map((f) => [f.line, f.severity])).toEqual([
      [lineOf(code, 'a.setSecure(false)'), 'MEDIUM'],
      [lineOf(code, '"theme"'), 'LOW'],
    ]);
  });

  it('reports trust-all managers and verifiers, not delegating or checking ones', async () => {
    const code = 'class T {\n  void f() {\n    HttpsURLConnection.setDefaultHostnameVerifier((host, session) -> true);\n    builder.hostnameVerifier((host, session) -> host.equals("api.example.com"));\n  }\n}\nclass Strict implements X509TrustManager {\n  public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {\n    delegate.checkServerTrusted(chain, authType);\n  }\n}\n';
    expect(byRule(await scan('T.java', code), 'java-tls-verification-disabled').map((f) => f.line)).toEqual([3]);
  });

  it('reports concatenated LDAP filters and XPath expressions, not bound arguments or other searches', async () => {
    const code = servlet('    String user = request.getParameter("u");\n    ctx.search(BASE, "(&(objectclass=person)(uid=" + user + "))", controls);\n    ctx.search(BASE, "(uid={0})", new Object[] { user }, controls);\n    List<Item> items = repository.search(user, 10);\n    XPath xp = XPathFactory.newInstance().newXPath();\n    String r = xp.evaluate("/users/user[@name=\'" + user + "\']", doc);');
    const findings = await scan('S.java', code);
    expect(byRule(findings, 'java-ldap-injection').map((f) => [f.line, f.confidence])).toEqual([[lineOf(code, 'uid=" + user'), 0.9]]);
    expect(byRule(findings, 'java-xpath-injection').map((f) => f.line)).toEqual([lineOf(code, 'xp.evaluate')]);
  });
});
