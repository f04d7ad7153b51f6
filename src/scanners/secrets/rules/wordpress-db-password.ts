import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

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
  description:
    'A WordPress database password is committed in wp-config.php. Whoever can reach the database (or any host sharing it) reads and changes the whole site: users and password hashes, content, and options that lead to code execution.',
  remediation:
    'Change the database user’s password, keep wp-config.php out of the repository (commit wp-config-sample.php) or read the value with getenv() from the server environment, and remove the committed value from git history.',
  references: ['https://developer.wordpress.org/advanced-administration/wordpress/wp-config/'],
  docs: {
    summary: "define('DB_PASSWORD', …) literals in wp-config.php files.",
    path: 'wp-config.php',
    bad: ["define( 'DB_PASSWORD', '" + "Vr4t!Yq8Nc2Lm7P' );", "define('DB_USER', 'wp_site');\ndefine('DB_PASSWORD', \"" + "Gk8vQ3nZ7wLp\");"],
    good: ["define( 'DB_PASSWORD', 'password_here' );", "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );", "define( 'DB_PASSWORD', '' );"],
  },
});
