import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const lines = async (path: string, code: string) => byRule(await scan(path, code), 'hardcoded-signing-key').map((f) => f.line);

describe('hardcoded-signing-key: HMAC and JWT keys in every language', () => {
  it('JavaScript and Python: literal keys, directly or through a variable, not keys read at run time', async () => {
    expect(await lines('src/a.js', "const crypto = require('crypto');\nconst KEY = 'pa4qacea4VK9t9nGv7yZtwmj';\nconst a = crypto.createHmac('sha256', KEY).update(d).digest('hex');\nconst b = crypto.createHmac('sha256', process.env.HMAC_KEY).update(d).digest('hex');")).toEqual([3]);
    expect(await lines('app/sign.py', "import hmac, hashlib, os\nSECRET = b'topsecret'\ndef sign(m):\n    return hmac.new(SECRET, m, hashlib.sha256).hexdigest()\ndef ok(m):\n    return hmac.new(os.environ['K'].encode(), m, hashlib.sha256).hexdigest()\n")).toEqual([4]);
  });

  it('PHP, Ruby, Java and Go', async () => {
    expect(await lines('a.php', "<?php\n$sig = hash_hmac('sha256', $data, 'mysecret');\n$t = JWT::encode($payload, 'jwtsecret', 'HS256');\n$ok = hash_hmac('sha256', $data, getenv('K'));\n")).toEqual([2, 3]);
    expect(await lines('a.rb', "sig = OpenSSL::HMAC.hexdigest('SHA256', 'rubysecret', data)\ntoken = JWT.encode(payload, 'jwtsecret', 'HS256')\nok = JWT.encode(payload, ENV['K'], 'HS256')\n")).toEqual([1, 2]);
    expect(
      await lines('A.java', 'class A {\n  void s() throws Exception {\n    SecretKeySpec k = new SecretKeySpec("javasecret".getBytes(StandardCharsets.UTF_8), "HmacSHA256");\n    SecretKeySpec ok = new SecretKeySpec(loadKey(), "HmacSHA256");\n    String t = JWT.create().sign(Algorithm.HMAC256("changeit"));\n  }\n}\n'),
    ).toEqual([3, 5]);
    expect(await lines('a.go', 'package a\n\nfunc S(m []byte) {\n\tmac := hmac.New(sha256.New, []byte("gosecret"))\n\tok := hmac.New(sha256.New, key)\n\ts, _ := token.SignedString([]byte(os.Getenv("K")))\n}\n')).toEqual([4]);
  });

  it('Go session cookie stores (gorilla/sessions, gin-contrib/sessions): a literal authentication key, not one read at run time', async () => {
    const code = [
      'package web',
      '',
      'var store = sessions.NewCookieStore([]byte("something-very-secret"))',
      'var files = sessions.NewFilesystemStore("", []byte("another-secret"))',
      'var fromEnv = sessions.NewCookieStore([]byte(os.Getenv("SESSION_KEY")))',
      '',
      'func Setup(r *gin.Engine) {',
      '\tr.Use(sessions.Sessions("s", cookie.NewStore([]byte("gin-secret"))))',
      '\tr.Use(sessions.Sessions("t", cookie.NewStore(loadKey())))',
      '}',
    ].join('\n');
    expect(await lines('web/session.go', code)).toEqual([3, 4, 8]);
  });
});

describe('hardcoded-signing-key: Spring Security remember-me keys', () => {
  it('reports a literal remember-me key (builder or services constructor), not one read at run time', async () => {
    const code = [
      'public class SecurityConfig {',
      '  SecurityFilterChain chain(HttpSecurity http) throws Exception {',
      '    http.rememberMe().key("uniqueAndSecret").tokenValiditySeconds(86400);',
      '    http.rememberMe().key(env.getProperty("REMEMBER_ME_KEY"));',
      '    return http.build();',
      '  }',
      '  RememberMeServices services(UserDetailsService users) {',
      '    return new TokenBasedRememberMeServices("remember-me-secret", users);',
      '  }',
      '  Object cache() { return cacheBuilder.key("not-a-secret"); }',
      '}',
    ].join('\n');
    expect(await lines('src/main/java/app/SecurityConfig.java', code)).toEqual([3, 8]);
  });
});

describe('hardcoded-session-secret in Ruby', () => {
  it('reports Rails secret_key_base/secret_token, Sinatra session_secret and Rack cookie secrets given as literals, not ones read at run time', async () => {
    const code = [
      "Rails.application.config.secret_key_base = 'abc123def456'",
      'config.secret_token = "0123456789abcdef"',
      "set :session_secret, 'sinatra-secret'",
      "use Rack::Session::Cookie, secret: 'rack-secret', key: 'app.session'",
      "config.secret_key_base = ENV['SECRET_KEY_BASE']",
      "set :session_secret, ENV.fetch('SESSION_SECRET')",
      "use Rack::Session::Cookie, :secret => 'old-style-secret'",
      'config.secret_key_base = "#{prefix}-key"',
      "set :views, 'templates'",
    ].join('\n');
    expect(byRule(await scan('config/initializers/secrets.rb', code), 'hardcoded-session-secret').map((f) => f.line)).toEqual([1, 2, 3, 4, 7]);
  });
});

describe('hardcoded-session-secret in PHP', () => {
  it("reports Laravel's application key in config/app.php (a literal, or the default of env('APP_KEY', …)), not one read from the environment", async () => {
    const config = ['<?php', 'return [', "    'name' => env('APP_NAME', 'Laravel'),", "    'key' => env('APP_KEY', 'SomeRandomString'),", "    'cipher' => 'AES-256-CBC',", '];'].join('\n');
    const lines = async (path: string, code: string) => byRule(await scan(path, code), 'hardcoded-session-secret').map((f) => f.line);
    expect(await lines('config/app.php', config)).toEqual([4]);
    expect(await lines('config/app.php', "<?php\nreturn [\n    'key' => 'base64:Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA==',\n];")).toEqual([3]);
    expect(await lines('config/app.php', "<?php\nreturn [\n    'key' => env('APP_KEY'),\n];")).toEqual([]);
    // Another file's `'key'` entry is not the application key.
    expect(await lines('config/cache.php', config)).toEqual([]);
  });

  it("reports CodeIgniter's encryption_key given as a literal", async () => {
    const code = "<?php\n$config['encryption_key'] = 'ci3-encryption-key';\n$config['encryption_key'] = getenv('KEY');\n$config['base_url'] = 'http://localhost/';\n";
    expect(byRule(await scan('application/config/config.php', code), 'hardcoded-session-secret').map((f) => f.line)).toEqual([2]);
  });
});
