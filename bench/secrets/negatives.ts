/**
 * Hard negatives for the labelled benchmark: values that look like credentials
 * and are not — digests, UUIDs, lockfile integrity values, placeholders and
 * references, public keys, tokens whose checksum is wrong, translation
 * strings, minified code, values encrypted for the repository (Sealed Secrets,
 * SOPS, Ansible Vault, External Secrets references), Helm Secret templates
 * whose values are all `{{ … }}`, and public ids and digests under a provider's
 * section. Any finding in these files is a false positive.
 */
import { withBase62Crc32Checksum, withGrafanaServiceAccountChecksum } from '../../src/scanners/secrets/checksums.js';
import { AGE_KEY, B64, B64URL, PYPI } from './formats.js';
import { ALNUM, DIGITS, HEX, Rng } from './random.js';

export const NEGATIVE_KINDS = [
  'hash',
  'uuid',
  'integrity',
  'placeholder',
  'public-key',
  'public-id',
  'wrong-checksum',
  'translation',
  'minified',
  'encrypted',
  'helm-template',
  'section-public',
] as const;
export type NegativeKind = (typeof NEGATIVE_KINDS)[number];

const join = (...pieces: string[]): string => pieces.join('');
const PROVIDERS = ['SNYK', 'SONAR', 'JFROG', 'ASANA', 'MESSAGEBIRD', 'SENTRY', 'KUCOIN', 'OPSGENIE', 'SQUARESPACE', 'HUBSPOT', 'CONFLUENT', 'TWITCH', 'LINEAR', 'DATADOG', 'ROLLBAR'];

function hash(rng: Rng): string[] {
  const provider = rng.pick(PROVIDERS);
  return rng.pick([
    () => ['# release metadata', `sha256: ${rng.hex(64)}`, `commit: ${rng.hex(40)}`, `md5 = "${rng.hex(32)}"`],
    () => [`${provider}_CLI_SHA256=${rng.hex(64)}`, `${provider}_COMMIT=${rng.hex(40)}`],
    () => [`"${rng.kebab(2)}@^${rng.int(1, 9)}.0.0":`, `  version "${rng.int(1, 9)}.${rng.int(0, 9)}.${rng.int(0, 9)}"`, `  checksum: ${rng.hex(128)}`],
    () => [`github.com/${rng.word()}/${rng.word()} v1.${rng.int(0, 9)}.0 h1:${rng.chars(B64, 43)}=`],
    () => [`      - uses: actions/checkout@${rng.hex(40)} # v4`, `      - uses: ${rng.word()}/setup-${rng.word()}@${rng.hex(40)}`],
    () => [`ETag: "${rng.hex(32)}"`, `X-Request-Hash: ${rng.hex(40)}`],
  ])();
}

function uuid(rng: Rng): string[] {
  const provider = rng.pick(PROVIDERS);
  return rng.pick([
    () => [`{ "requestId": "${rng.uuid()}", "tenantId": "${rng.uuid()}" }`],
    () => [`${provider}_ORG_ID=${rng.uuid()}`, `${provider}_PROJECT_ID=${rng.uuid()}`],
    () => [`  ${provider.toLowerCase()}_team_id: ${rng.uuid()}`, `  region: eu-west-1`],
    () => [`INSERT INTO accounts (id, name) VALUES ('${rng.uuid()}', '${rng.word()}');`],
    () => [`correlation_id = "${rng.uuid()}"`, `trace_id = "${rng.hex(32)}"`],
  ])();
}

function integrity(rng: Rng): string[] {
  return rng.pick([
    () => [`    "node_modules/${rng.kebab(2)}": {`, `      "version": "${rng.int(1, 9)}.${rng.int(0, 9)}.${rng.int(0, 9)}",`, `      "integrity": "sha512-${rng.chars(B64, 86)}=="`, '    },'],
    () => [`<script src="https://cdn.example.com/${rng.word()}.js" integrity="sha384-${rng.chars(B64, 64)}" crossorigin="anonymous"></script>`],
    () => [`  resolution: "${rng.kebab(1)}@npm:${rng.int(1, 9)}.0.0"`, `  checksum: 10c0/${rng.hex(128)}`],
    () => [`sha512-${rng.chars(B64, 86)}==`],
  ])();
}

function placeholder(rng: Rng): string[] {
  const provider = rng.pick(PROVIDERS);
  return rng.pick([
    () => [`${provider}_TOKEN=<your-${provider.toLowerCase()}-token>`, `${provider}_API_KEY=\${${provider}_API_KEY}`],
    () => [`  ${provider.toLowerCase()}_token: \${{ secrets.${provider}_TOKEN }}`],
    () => [`${provider}_SECRET=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, `${provider}_API_KEY=your_api_key_here`],
    () => [`STRIPE_SECRET_KEY=sk_live_${'x'.repeat(24)}`, `GITHUB_TOKEN=ghp_${'X'.repeat(36)}`],
    () => [`"${provider.toLowerCase()}ApiKey": "{{ ${provider.toLowerCase()}_api_key }}"`],
    () => [`${provider}_PASSWORD=changeme`, `${provider}_TOKEN=TODO`],
    () => [`export ${provider}_TOKEN="$(vault kv get -field=token secret/${provider.toLowerCase()})"`],
  ])();
}

function publicKey(rng: Rng): string[] {
  return rng.pick([
    () => [`ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${rng.chars(B64, 340)} deploy@${rng.word()}`],
    () => [`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.chars(B64, 43)} ${rng.word()}@laptop`],
    () => {
      const body = rng.chars(B64, 384);
      const lines = body.match(/.{1,64}/g) ?? [];
      return [join('-----BEGIN ', 'PUBLIC KEY-----'), 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA', ...lines, join('-----END ', 'PUBLIC KEY-----')];
    },
    () => [`recipient: age1${rng.chars('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}`],
    () => [`STRIPE_PUBLISHABLE_KEY=${join('pk', '_live_')}${rng.chars(ALNUM, 99)}`],
    () => [`posthog.init('${join('ph', 'c_')}${rng.chars(ALNUM, 43)}', { api_host: 'https://eu.posthog.com' })`],
    () => [`MAPBOX_PUBLIC_TOKEN=pk.eyJ1Ijoi${rng.chars(B64URL, 40)}.${rng.chars(B64URL, 22)}`],
  ])();
}

/** Values that providers publish in client code or that identify rather than authenticate, under the provider's name. */
function publicId(rng: Rng): string[] {
  return rng.pick([
    () => [`ALGOLIA_APP_ID=${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 10)}`, `ALGOLIA_SEARCH_ONLY_KEY=${rng.hex(32)}`],
    () => [`MIXPANEL_PROJECT_TOKEN=${rng.hex(32)}`, `AMPLITUDE_API_KEY=${rng.hex(32)}`],
    () => [`PUSHER_APP_ID=${rng.int(1000000, 9999999)}`, `PUSHER_APP_KEY=${rng.hex(20)}`, 'PUSHER_APP_CLUSTER=eu'],
    () => [`TWILIO_ACCOUNT_SID=AC${rng.hex(32)}`, `TWILIO_PHONE_NUMBER=+4420${rng.chars(DIGITS, 8)}`],
    () => [`SENTRY_DSN=https://${rng.hex(32)}@o${rng.int(100000, 999999)}.ingest.sentry.io/${rng.int(1000000, 9999999)}`],
    () => [`CONFLUENT_CLUSTER_ID=lkc-${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 6)}`, `CONFLUENT_BOOTSTRAP_SERVERS=pkc-${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 5)}.eu-west-1.aws.confluent.cloud:9092`],
    () => [`LINKEDIN_CLIENT_ID=${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 14)}`, `DISCORD_CLIENT_ID=${rng.chars(DIGITS, 18)}`, `ASANA_CLIENT_ID=${rng.chars(DIGITS, 16)}`],
    () => [`ROLLBAR_CLIENT_TOKEN=${rng.hex(32)}`, `  rollbarEnvironment: "production"`],
    () => [`INFURA_PROJECT_ID=${rng.hex(32)}`, `ETHERSCAN_URL=https://api.etherscan.io/api`],
    () => [`PAYPAL_CLIENT_ID=A${rng.chars(B64URL, 79)}`, `HUBSPOT_PORTAL_ID=${rng.chars(DIGITS, 8)}`],
  ])();
}

/** Tokens of a checksummed format with the checksum broken. */
function wrongChecksum(rng: Rng): string[] {
  // The last character changed within its class (a hex checksum stays hex): the format holds, the checksum does not.
  const flip = (token: string): string => {
    const last = token.slice(-1);
    const alphabet = /[0-9]/.test(last) ? DIGITS : /[a-f]/.test(last) ? 'abcdef' : /[a-z]/.test(last) ? 'abcdefghijklmnopqrstuvwxyz' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    return token.slice(0, -1) + (alphabet[(alphabet.indexOf(last) + 1) % alphabet.length] ?? '0');
  };
  return rng.pick([
    () => [`GITHUB_TOKEN=${flip(withBase62Crc32Checksum(join('gh', 'p_'), rng.chars(ALNUM, 30)))}`],
    () => [`NPM_TOKEN=${flip(withBase62Crc32Checksum(join('np', 'm_'), rng.chars(ALNUM, 30)))}`],
    () => [`GRAFANA_TOKEN=${flip(withGrafanaServiceAccountChecksum(rng.chars(ALNUM, 32)))}`],
    () => [`SOPS_AGE_KEY=${flip(AGE_KEY(rng))}`],
    () => [`TWINE_PASSWORD=${PYPI(rng).slice(0, -8)}`],
    () => [`GH_TOKEN=${join('gh', 'o_')}${rng.chars(ALNUM, 36)}`],
  ])();
}

const SENTENCES = [
  'Din adgangskode skal indeholde mindst tolv tegn og et tal',
  'Le jeton de réinitialisation du mot de passe a expiré, veuillez réessayer',
  'Der API-Schlüssel wurde erfolgreich erstellt und kann jetzt verwendet werden',
  'Il token di accesso non è valido oppure è scaduto',
  'Tu clave secreta se mostrará solo una vez; guárdala en un lugar seguro',
  'Het wachtwoord moet minstens acht tekens bevatten',
];

function translation(rng: Rng): string[] {
  const key = rng.pick(['password', 'secret', 'token', 'api_key', 'credentials', 'auth']);
  return ['{', `  "${key}_${rng.word()}_hint": "${rng.pick(SENTENCES)}.",`, `  "${key}.label": "${rng.pick(SENTENCES).split(' ').slice(0, 3).join(' ')}",`, `  "${rng.word()}_${key}_error": "${rng.pick(SENTENCES)}!"`, '}'];
}

function minified(rng: Rng): string[] {
  let line = '!function(e,t){"use strict";';
  while (line.length < 3000) {
    const id = rng.chars('abcdefghijklmnopqrstuvwxyz', rng.int(1, 2));
    line += rng.pick([
      `var ${id}=t.${rng.camel(2)}||"${rng.chars(ALNUM, rng.int(4, 12))}";`,
      `e.token=${id}.secret?${id}.apiKey:"";`,
      `function ${id}(n){return n.replace(/[${rng.chars(ALNUM, 6)}]/g,"")}`,
      `${id}.password=${id}.password||null;`,
      `t["${rng.camel(2)}"]=${rng.int(0, 99999)};`,
      `var ${id}="${rng.chars(HEX, 8)}-${rng.chars(HEX, 4)}";`,
    ]);
  }
  return [`${line}}(window,{});`, `//# sourceMappingURL=data:application/json;base64,${rng.chars(B64, 600)}`];
}

/** Sealed Secrets ciphertext: base64 of a version byte, the session key sealed to the controller's RSA key, and the AES-GCM box. */
const sealed = (rng: Rng, rsaBits: number): string => {
  const bytes = 2 + rsaBits / 8 + 16 + rng.int(8, 48);
  return Buffer.from([2, ...Array.from({ length: bytes - 1 }, () => rng.int(0, 255))]).toString('base64');
};

/** Values committed encrypted on purpose, and references to secrets kept elsewhere. */
function encrypted(rng: Rng): string[] {
  const name = rng.kebab(2);
  const bits = rng.pick([2048, 4096]);
  const sops = () => `ENC[AES256_GCM,data:${rng.chars(B64, rng.int(12, 40))}=,iv:${rng.chars(B64, 43)}=,tag:${rng.chars(B64, 22)}==,type:str]`;
  return rng.pick([
    () => ['apiVersion: bitnami.com/v1alpha1', 'kind: SealedSecret', 'metadata:', `  name: ${name}`, `  namespace: ${rng.word()}`, 'spec:', '  encryptedData:', `    DB_PASSWORD: ${sealed(rng, bits)}`, `    API_TOKEN: ${sealed(rng, bits)}`, '  template:', '    metadata:', `      name: ${name}`, '    type: Opaque'],
    () => JSON.stringify({ kind: 'SealedSecret', apiVersion: 'bitnami.com/v1alpha1', metadata: { name }, spec: { encryptedData: { password: sealed(rng, bits), 'secret-key': sealed(rng, bits) } } }, null, 2).split('\n'),
    () => ['db:', `    password: ${sops()}`, `    api_token: ${sops()}`, 'sops:', '    kms: []', `    lastmodified: "2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}T10:00:00Z"`, `    mac: ${sops()}`, '    version: 3.8.1'],
    () => ['apiVersion: external-secrets.io/v1beta1', 'kind: ExternalSecret', 'metadata:', `  name: ${name}`, 'spec:', '  refreshInterval: 1h', '  secretStoreRef:', '    name: vault-backend', '    kind: ClusterSecretStore', '  target:', `    name: ${name}-secret`, '  data:', '  - secretKey: password', '    remoteRef:', `      key: secret/data/${rng.word()}`, '      property: password', '  - secretKey: api_token', '    remoteRef:', `      key: prod/${rng.kebab(2)}`],
    () => [`${rng.word()}_password: !vault |`, '  $ANSIBLE_VAULT;1.1;AES256', ...Array.from({ length: 5 }, () => `  ${rng.hex(80)}`)],
  ])();
}

/** Helm Secret templates: every value is a template expression, none a literal. */
function helmTemplate(rng: Rng): string[] {
  const value = rng.word();
  return [
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: {{ include "chart.fullname" . }}',
    'type: Opaque',
    'data:',
    `  ${value}-password: {{ .Values.${value}.password | b64enc | quote }}`,
    '  {{- if .Values.apiToken }}',
    '  api-token: {{ .Values.apiToken | b64enc }}',
    '  {{- end }}',
    `  secret-key: {{ randAlphaNum 32 | b64enc | quote }}`,
    'stringData:',
    `  DATABASE_PASSWORD: {{ required "a password" .Values.db.password | quote }}`,
    `  token: "{{ .Values.${value}Token }}"`,
  ];
}

/** Public ids, client-side keys and digests under a section named for the provider. */
function sectionPublic(rng: Rng): string[] {
  return rng.pick([
    () => ['twilio:', `  account_sid: AC${rng.hex(32)}`, `  phone_number: "+4420${rng.chars(DIGITS, 8)}"`, `  messaging_service_sid: MG${rng.hex(32)}`],
    () => ['[algolia]', `app_id = ${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 10)}`, `search_only_api_key = ${rng.hex(32)}`],
    () => ['{', '  "Mixpanel": {', `    "ProjectToken": "${rng.hex(32)}",`, `    "ProjectId": ${rng.int(1000000, 9999999)}`, '  }', '}'],
    () => ['pusher:', `  app_id: "${rng.int(1000000, 9999999)}"`, `  key: ${rng.hex(20)}`, '  cluster: eu'],
    () => ['rollbar:', `  client_token: ${rng.hex(32)}`, '  environment: production'],
    () => ['<infura>', `  <projectId>${rng.hex(32)}</projectId>`, '  <network>mainnet</network>', '</infura>'],
    () => ['datadog:', `  site: datadoghq.eu`, `  agent_sha256: ${rng.hex(64)}`, `  client_token: pub${rng.hex(32)}`],
    () => ['[aws]', 'region = eu-west-1', `bucket_etag = ${rng.hex(32)}`, `kms_key_id = ${rng.uuid()}`],
    () => ['sentry:', `  dsn: https://${rng.hex(32)}@o${rng.int(100000, 999999)}.ingest.sentry.io/${rng.int(1000000, 9999999)}`, `  release: ${rng.hex(40)}`],
    () => ['github:', `  app_id: ${rng.int(100000, 999999)}`, `  client_id: Iv1.${rng.hex(16)}`, `  commit: ${rng.hex(40)}`],
  ])();
}

const MAKERS: Record<NegativeKind, (rng: Rng) => string[]> = {
  hash,
  uuid,
  integrity,
  placeholder,
  'public-key': publicKey,
  'public-id': publicId,
  'wrong-checksum': wrongChecksum,
  translation,
  minified,
  encrypted,
  'helm-template': helmTemplate,
  'section-public': sectionPublic,
};

const PATHS: Record<NegativeKind, readonly string[]> = {
  hash: ['release.yaml', 'checksums.env', 'yarn.lock', 'go.sum', '.github/workflows/ci.yml'],
  uuid: ['fixtures.json', '.env', 'values.yaml', 'seed.sql'],
  integrity: ['package-lock.json', 'index.html', 'yarn.lock'],
  placeholder: ['.env.example', 'README.md', '.github/workflows/deploy.yml', 'config.yaml'],
  'public-key': ['authorized_keys', 'keys/public.pem', '.sops.yaml', 'app.js'],
  'public-id': ['.env.production', 'web/.env', 'config/public.env'],
  'wrong-checksum': ['.env', 'ci.env'],
  translation: ['i18n/da_DK.json', 'locales/fr.json', 'locales/de.json'],
  minified: ['dist/app.min.js', 'public/vendor.min.js'],
  encrypted: ['deploy/sealed-secret.yaml', 'k8s/external-secret.yaml', 'secrets.enc.yaml', 'group_vars/all/vault.yml'],
  'helm-template': ['chart/templates/secret.yaml', 'charts/api/templates/secrets.yaml'],
  'section-public': ['config/settings.yaml', 'config/app.ini', 'appsettings.json', 'conf/app.xml'],
};

export function* hardNegatives(rng: Rng, perKind: number): Generator<{ kind: NegativeKind; path: string; text: string }> {
  for (const kind of NEGATIVE_KINDS) {
    for (let i = 0; i < perKind; i++) {
      yield { kind, path: `neg/${kind}/${i}/${rng.pick(PATHS[kind])}`, text: `${MAKERS[kind](rng).join('\n')}\n` };
    }
  }
}
