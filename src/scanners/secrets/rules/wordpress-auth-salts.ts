import { shannonEntropy } from '../heuristics.js';
import { defineRule } from '../rule.js';

/**
 * WordPress authentication keys and salts (AUTH_KEY, SECURE_AUTH_KEY,
 * LOGGED_IN_KEY, NONCE_KEY and the *_SALT values) in wp-config.php. Their
 * alphabet includes < > { } and spaces, so the generic placeholder filter is
 * replaced by an entropy check and the stock "put your unique phrase here".
 */
export default defineRule({
  id: 'wordpress-auth-salts',
  title: 'WordPress authentication keys and salts',
  severity: 'MEDIUM',
  confidence: 0.75,
  keywords: ['auth_key', 'logged_in_key', 'nonce_key', '_salt'],
  pathPattern: /(?:^|\/)wp-config[\w.-]{0,40}\.php$/,
  pattern:
    /define\(\s{0,4}["'](?<name>(?:SECURE_)?AUTH_KEY|LOGGED_IN_KEY|NONCE_KEY|(?:SECURE_)?AUTH_SALT|LOGGED_IN_SALT|NONCE_SALT)["']\s{0,4},\s{0,16}(?<q>["'])(?<secret>[^"'\\]{32,256})\k<q>\s{0,4}\)/,
  keepPlaceholders: true,
  validate: (secret) => !/unique phrase|getenv|\$_(?:ENV|SERVER)/i.test(secret) && shannonEntropy(secret) >= 4.5,
  description:
    'WordPress authentication keys and salts are committed. They sign the login cookies and nonces: together with a user name and the stored password hash (or a database leak), anyone can forge logged-in sessions.',
  remediation:
    'Generate new keys and salts (https://api.wordpress.org/secret-key/1.1/salt/ or wp config shuffle-salts), keep wp-config.php out of the repository or read them from the environment, and remove the committed values from git history. All users are logged out.',
  references: ['https://developer.wordpress.org/advanced-administration/security/hardening/#security-keys'],
  docs: {
    summary: 'AUTH_KEY, SECURE_AUTH_KEY, LOGGED_IN_KEY, NONCE_KEY and *_SALT values in wp-config.php.',
    path: 'wp-config.php',
    bad: ["define('AUTH_KEY',         '" + "q7W<9xL|p2Z r4T}b8V-n3K;d6H~s1F+m5G^c0J)a2U e7Y[i9O%o3P/w8Q,k4R');"],
    good: ["define( 'AUTH_KEY',         'put your unique phrase here' );", "define( 'NONCE_SALT', getenv('WP_NONCE_SALT') );"],
  },
});
