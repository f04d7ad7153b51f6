import { defineRule } from '../rule.js';

/** Human-readable stand-ins: "my_app_secret_key_2024", "not-a-secret…". */
function isReadablePhrase(value: string): boolean {
  if (/not[_-]?a[_-]?secret|notsecret|insecure[_-]key/i.test(value)) return true;
  return /secret|key|flask|django/i.test(value) && /^[A-Za-z0-9]{1,30}(?:[ _.-][A-Za-z0-9]{1,30}){1,12}$/.test(value) && !value.startsWith('django-insecure-');
}

/**
 * Flask's secret key written into code: app.secret_key = '…',
 * app.config['SECRET_KEY'] = '…', or SECRET_KEY = '…' in a Flask config module.
 */
export default defineRule({
  id: 'flask-secret-key',
  title: 'Flask SECRET_KEY',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['secret_key'],
  pathPattern: /\.py$/,
  pattern:
    /(?:(?<attr>\b[A-Za-z_]\w{0,30}\.secret_key|\.config\[\s{0,2}["']SECRET_KEY["']\s{0,2}\])|(?<![A-Za-z0-9_.])SECRET_KEY)\s{0,4}=\s{0,4}b?(?<q>["'])(?<secret>[^"'\s]{16,200})\k<q>/,
  minEntropy: 3.3,
  validate: (secret, { groups, text }) => {
    if (/^[A-Za-z]{1,30}(?:[_-][A-Za-z]{1,30}){1,12}$/.test(secret) || isReadablePhrase(secret)) return false;
    if (/django/i.test(text)) return false;
    return groups.attr !== undefined || /flask/i.test(text);
  },
  description:
    'A Flask secret key is committed. It signs the session cookie and tokens of extensions such as Flask-Login and Flask-WTF: whoever knows it can forge sessions and log in as any user.',
  remediation:
    'Generate a new key (python -c "import secrets; print(secrets.token_hex())"), load it from an environment variable or secret manager (app.config.from_prefixed_env or os.environ), and remove the committed value from git history. Existing sessions become invalid.',
  references: ['https://flask.palletsprojects.com/en/stable/config/#SECRET_KEY'],
  docs: {
    summary: 'app.secret_key, app.config["SECRET_KEY"] and Flask config SECRET_KEY literals.',
    path: 'app/__init__.py',
    bad: ["app = Flask(__name__)\napp.secret_key = '" + "3d9f1a7c5e2b8d4f6a0c9e1b7d3f5a8c'", "from flask import Flask\nSECRET_KEY = '" + "Xk7pQ2mVw9Lz4RtYh6Jd1Fs5'"],
    good: ["app.secret_key = os.environ['SECRET_KEY']", "app.config['SECRET_KEY'] = 'dev'", "app.secret_key = 'super-secret-key-for-development'"],
  },
});
