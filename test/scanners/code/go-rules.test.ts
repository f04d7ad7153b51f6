import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const handler = (body: string, imports = '') => `package main\n${imports}\nfunc h(w http.ResponseWriter, r *http.Request) {\n${body}\n}\n`;
const lines = (findings: readonly { line: number }[]) => findings.map((f) => f.line);

describe('Go cross-language rules', () => {
  it('reports file access under request paths, not ServeFile of the URL path, rooted Clean or Base', async () => {
    const code = handler('\tname := r.URL.Query().Get("f")\n\tos.Remove(filepath.Join(dir, name))\n\thttp.ServeFile(w, r, r.URL.Path)\n\tos.ReadFile(filepath.Join(dir, filepath.Clean("/"+name)))\n\tos.Open(filepath.Join(dir, filepath.Base(name)))\n\tos.ReadFile(filepath.Join(cfgDir, "config.yaml"))');
    expect(lines(byRule(await scan('main.go', code), 'go-path-traversal'))).toEqual([5]);
  });

  it('does not report a cleaned path checked with strings.HasPrefix', async () => {
    const code = 'package main\n\nfunc d(c *gin.Context) {\n\tp := filepath.Clean(filepath.Join(base, c.Query("f")))\n\tif !strings.HasPrefix(p, base) {\n\t\treturn\n\t}\n\tc.File(p)\n}\n';
    expect(byRule(await scan('main.go', code), 'go-path-traversal')).toEqual([]);
  });

  it('reports requests to request URLs, also through url.Parse, not constant origins', async () => {
    const code = handler('\tu, _ := url.Parse(r.FormValue("u"))\n\tresp, _ := http.Get(u.String())\n\treq, _ := http.NewRequest("GET", "https://api.example.com/users/"+r.FormValue("id"), nil)\n\tproxy := httputil.NewSingleHostReverseProxy(u)');
    expect(lines(byRule(await scan('main.go', code), 'go-ssrf'))).toEqual([5, 7]);
  });

  it('reports writes to the ResponseWriter and template.HTML, not escaped, JSON or stderr output', async () => {
    const code = handler('\tq := r.FormValue("q")\n\tw.Write([]byte("<p>" + q + "</p>"))\n\tfmt.Fprintln(os.Stderr, q)\n\tfmt.Fprintf(w, "<p>%s</p>", html.EscapeString(q))\n\tdata := template.HTML(q)\n\tcontent, _ := os.ReadFile(filepath.Join("docs", filepath.Base(q)))\n\tw.Write(content)');
    expect(lines(byRule(await scan('main.go', code), 'go-xss'))).toEqual([5, 8]);
    const api = handler('\tw.Header().Set("Content-Type", "application/json")\n\tfmt.Fprintf(w, `{"q": %q}`, r.FormValue("q"))');
    expect(byRule(await scan('main.go', api), 'go-xss')).toEqual([]);
  });

  it('reports redirects to request data, not local targets or host-checked URLs', async () => {
    const code = handler('\thttp.Redirect(w, r, r.FormValue("next"), http.StatusFound)\n\thttp.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.Path), http.StatusFound)');
    expect(lines(byRule(await scan('main.go', code), 'go-open-redirect'))).toEqual([4]);
    const checked = handler('\tnext := r.FormValue("next")\n\tu, err := url.Parse(next)\n\tif err != nil || u.Host != "" {\n\t\treturn\n\t}\n\thttp.Redirect(w, r, next, http.StatusFound)');
    expect(byRule(await scan('main.go', checked), 'go-open-redirect')).toEqual([]);
  });

  it('reports md5 of passwords and request data, not checksums, and knows import aliases', async () => {
    const code = 'package main\n\nimport (\n\t"crypto/md5"\n\tweak "crypto/sha1"\n)\n\nfunc etag(b []byte) string { return fmt.Sprintf("%x", md5.Sum(b)) }\n\nfunc login(w http.ResponseWriter, r *http.Request) {\n\th := weak.New()\n\tio.WriteString(h, r.FormValue("password"))\n}\n';
    expect(byRule(await scan('main.go', code), 'go-weak-hash').map((f) => [f.line, f.severity])).toEqual([[11, 'HIGH']]);
  });

  it('reports legacy ciphers and short RSA keys', async () => {
    const code = 'package main\n\nfunc k() {\n\tsmall, _ := rsa.GenerateKey(rand.Reader, 1024)\n\tbig, _ := rsa.GenerateKey(rand.Reader, 4096)\n\tc, _ := des.NewTripleDESCipher(key)\n\tb, _ := aes.NewCipher(key)\n}\n';
    expect(lines(byRule(await scan('main.go', code), 'go-weak-cipher'))).toEqual([4, 6]);
  });

  it('reports math/rand tokens but not crypto/rand or non-secret numbers', async () => {
    const code = 'package main\n\nimport (\n\tcrand "crypto/rand"\n\t"math/rand"\n)\n\nfunc t() {\n\tapiKey := fmt.Sprintf("%x", rand.Int63())\n\tshard := rand.Intn(16)\n\tb := make([]byte, 32)\n\tcrand.Read(b)\n\tsecret := hex.EncodeToString(b)\n}\n';
    expect(lines(byRule(await scan('main.go', code), 'go-insecure-randomness'))).toEqual([9]);
    const cryptoOnly = 'package main\n\nimport "crypto/rand"\n\nfunc t() {\n\ttoken := make([]byte, 32)\n\trand.Read(token)\n}\n';
    expect(byRule(await scan('main.go', cryptoOnly), 'go-insecure-randomness')).toEqual([]);
  });

  it('reports cookie flags and gin SetCookie arguments set false, not hardened cookies', async () => {
    const code = 'package main\n\nfunc c(w http.ResponseWriter, g *gin.Context) {\n\thttp.SetCookie(w, &http.Cookie{Name: "session", Value: v, Secure: true, HttpOnly: false})\n\tck := &http.Cookie{Name: "sid", Value: v, HttpOnly: true}\n\tck.Secure = true\n\thttp.SetCookie(w, ck)\n\tg.SetCookie("token", t, 3600, "/", "", false, true)\n\thttp.SetCookie(w, &http.Cookie{Name: "session", Value: "", MaxAge: -1})\n}\n';
    expect(lines(byRule(await scan('main.go', code), 'go-insecure-cookie'))).toEqual([4]);
  });

  it('a database handle is not a request context: db.Query rows are not request data, c.Query is', async () => {
    const code = (call: string) =>
      ['package main', '', 'import "os/exec"', '', 'func run(db *sql.DB, tx *sql.Tx, s *Store, c *gin.Context) {', `\tv := ${call}`, '\texec.Command("sh", "-c", "echo "+v).Run()', '}'].join('\n');
    for (const call of ['db.Query("SELECT cmd FROM jobs")', 'tx.Query("SELECT 1")', 's.userDB.Query("SELECT 1")', 's.pool.Query("SELECT 1")']) {
      const findings = byRule(await scan('main.go', code(call)), 'go-command-injection');
      expect(findings.map((f) => f.confidence), call).toEqual([0.5]);
    }
    const [proven] = byRule(await scan('main.go', code('c.Query("cmd")')), 'go-command-injection');
    expect(proven?.confidence).toBe(0.9);
  });
});
