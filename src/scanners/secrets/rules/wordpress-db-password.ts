import { defineRule } from '../rule.js';

/** Passwords that stand in for a real one in docs, templates and defaults (lower case, optionally de-leeted). */
const STAND_IN =
  /^(?:my|db|app|the|some|new|your|proxy|user|admin|root|super|default|dev|test|local)?[_-]?(?:pass|pwd|pw|passw|pass(?:word|wd|wort)|secret|secure|admin|root|user|test|guest|demo|dev|default|changeit|letmein|qwerty|abc|foo|bar|baz|xyz|hunter|tiger|foobared|sesame|wordpress|login|private|token|key|none|null|empty|redis|mongo|postgres|mysql|mariadb|rabbit(?:mq)?|mail|smtp|ldap|sa)[_-]?(?:pass|pwd|pw|word)?[_-]?\d{0,6}!?$/;

function deleet(value: string): string {
  return value.toLowerCase().replace(/@/g, 'a').replace(/0/g, 'o').replace(/[1!]/g, 'i').replace(/3/g, 'e').replace(/[$5]/g, 's').replace(/4/g, 'a');
}

/** True for passwords that are templates, masks, defaults or documentation stand-ins. */
function isStandInPassword(password: string, user: string): boolean {
  let value = password;
  try {
    value = decodeURIComponent(password);
  } catch {
    // Not percent-encoded: keep it as written.
  }
  const lower = value.toLowerCase();
  if (value.length < 4 || lower === user.toLowerCase() || /^anonymous$/i.test(user)) return true;
  // Templates and masks: $VAR, ${VAR}, $(cmd), %(name)s, {name}, [password], ***.
  if (/\$[{(A-Za-z_]|%(?![0-9A-Fa-f]{2})|\{[A-Za-z_][\w.-]{0,60}\}|^\[.{0,128}\]$|\*{3}/.test(password)) return true;
  // A bare short word, words joined by _, - or spaces (db_pass, PASSWORD_HERE), digit runs, port-like numbers.
  if (/^[A-Za-z]{1,6}$/.test(value) || /^[A-Za-z]{1,30}(?:[ _-][A-Za-z]{1,30}){1,6}$/.test(value) || /^(?:0?1234\d{0,6}|(\d)\1{2,12}|\d{1,5})$/.test(value)) return true;
  const plain = deleet(value);
  return /passw(?:or)?d|passwort/.test(plain) || STAND_IN.test(lower) || STAND_IN.test(plain);
}

/** define('DB_PASSWORD', '…') in wp-config.php (and its per-environment copies). */
export default defineRule({
  id: 'wordpress-db-password',
  title: 'WordPress database password',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['db_password'],
  pathPattern: /(?:^|\/)wp-config[\w.-]{0,40}\.php$/,
  pattern: /define\(\s{0,4}["']DB_PASSWORD["']\s{0,4},\s{0,16}(?<q>["'])(?<secret>[^"'\\]{1,256})\k<q>\s{0,4}\)/,
  validate: (secret, { text }) => !isStandInPassword(secret, /define\(\s{0,4}["']DB_USER["']\s{0,4},\s{0,4}["']([^"']{1,128})["']/.exec(text)?.[1] ?? ''),
  cwe: 'CWE-798',
  description:
    'A WordPress database password is committed in wp-config.php. Whoever can reach the database (or any host sharing it) reads and changes the whole site: users and password hashes, content, and options that lead to code execution.',
  remediation:
    'Change the database user’s password, keep wp-config.php out of the repository (commit wp-config-sample.php) or read the value with getenv() from the server environment, and remove the committed value from git history.',
  references: ['https://developer.wordpress.org/advanced-administration/wordpress/wp-config/'],
  docs: {
    summary: "define('DB_PASSWORD', …) literals in wp-config.php files.",
    path: 'wp-config.php',
    ng: ["define( 'DB_PASSWORD', '" + "Vr4t!Yq8Nc2Lm7P' );", "define('DB_USER', 'wp_site');\ndefine('DB_PASSWORD', \"" + "Gk8vQ3nZ7wLp\");"],
    ok: ["define( 'DB_PASSWORD', 'password_here' );", "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );", "define( 'DB_PASSWORD', '' );"],
  },
});
