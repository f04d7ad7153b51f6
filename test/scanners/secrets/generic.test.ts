/**
 * The generic detector: a secret-named key with a random-looking value is
 * reported in every file form; the look-alikes are not.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSecretName, lookalike } from '../../../src/scanners/secrets/generic.js';
import { createSecretsScanner } from '../../../src/scanners/secrets/scanner.js';

const scanner = createSecretsScanner();
const rulesIn = (path: string, text: string) => scanner.scanFile({ path, text }).map((f) => f.ruleId);

/** Deterministic fake values (no secret-shaped literal in the source). */
function fake(length: number, seed: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    for (const byte of createHash('sha256').update(`generic:${seed}:${i}`).digest()) out += alphabet[byte % alphabet.length];
  }
  return out.slice(0, length);
}

const V = fake(18, 1);
const SYMBOLS = `${fake(10, 2)}#!${fake(6, 3)}`;
const HEX = (n: number, seed: number) => fake(n, seed, '0123456789abcdef');

describe('generic-secret-assignment reports', () => {
  it.each([
    ['.env', `DB_PASS=${V}\n`],
    ['.env', `SMTP_PASSWORD='${SYMBOLS}'\n`],
    ['.env', `AUTH=${V}\n`],
    ['config/database.yml', `production:\n  password: ${V}\n`],
    ['config/app.ini', `[api]\nsecret = ${V}\n`],
    ['conf/service.properties', `datasource.password=${V}\n`],
    ['pyproject.toml', `[tool.x]\napi_key = "${V}"\n`],
    ['src/client.ts', `const clientSecret = "${V}";\n`],
    ['Dockerfile', `FROM alpine\nENV API_TOKEN ${V}\n`],
    ['infra/prod.tfvars', `db_password = "${V}"\n`],
    ['conf/app.xml', `<auth>\n  <password>${V}</password>\n</auth>\n`],
    ['deploy/run.sh', `mysql --user=app --password=${V} app < dump.sql\n`],
    ['README.md', `DEPLOY_TOKEN=${V}\n`],
    // A leading $ is part of a Java literal, not a shell reference.
    ['src/main/java/Db.java', `private static final String DB_PASSWORD = "$E$_${fake(10, 30)}62";\n`],
  ])('%s: %j', (path, text) => {
    expect(rulesIn(path, text)).toContain('generic-secret-assignment');
  });
});

describe('generic-secret-assignment rejects look-alikes', () => {
  it.each([
    // Hashes and digests.
    ['checksums.yml', `token_sha256: ${HEX(64, 4)}\n`],
    ['build.gradle', `secret = "${HEX(40, 5)}" // commit of the vendored copy\n`],
    ['release.json', `{"api_key_checksum": "${HEX(64, 6)}"}`],
    ['config.yml', `secret: sha512-${fake(86, 7, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}==\n`],
    ['package-lock.json', `"node_modules/secret-handshake": {\n  "integrity": "sha512-${fake(86, 8)}==",\n  "token": "${V}"\n}`],
    ['yarn.lock', `secret-stream@^1:\n  resolved "https://registry.yarnpkg.com/secret-stream/-/secret-stream-1.0.0.tgz#${HEX(40, 9)}"\n  token ${V}\n`],
    // UUIDs.
    ['config.yml', `api_key: ${HEX(8, 10)}-${HEX(4, 11)}-4${HEX(3, 12)}-a${HEX(3, 13)}-${HEX(12, 14)}\n`],
    // Public keys and certificates.
    ['config.yml', `deploy_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, 15)}\n`],
    ['config.yml', `auth_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, 16)} ops@corp\n`],
    ['config.yml', `signing_cert: MIIC${fake(60, 17)}\n`],
    // Placeholders and templates.
    ['.env', 'PASSWORD=changeme\nTOKEN=xxxxxxxxxx\nAPI_KEY=<your-token>\nSECRET=${APP_SECRET}\n'],
    ['ansible/vars.yml', 'db_password: "{{ vault_db_password }}"\napi_token: "{{ lookup(\'env\', \'TOKEN\') }}"\n'],
    ['settings.py', 'PASSWORD = "%(db_password)s"\nTOKEN = process.env.API_TOKEN\nSECRET = os.environ["APP_SECRET"]\n'],
    ['.github/workflows/ci.yml', 'env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n'],
    ['deploy.sh', 'export API_TOKEN=$(vault read -field=token secret/api)\nexport DB_PASSWORD="$DB_PASSWORD_PROD"\n'],
    // References to other values and calls.
    ['src/db.py', 'password = config.database.password2\ntoken = get_token(user)\nsecret = SECRETS["api"]\n'],
    ['template.yml', 'MasterUserPassword: !Ref DbPassword2\npassword: *default_password\n'],
    ['src/app.ts', 'const apiKey = settings.apiKey2;\nconst token = await fetchToken(user);\n'],
    // Bare values in code are identifiers and expressions.
    ['src/app.py', `password = ${V}\n`],
    // Translation catalogues.
    ['i18n/da_DK.json', '{"token_expired": "Dit_link_er_udløbet", "passwordTooShort": "Adgangskoden_er_' + 'for_kort_8"}'],
    ['src/locales/de.json', '{"resetPasswordToken": "Passwort-zurücksetzen"}'],
    ['src/main/resources/messages_fr.properties', 'password.weak=Mot_de_passe_trop_faible1\n'],
    // Minified and generated code.
    ['dist/app.min.js', `var e={password:"${V}"};`],
    ['public/vendor.js', `${'a=1;'.repeat(500)}var t={token:"${V}"};`],
    // Settings that are about a secret, not the secret.
    ['.env', 'PASSWORD_MIN_LENGTH=12\nTOKEN_TTL=3600s\nAUTH_PROVIDER=github2\nSECRET_NAME=prod-db-creds-2\nAUTH_ENABLED=true\n'],
    ['config.yml', 'password: >-\n  folded\nsecret: true\ntoken_endpoint: https://login.corp-net.io/oauth2/v2.0/token\n'],
    // Words and sentences.
    ['config.yml', 'password_policy: "at-least-eight-chars"\nauth: "Basic realm=corp"\n'],
    ['src/a.py', 'if bypass:\n    pass\ncompass = "N0rth-by-n0rthwest"\n'],
    ['src/session.py', "_CREDENTIALS_KEY = 'google_oauth2_credentials'\nsecret_key = 'app-v2-prod'\nSTATE_TOKEN = 'oauth2_state_v1'\n"],
    // References to fields of other objects (paginator definitions).
    ['botocore/data/cloudfront/paginators-1.json', '{"output_token": "InvalidationList.NextMarker"}'],
  ])('%s: %j', (path, text) => {
    expect(rulesIn(path, text)).not.toContain('generic-secret-assignment');
  });
});

describe('secret names', () => {
  it.each(['password', 'DB_PASS', 'dbPassword', 'client_secret', 'apiKey', 'API-KEY', 'AUTH', 'basic_auth', 'npm_token', 'PRIVATE_KEY', 'credentials', 'SMTP_PWD'])('%s names a secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });
  it.each([
    'author', 'oauth_url', 'tokenizer', 'bypass', 'compass', 'password_hash', 'token_type', 'public_key', 'secret_name', 'passport', 'auth_provider', 'api_key_id',
    // Client-side identifiers published in web pages by design.
    'MIXPANEL_PROJECT_TOKEN', 'AMPLITUDE_API_KEY', 'ROLLBAR_CLIENT_TOKEN', 'ALGOLIA_SEARCH_ONLY_KEY', 'STRIPE_PUBLISHABLE_KEY', 'RECAPTCHA_SITE_KEY', 'DD_CLIENT_TOKEN', 'segmentWriteKey',
  ])('%s does not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
  it('explains why a value is a look-alike', () => {
    expect(lookalike('${TOKEN}', '', true)).toBe('placeholder');
    expect(lookalike(HEX(40, 20), 'commit = x', false)).toBe('digest');
    expect(lookalike(V, `token = ${V}`, true)).toBeUndefined();
  });
});

describe('a value whose format a specific rule refutes', () => {
  it('is not reported by the generic rule either: a broken checksum is a fake token, not an unknown credential', async () => {
    const { withBase62Crc32Checksum } = await import('../../../src/scanners/secrets/checksums.js');
    const good = withBase62Crc32Checksum(['np', 'm_'].join(''), fake(30, 40));
    const broken = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    expect(rulesIn('scripts/ci.sh', `export NPM_TOKEN=${good}\n`)).toEqual(['npm-access-token']);
    expect(rulesIn('scripts/ci.sh', `export NPM_TOKEN=${broken}\n`)).toEqual([]);
    // The same random value without the claimed prefix is still a credential by its name.
    expect(rulesIn('scripts/ci.sh', `export NPM_TOKEN=${broken.slice(4)}\n`)).toEqual(['generic-secret-assignment']);
  });
});
