/**
 * Token formats for the labelled benchmark: one generator per documented
 * provider format (prefix, length, alphabet, checksum), written from the
 * vendors' format descriptions, not from Vigil's rules or their docs examples.
 * A format lists the rule ids that count as finding it (its family's rules).
 * Every value is assembled at run time; no complete token appears here.
 */
import { withBase62Crc32Checksum, withGrafanaServiceAccountChecksum } from '../../src/scanners/secrets/checksums.js';
import { ALNUM, DIGITS, HEX, LOWER, UPPER, type Rng } from './random.js';

export const UPPER_ALNUM = `${UPPER}${DIGITS}`;
export const LOWER_ALNUM = `${LOWER}${DIGITS}`;
export const HEX_UPPER = HEX.toUpperCase();
export const B64URL = `${ALNUM}_-`;
export const B64 = `${ALNUM}+/`;
const BASE32 = `${UPPER}234567`;

/** A literal piece, a run of random characters, or a run of random length. */
export type Part = string | readonly [alphabet: string, length: number] | readonly [alphabet: string, min: number, max: number] | ((rng: Rng) => string);

/** Where a planted value sits: the assignment and file forms the corpus writes. */
export type Form =
  | 'env'
  | 'env-quoted'
  | 'export'
  | 'yaml'
  | 'json'
  | 'code-ts'
  | 'code-py'
  | 'shell'
  | 'yaml-nested'
  | 'toml-section'
  | 'ini-section'
  | 'json-nested'
  | 'xml-nested'
  | 'properties'
  | 'k8s-yaml'
  | 'k8s-json'
  | 'helm'
  | 'php';
/**
 * Every format is planted in these in turn (12 plants a format, starting at a
 * different form for each format, so every form is drawn about equally).
 * The section forms put the provider's name on the line that opens the block
 * (a parent YAML key, a TOML or INI section, a JSON parent object, an XML
 * parent element) and the value under a key without it; `properties` splits
 * the name with dots; the Kubernetes forms hold the value base64-encoded in a
 * Secret's `data:` (a multi-document YAML file, `kubectl get -o json` output,
 * a Helm template whose other values are `{{ … }}`).
 */
export const FORMS: readonly Form[] = [
  'env',
  'env-quoted',
  'export',
  'yaml',
  'json',
  'code-ts',
  'code-py',
  'shell',
  'yaml-nested',
  'toml-section',
  'ini-section',
  'json-nested',
  'xml-nested',
  'properties',
  'k8s-yaml',
  'k8s-json',
  'helm',
];

export interface TokenFormat {
  /** Provider family the per-family report groups by. */
  readonly family: string;
  /** Rule ids whose finding on the planted line counts as a hit. */
  readonly rules: readonly string[];
  /** Variable names the value is assigned to (upper snake case; other cases are derived). */
  readonly names: readonly string[];
  /** The format carries its own prefix or shape, so it is also planted without a provider-named key (shell: an Authorization header). */
  readonly prefixed: boolean;
  readonly parts: readonly Part[];
  /** Restricts the forms (default: all of FORMS). */
  readonly forms?: readonly Form[];
}

export function makeToken(rng: Rng, parts: readonly Part[]): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (typeof part === 'function') out += part(rng);
    else out += rng.chars(part[0], part.length === 2 ? part[1] : rng.int(part[1], part[2] ?? part[1]));
  }
  return out;
}

const UUID = (rng: Rng): string => rng.uuid();
const join = (...pieces: string[]): string => pieces.join('');

/** Legacy Grafana API key: base64 of {"k":…,"n":…,"id":…}, re-drawn until the encoding has no + or /. */
const GRAFANA_LEGACY = (rng: Rng): string => {
  for (;;) {
    const json = JSON.stringify({ k: rng.chars(ALNUM, 32), n: rng.kebab(2), id: rng.int(1, 40) });
    const encoded = Buffer.from(json).toString('base64');
    if (!/[+/]/.test(encoded)) return encoded;
  }
};

/** GitHub/npm style: prefix + 30 random base62 + 6 base62 CRC-32. */
const crcToken = (prefix: string) => (rng: Rng): string => withBase62Crc32Checksum(prefix, rng.chars(ALNUM, 30));

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (GENERATOR[i] as number)) >>> 0;
  }
  return chk;
}
/** age identity: AGE-SECRET-KEY-1 + 52 data characters + 6 bech32 checksum characters (BIP-173). */
export const AGE_KEY = (rng: Rng): string => {
  const hrp = 'age-secret-key-';
  const data = Array.from({ length: 52 }, () => rng.int(0, 31));
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => BECH32[v]).join('')}`.toUpperCase();
};

/** PyPI token: "pypi-" + base64url of a version 2 macaroon (location, identifier, caveats, 32-byte signature). */
export const PYPI = (rng: Rng): string => {
  const field = (type: number, data: Buffer): Buffer => Buffer.concat([Buffer.from([type, data.length]), data]);
  const signature = Buffer.from(rng.chars(HEX, 64), 'hex');
  const caveat = `{"version": 1, "permissions": ${rng.chance(0.5) ? '"user"' : `{"projects": ["${rng.kebab(2)}"]}`}}`;
  const bytes = Buffer.concat([Buffer.from([2]), field(1, Buffer.from('pypi.org')), field(2, Buffer.from(rng.uuid())), Buffer.from([0]), field(2, Buffer.from(caveat)), Buffer.from([0]), Buffer.from([0]), field(6, signature)]);
  return join('py', 'pi-', bytes.toString('base64url'));
};

/** JFrog reference token: base64 of "reftkn:01:<expiry>:<random>". */
const JFROG_REFERENCE = (rng: Rng): string => Buffer.from(`reftkn:01:${rng.int(1_700_000_000, 2_000_000_000)}:${rng.chars(ALNUM, 27)}`).toString('base64').replace(/=+$/, '');

/** Mapbox secret token: sk. + base64url JSON naming the account + . + 22 characters. */
const MAPBOX_SECRET = (rng: Rng): string => {
  const payload = Buffer.from(JSON.stringify({ u: rng.word() + rng.int(1, 99), a: rng.chars(LOWER_ALNUM, 25) })).toString('base64url');
  return join('sk', '.', payload, '.', rng.chars(B64URL, 22));
};

/** Grafana Cloud access policy token: glc_ + base64 of {"o":…,"n":…,"k":…,"m":{"r":…}}. */
const GRAFANA_CLOUD = (rng: Rng): string =>
  join('gl', 'c_', Buffer.from(JSON.stringify({ o: String(rng.int(100000, 999999)), n: `stack-${rng.int(100000, 999999)}-alloy-${rng.word()}`, k: rng.chars(ALNUM, 24), m: { r: rng.pick(['prod-us-east-0', 'prod-eu-west-2']) } })).toString('base64'));

/** Slack incoming webhook: T<team>/B<bot>/<24 secret>. */
const SLACK_WEBHOOK = (rng: Rng): string => join('https://hooks.', 'slack.com/services/T', rng.chars(UPPER_ALNUM, 10), '/B', rng.chars(UPPER_ALNUM, 10), '/', rng.chars(ALNUM, 24));

/** Discord bot token: base64 of the bot's snowflake id . 6 . 38. */
const DISCORD_BOT = (rng: Rng): string => join(Buffer.from(`1${rng.chars(DIGITS, 17)}`).toString('base64url'), '.', rng.chars(B64URL, 6), '.', rng.chars(B64URL, 38));

export const FORMATS: readonly TokenFormat[] = [
  // Families Vigil covered before this benchmark.
  { family: 'AWS', rules: ['aws-access-key-id'], names: ['AWS_ACCESS_KEY_ID'], prefixed: true, parts: ['AK', 'IA', [BASE32, 16]] },
  { family: 'AWS', rules: ['aws-secret-access-key'], names: ['AWS_SECRET_ACCESS_KEY'], prefixed: false, parts: [[B64, 40]] },
  { family: 'GitHub', rules: ['github-token'], names: ['GITHUB_TOKEN', 'GH_TOKEN'], prefixed: true, parts: [crcToken(join('gh', 'p_'))] },
  { family: 'GitHub', rules: ['github-token'], names: ['GITHUB_APP_TOKEN'], prefixed: true, parts: [crcToken(join('gh', 's_'))] },
  { family: 'GitHub', rules: ['github-fine-grained-token'], names: ['GITHUB_PAT'], prefixed: true, parts: ['github', '_pat_', '11', [UPPER_ALNUM, 20], '_', [ALNUM, 59]] },
  { family: 'GitLab', rules: ['gitlab-personal-access-token'], names: ['GITLAB_TOKEN', 'CI_API_TOKEN'], prefixed: true, parts: ['gl', 'pat-', [B64URL, 20]] },
  { family: 'GitLab', rules: ['gitlab-pipeline-trigger-token'], names: ['GITLAB_TRIGGER_TOKEN'], prefixed: true, parts: ['gl', 'ptt-', [HEX, 40]] },
  { family: 'GitLab', rules: ['gitlab-runner-authentication-token'], names: ['RUNNER_TOKEN'], prefixed: true, parts: ['gl', 'rt-', [B64URL, 20]] },
  { family: 'Slack', rules: ['slack-bot-token'], names: ['SLACK_BOT_TOKEN'], prefixed: true, parts: ['xo', 'xb-', [DIGITS, 12], '-', [DIGITS, 13], '-', [ALNUM, 24]] },
  { family: 'Slack', rules: ['slack-user-token'], names: ['SLACK_USER_TOKEN'], prefixed: true, parts: ['xo', 'xp-', [DIGITS, 12], '-', [DIGITS, 12], '-', [DIGITS, 13], '-', [HEX, 32]] },
  { family: 'Slack', rules: ['slack-app-token'], names: ['SLACK_APP_TOKEN'], prefixed: true, parts: ['xa', 'pp-1-A', [UPPER_ALNUM, 10], '-', [DIGITS, 13], '-', [HEX, 64]] },
  { family: 'Slack', rules: ['slack-legacy-token'], names: ['SLACK_LEGACY_TOKEN', 'SLACK_WORKSPACE_TOKEN'], prefixed: true, parts: ['xo', 'xs-', [DIGITS, 10], '-', [DIGITS, 12], '-', [DIGITS, 13], '-', [HEX, 64]] },
  { family: 'Slack', rules: ['slack-legacy-token'], names: ['SLACK_WORKSPACE_TOKEN'], prefixed: true, parts: ['xo', 'xa-2-', [ALNUM, 32]] },
  { family: 'Slack', rules: ['slack-legacy-token'], names: ['SLACK_TOKEN'], prefixed: true, parts: ['xo', 'xo-', [DIGITS, 4], '-', [DIGITS, 10], '-', [DIGITS, 10], '-', [HEX, 24]] },
  { family: 'Slack', rules: ['slack-webhook-url'], names: ['SLACK_WEBHOOK_URL'], prefixed: true, parts: [SLACK_WEBHOOK] },
  { family: 'Stripe', rules: ['stripe-secret-key'], names: ['STRIPE_SECRET_KEY'], prefixed: true, parts: ['sk', '_live_', [ALNUM, 24, 99]] },
  { family: 'Stripe', rules: ['stripe-restricted-key'], names: ['STRIPE_RESTRICTED_KEY'], prefixed: true, parts: ['rk', '_live_', [ALNUM, 24, 99]] },
  { family: 'Stripe', rules: ['stripe-webhook-secret'], names: ['STRIPE_WEBHOOK_SECRET'], prefixed: true, parts: ['wh', 'sec_', [ALNUM, 32]] },
  { family: 'OpenAI', rules: ['openai-api-key'], names: ['OPENAI_API_KEY'], prefixed: true, parts: ['sk', '-proj-', [B64URL, 74], 'T3Blbk', 'FJ', [B64URL, 74]] },
  { family: 'OpenAI', rules: ['openai-api-key'], names: ['OPENAI_KEY'], prefixed: true, parts: ['sk', '-', [ALNUM, 20], 'T3Blbk', 'FJ', [ALNUM, 20]] },
  { family: 'Anthropic', rules: ['anthropic-api-key'], names: ['ANTHROPIC_API_KEY'], prefixed: true, parts: ['sk', '-ant-api03-', [B64URL, 93], 'AA'] },
  { family: 'npm', rules: ['npm-access-token'], names: ['NPM_TOKEN'], prefixed: true, parts: [crcToken(join('np', 'm_'))] },
  { family: 'PyPI', rules: ['pypi-upload-token'], names: ['TWINE_PASSWORD', 'PYPI_API_TOKEN'], prefixed: true, parts: [PYPI] },
  { family: 'Google', rules: ['google-api-key'], names: ['GOOGLE_API_KEY', 'GEMINI_API_KEY'], prefixed: true, parts: ['AI', 'za', [B64URL, 35]] },
  { family: 'SendGrid', rules: ['sendgrid-api-key'], names: ['SENDGRID_API_KEY'], prefixed: true, parts: ['SG', '.', [B64URL, 22], '.', [B64URL, 43]] },
  { family: 'Twilio', rules: ['twilio-api-key'], names: ['TWILIO_API_KEY'], prefixed: true, parts: ['S', 'K', [HEX, 32]] },
  { family: 'Twilio', rules: ['twilio-auth-token'], names: ['TWILIO_AUTH_TOKEN'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Mailchimp', rules: ['mailchimp-api-key'], names: ['MAILCHIMP_API_KEY'], prefixed: true, parts: [[HEX, 32], '-us', [DIGITS, 1, 2]] },
  { family: 'Hugging Face', rules: ['huggingface-token'], names: ['HF_TOKEN'], prefixed: true, parts: ['h', 'f_', [`${UPPER}${LOWER}`, 34]] },
  { family: 'DigitalOcean', rules: ['digitalocean-personal-access-token'], names: ['DIGITALOCEAN_TOKEN'], prefixed: true, parts: ['dop', '_v1_', [HEX, 64]] },
  { family: 'Doppler', rules: ['doppler-token'], names: ['DOPPLER_TOKEN'], prefixed: true, parts: ['dp', '.st.', [LOWER, 3, 8], '.', [ALNUM, 40]] },
  { family: 'Databricks', rules: ['databricks-token'], names: ['DATABRICKS_TOKEN'], prefixed: true, parts: ['da', 'pi', [HEX, 32]] },
  { family: 'Shopify', rules: ['shopify-access-token'], names: ['SHOPIFY_ACCESS_TOKEN'], prefixed: true, parts: ['shp', 'at_', [HEX, 32]] },
  { family: 'Square', rules: ['square-access-token'], names: ['SQUARE_ACCESS_TOKEN'], prefixed: true, parts: ['EA', 'AA', [B64URL, 60]] },
  { family: 'Sentry', rules: ['sentry-user-auth-token'], names: ['SENTRY_AUTH_TOKEN'], prefixed: true, parts: ['sntr', 'yu_', [HEX, 64]] },
  { family: 'Telegram', rules: ['telegram-bot-token'], names: ['TELEGRAM_BOT_TOKEN'], prefixed: true, parts: [[DIGITS, 10], ':A', 'A', [B64URL, 33]] },
  { family: 'Discord', rules: ['discord-bot-token'], names: ['DISCORD_BOT_TOKEN'], prefixed: true, parts: [DISCORD_BOT] },
  { family: 'Discord', rules: ['discord-webhook-url'], names: ['DISCORD_WEBHOOK_URL'], prefixed: true, parts: ['https://discord.com/api/', 'webhooks/', [DIGITS, 19], '/', [B64URL, 68]] },
  { family: 'Linear', rules: ['linear-api-key'], names: ['LINEAR_API_KEY'], prefixed: true, parts: ['lin', '_api_', [ALNUM, 40]] },
  { family: 'Notion', rules: ['notion-integration-token'], names: ['NOTION_TOKEN'], prefixed: true, parts: ['nt', 'n_', [ALNUM, 46]] },
  { family: 'Postman', rules: ['postman-api-key'], names: ['POSTMAN_API_KEY'], prefixed: true, parts: ['PM', 'AK-', [HEX, 24], '-', [HEX, 34]] },
  { family: 'Pulumi', rules: ['pulumi-access-token'], names: ['PULUMI_ACCESS_TOKEN'], prefixed: true, parts: ['pu', 'l-', [HEX, 40]] },
  { family: 'PlanetScale', rules: ['planetscale-token'], names: ['PLANETSCALE_SERVICE_TOKEN'], prefixed: true, parts: ['pscale', '_tkn_', [B64URL, 43]] },
  { family: 'New Relic', rules: ['new-relic-user-api-key'], names: ['NEW_RELIC_API_KEY'], prefixed: true, parts: ['NR', 'AK-', [UPPER_ALNUM, 27]] },
  { family: 'Supabase', rules: ['supabase-access-token'], names: ['SUPABASE_ACCESS_TOKEN'], prefixed: true, parts: ['sb', 'p_', [HEX, 40]] },
  { family: 'RubyGems', rules: ['rubygems-api-key'], names: ['GEM_HOST_API_KEY'], prefixed: true, parts: ['ruby', 'gems_', [HEX, 48]] },
  { family: 'Shippo', rules: ['shippo-api-token'], names: ['SHIPPO_API_TOKEN'], prefixed: true, parts: ['shippo', '_live_', [HEX, 40]] },
  { family: 'EasyPost', rules: ['easypost-api-key'], names: ['EASYPOST_API_KEY'], prefixed: true, parts: ['EZ', 'AK', [ALNUM, 54]] },
  { family: 'Brevo (Sendinblue)', rules: ['brevo-api-key'], names: ['BREVO_API_KEY', 'SENDINBLUE_API_KEY'], prefixed: true, parts: ['xkey', 'sib-', [HEX, 64], '-', [ALNUM, 16]] },
  { family: 'Groq', rules: ['groq-api-key'], names: ['GROQ_API_KEY'], prefixed: true, parts: ['gs', 'k_', [ALNUM, 52]] },
  { family: 'Replicate', rules: ['replicate-api-token'], names: ['REPLICATE_API_TOKEN'], prefixed: true, parts: ['r8', '_', [ALNUM, 37]] },
  { family: 'Perplexity', rules: ['perplexity-api-key'], names: ['PERPLEXITY_API_KEY'], prefixed: true, parts: ['pp', 'lx-', [ALNUM, 48]] },
  { family: 'Terraform Cloud', rules: ['terraform-cloud-token'], names: ['TFE_TOKEN', 'TF_TOKEN_app_terraform_io'], prefixed: true, parts: [[ALNUM, 14], '.atlas', 'v1.', [B64URL, 67]] },
  { family: 'HashiCorp Vault', rules: ['vault-token'], names: ['VAULT_TOKEN'], prefixed: true, parts: ['hv', 's.', [B64URL, 90]] },
  { family: 'Netlify', rules: ['netlify-access-token'], names: ['NETLIFY_AUTH_TOKEN'], prefixed: true, parts: ['nf', 'p_', [ALNUM, 36]] },
  { family: 'Tailscale', rules: ['tailscale-key'], names: ['TS_AUTHKEY'], prefixed: true, parts: ['tskey', '-auth-', [ALNUM, 17], '-', [ALNUM, 33]] },
  { family: 'Snyk', rules: ['snyk-api-token'], names: ['SNYK_TOKEN', 'SNYK_API_TOKEN'], prefixed: false, parts: [UUID] },
  { family: 'SonarQube', rules: ['sonarqube-token'], names: ['SONAR_TOKEN'], prefixed: true, parts: ['sq', 'p_', [HEX, 40]] },
  { family: 'SonarQube', rules: ['sonarqube-token'], names: ['SONAR_TOKEN', 'SONARQUBE_TOKEN'], prefixed: true, parts: ['sq', 'u_', [HEX, 40]] },
  { family: 'SonarQube', rules: ['sonarqube-legacy-token'], names: ['SONAR_TOKEN', 'SONAR_LOGIN'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'JFrog', rules: ['artifactory-api-key'], names: ['ARTIFACTORY_API_KEY'], prefixed: true, parts: ['AK', 'Cp', [ALNUM, 69]] },
  { family: 'JFrog', rules: ['jfrog-reference-token'], names: ['JFROG_ACCESS_TOKEN'], prefixed: true, parts: [JFROG_REFERENCE] },
  { family: 'Asana', rules: ['asana-personal-access-token'], names: ['ASANA_PAT', 'ASANA_ACCESS_TOKEN'], prefixed: false, parts: ['2/', [DIGITS, 16], '/', [DIGITS, 16], ':', [HEX, 32]] },
  { family: 'age', rules: ['age-secret-key'], names: ['SOPS_AGE_KEY'], prefixed: true, parts: [AGE_KEY] },
  { family: 'Grafana', rules: ['grafana-service-account-token'], names: ['GRAFANA_TOKEN'], prefixed: true, parts: [(rng) => withGrafanaServiceAccountChecksum(rng.chars(ALNUM, 32))] },
  { family: 'Grafana', rules: ['grafana-cloud-token'], names: ['GRAFANA_CLOUD_TOKEN'], prefixed: true, parts: [GRAFANA_CLOUD] },
  { family: 'Mapbox', rules: ['mapbox-secret-token'], names: ['MAPBOX_SECRET_TOKEN'], prefixed: true, parts: [MAPBOX_SECRET] },
  { family: 'Fly.io', rules: ['fly-io-token'], names: ['FLY_API_TOKEN'], prefixed: true, parts: ['fm2', '_', [B64, 120]] },
  { family: 'Postgres', rules: ['postgres-connection-url'], names: ['DATABASE_URL'], prefixed: true, parts: ['postgres', '://app:', [ALNUM, 20], '@db.internal:5432/app'] },
  // Families added with this benchmark (one format per new rule).
  { family: '1Password', rules: ['onepassword-secret-key'], names: ['OP_SECRET_KEY', 'ONEPASSWORD_SECRET_KEY'], prefixed: true, parts: ['A3-', [UPPER_ALNUM, 6], '-', [UPPER_ALNUM, 6], '-', [UPPER_ALNUM, 5], '-', [UPPER_ALNUM, 5], '-', [UPPER_ALNUM, 5], '-', [UPPER_ALNUM, 5]] },
  { family: 'Adobe', rules: ['adobe-client-secret'], names: ['ADOBE_CLIENT_SECRET', 'IMS_CLIENT_SECRET'], prefixed: true, parts: ['p8e-', [ALNUM, 32]] },
  { family: 'Authress', rules: ['authress-access-key'], names: ['AUTHRESS_SERVICE_CLIENT_KEY', 'AUTHRESS_ACCESS_KEY'], prefixed: true, parts: ['sc_', [LOWER_ALNUM, 12], '.', [LOWER_ALNUM, 5], '.acc_', [LOWER_ALNUM, 20], '.', [B64URL, 64]] },
  { family: 'Amazon Bedrock', rules: ['aws-bedrock-api-key'], names: ['AWS_BEARER_TOKEN_BEDROCK', 'BEDROCK_API_KEY'], prefixed: true, parts: ['ABSK', 'QmVkcm9ja0FQSUtleS', [B64, 130]] },
  { family: 'ClickHouse Cloud', rules: ['clickhouse-cloud-api-secret'], names: ['CLICKHOUSE_API_SECRET', 'CLICKHOUSE_CLOUD_KEY_SECRET'], prefixed: true, parts: ['4b1d', [ALNUM, 38]] },
  { family: 'Clojars', rules: ['clojars-deploy-token'], names: ['CLOJARS_PASSWORD', 'CLOJARS_DEPLOY_TOKEN'], prefixed: true, parts: ['CLOJARS_', [LOWER_ALNUM, 60]] },
  { family: 'Defined Networking', rules: ['defined-networking-api-token'], names: ['DN_API_KEY', 'DEFINED_API_TOKEN'], prefixed: true, parts: ['dnkey-', [UPPER_ALNUM, 26], '-', [UPPER_ALNUM, 52]] },
  { family: 'Duffel', rules: ['duffel-api-token'], names: ['DUFFEL_ACCESS_TOKEN', 'DUFFEL_API_TOKEN'], prefixed: true, parts: ['duffel_live_', [B64URL, 43]] },
  { family: 'Dynatrace', rules: ['dynatrace-api-token'], names: ['DT_API_TOKEN', 'DYNATRACE_API_TOKEN'], prefixed: true, parts: ['dt0c01.', [UPPER_ALNUM, 24], '.', [UPPER_ALNUM, 64]] },
  { family: 'Frame.io', rules: ['frameio-api-token'], names: ['FRAMEIO_TOKEN', 'FRAME_IO_API_TOKEN'], prefixed: true, parts: ['fio-u-', [B64URL, 64]] },
  { family: 'GitLab', rules: ['gitlab-session-cookie'], names: ['COOKIE', 'REQUEST_COOKIE'], prefixed: true, parts: ['_gitlab_session=', [HEX, 32]] },
  { family: 'Grafana', rules: ['grafana-api-key'], names: ['GRAFANA_API_KEY', 'GF_API_KEY'], prefixed: true, parts: [GRAFANA_LEGACY] },
  { family: 'Harness', rules: ['harness-api-key'], names: ['HARNESS_API_KEY', 'HARNESS_PLATFORM_API_KEY'], prefixed: true, parts: ['pat.', [B64URL, 22], '.', [ALNUM, 24], '.', [ALNUM, 20]] },
  { family: 'Infracost', rules: ['infracost-api-key'], names: ['INFRACOST_API_KEY'], prefixed: true, parts: ['ico-', [ALNUM, 32]] },
  { family: '42 Intra', rules: ['intra42-client-secret'], names: ['FT_CLIENT_SECRET', 'INTRA_CLIENT_SECRET'], prefixed: true, parts: ['s-s4t2ud-', [HEX, 64]] },
  { family: 'MaxMind', rules: ['maxmind-license-key'], names: ['MAXMIND_LICENSE_KEY', 'GEOIPUPDATE_LICENSE_KEY'], prefixed: true, parts: [[ALNUM, 6], '_', [ALNUM, 29], '_mmk'] },
  { family: 'Octopus Deploy', rules: ['octopus-deploy-api-key'], names: ['OCTOPUS_API_KEY', 'OCTOPUS_CLI_API_KEY'], prefixed: true, parts: ['API-', [UPPER_ALNUM, 26]] },
  { family: 'OpenShift', rules: ['openshift-user-token'], names: ['OPENSHIFT_TOKEN', 'OC_TOKEN'], prefixed: true, parts: ['sha256~', [B64URL, 43]] },
  { family: 'Prefect', rules: ['prefect-api-key'], names: ['PREFECT_API_KEY'], prefixed: true, parts: ['pnu_', [ALNUM, 36]] },
  { family: 'ReadMe', rules: ['readme-api-key'], names: ['README_API_KEY', 'RDME_API_KEY'], prefixed: true, parts: ['rdme_', [LOWER_ALNUM, 70]] },
  { family: 'Scalingo', rules: ['scalingo-api-token'], names: ['SCALINGO_API_TOKEN'], prefixed: true, parts: ['tk-us-', [B64URL, 48]] },
  { family: 'SettleMint', rules: ['settlemint-access-token'], names: ['SETTLEMINT_ACCESS_TOKEN'], prefixed: true, parts: ['sm_pat_', [ALNUM, 16]] },
  { family: 'Yandex Cloud', rules: ['yandex-cloud-api-key'], names: ['YC_API_KEY', 'YANDEX_API_KEY'], prefixed: true, parts: ['AQVN', [B64URL, 36]] },
  { family: 'xAI', rules: ['xai-api-key'], names: ['XAI_API_KEY', 'GROK_API_KEY'], prefixed: true, parts: ['xai-', [ALNUM, 80]] },
  { family: 'OpenRouter', rules: ['openrouter-api-key'], names: ['OPENROUTER_API_KEY'], prefixed: true, parts: ['sk-or-v1-', [HEX, 64]] },
  { family: 'LangSmith', rules: ['langsmith-api-key'], names: ['LANGSMITH_API_KEY', 'LANGCHAIN_API_KEY'], prefixed: true, parts: ['lsv2_pt_', [HEX, 32], '_', [HEX, 10]] },
  { family: 'NVIDIA', rules: ['nvidia-api-key'], names: ['NVIDIA_API_KEY', 'NGC_API_KEY'], prefixed: true, parts: ['nvapi-', [B64URL, 64]] },
  { family: 'PostHog', rules: ['posthog-personal-api-key'], names: ['POSTHOG_PERSONAL_API_KEY', 'POSTHOG_API_KEY'], prefixed: true, parts: ['phx_', [ALNUM, 43]] },
  { family: 'Adafruit IO', rules: ['adafruit-io-key'], names: ['ADAFRUIT_IO_KEY', 'AIO_KEY'], prefixed: true, parts: ['aio_', [ALNUM, 28]] },
  { family: 'Zapier', rules: ['zapier-webhook-url'], names: ['ZAPIER_WEBHOOK_URL'], prefixed: true, parts: ['https://hooks.zapier.com/hooks/catch/', [DIGITS, 8], '/', [LOWER_ALNUM, 6], '/'] },
  { family: 'Tavily', rules: ['tavily-api-key'], names: ['TAVILY_API_KEY'], prefixed: true, parts: ['tvly-', [ALNUM, 32]] },
  { family: 'ElevenLabs', rules: ['elevenlabs-api-key'], names: ['ELEVENLABS_API_KEY', 'ELEVEN_API_KEY', 'XI_API_KEY'], prefixed: true, parts: ['sk_', [HEX, 48]] },
  { family: 'Freemius', rules: ['freemius-secret-key'], names: ['secret_key'], prefixed: true, parts: ['sk_', [ALNUM, 29]], forms: ['php'] },
  { family: 'Cloudinary', rules: ['cloudinary-url'], names: ['CLOUDINARY_URL'], prefixed: true, parts: ['cloudinary://', [DIGITS, 15], ':', [B64URL, 27], '@acme-media'] },
  { family: 'JFrog', rules: ['jfrog-identity-token'], names: ['JFROG_ACCESS_TOKEN', 'ARTIFACTORY_IDENTITY_TOKEN', 'JF_ACCESS_TOKEN'], prefixed: false, parts: [[ALNUM, 64]] },
  { family: 'Sidekiq', rules: ['sidekiq-enterprise-credentials'], names: ['BUNDLE_GEMS__CONTRIBSYS__COM', 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM'], prefixed: false, forms: ['env', 'env-quoted', 'export', 'yaml', 'shell'], parts: [[HEX, 8], ':', [HEX, 8]] },
  { family: 'Sidekiq', rules: ['sidekiq-gem-source-url'], names: ['GEM_SOURCE', 'SIDEKIQ_SOURCE'], prefixed: true, parts: ['https://', [HEX, 8], ':', [HEX, 8], '@gems.contribsys.com/'] },
  { family: 'MessageBird (Bird)', rules: ['messagebird-api-key'], names: ['MESSAGEBIRD_API_KEY', 'MESSAGEBIRD_ACCESS_KEY'], prefixed: false, parts: [[ALNUM, 25]] },
  { family: 'Asana', rules: ['asana-client-secret'], names: ['ASANA_CLIENT_SECRET', 'ASANA_OAUTH_SECRET'], prefixed: false, parts: [[LOWER_ALNUM, 32]] },
  { family: 'Confluent Cloud', rules: ['confluent-api-secret'], names: ['CONFLUENT_CLOUD_API_SECRET', 'CONFLUENT_API_SECRET'], prefixed: false, parts: [[B64, 64]] },
  { family: 'Contentful', rules: ['contentful-delivery-token'], names: ['CONTENTFUL_DELIVERY_TOKEN', 'CONTENTFUL_PREVIEW_ACCESS_TOKEN'], prefixed: false, parts: [[B64URL, 43]] },
  { family: 'Etsy', rules: ['etsy-api-key'], names: ['ETSY_API_KEY', 'ETSY_KEYSTRING'], prefixed: false, parts: [[LOWER_ALNUM, 24]] },
  { family: 'Fastly', rules: ['fastly-api-token'], names: ['FASTLY_API_TOKEN', 'FASTLY_API_KEY'], prefixed: false, parts: [[B64URL, 32]] },
  { family: 'Finicity (Mastercard Open Banking)', rules: ['finicity-credentials'], names: ['FINICITY_APP_KEY', 'FINICITY_PARTNER_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Finnhub', rules: ['finnhub-api-key'], names: ['FINNHUB_API_KEY', 'FINNHUB_TOKEN'], prefixed: false, parts: [[LOWER_ALNUM, 20]] },
  { family: 'FreshBooks', rules: ['freshbooks-access-token'], names: ['FRESHBOOKS_ACCESS_TOKEN', 'FRESHBOOKS_CLIENT_SECRET'], prefixed: false, parts: [[HEX, 64]] },
  { family: 'Gitter', rules: ['gitter-access-token'], names: ['GITTER_TOKEN', 'GITTER_ACCESS_TOKEN'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'GoCardless', rules: ['gocardless-access-token'], names: ['GOCARDLESS_ACCESS_TOKEN', 'GOCARDLESS_TOKEN'], prefixed: false, parts: ['live_', [B64URL, 40]] },
  { family: 'HubSpot', rules: ['hubspot-api-key-legacy'], names: ['HUBSPOT_API_KEY', 'HAPIKEY'], prefixed: false, parts: [UUID] },
  { family: 'Kraken', rules: ['kraken-api-secret'], names: ['KRAKEN_API_SECRET', 'KRAKEN_PRIVATE_KEY'], prefixed: false, parts: [[B64, 86], '=='] },
  { family: 'KuCoin', rules: ['kucoin-api-key'], names: ['KUCOIN_API_KEY', 'KUCOIN_API_SECRET'], prefixed: false, parts: [[HEX, 24]] },
  { family: 'LinkedIn', rules: ['linkedin-client-secret'], names: ['LINKEDIN_CLIENT_SECRET'], prefixed: false, parts: [[ALNUM, 16]] },
  { family: 'Looker', rules: ['looker-client-secret'], names: ['LOOKERSDK_CLIENT_SECRET', 'LOOKER_CLIENT_SECRET'], prefixed: false, parts: [[ALNUM, 24]] },
  { family: 'Mattermost', rules: ['mattermost-access-token'], names: ['MATTERMOST_TOKEN', 'MATTERMOST_ACCESS_TOKEN'], prefixed: false, parts: [[LOWER_ALNUM, 26]] },
  { family: 'New York Times', rules: ['nytimes-api-key'], names: ['NYTIMES_API_KEY', 'NYT_NYTIMES_KEY'], prefixed: false, parts: [[ALNUM, 32]] },
  { family: 'RapidAPI', rules: ['rapidapi-key'], names: ['RAPIDAPI_KEY', 'X_RAPIDAPI_KEY'], prefixed: false, parts: [[ALNUM, 10], 'msh', [ALNUM, 25], 'jsn', [ALNUM, 9]] },
  { family: 'Sendbird', rules: ['sendbird-api-token'], names: ['SENDBIRD_API_TOKEN', 'SENDBIRD_MASTER_TOKEN'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'Squarespace', rules: ['squarespace-api-key'], names: ['SQUARESPACE_API_KEY'], prefixed: false, parts: [UUID] },
  { family: 'Sumo Logic', rules: ['sumo-logic-access-key'], names: ['SUMO_ACCESS_KEY', 'SUMOLOGIC_ACCESS_KEY'], prefixed: false, parts: [[ALNUM, 64]] },
  { family: 'Twitch', rules: ['twitch-api-token'], names: ['TWITCH_CLIENT_SECRET', 'TWITCH_OAUTH_TOKEN'], prefixed: false, parts: [[LOWER_ALNUM, 30]] },
  { family: 'Twitter/X', rules: ['twitter-api-secret'], names: ['TWITTER_CONSUMER_SECRET', 'TWITTER_ACCESS_TOKEN_SECRET', 'TWITTER_API_SECRET'], prefixed: false, parts: [[ALNUM, 50]] },
  { family: 'PagerDuty', rules: ['pagerduty-api-key'], names: ['PAGERDUTY_TOKEN', 'PAGERDUTY_API_KEY'], prefixed: false, parts: ['u+', [B64URL, 18]] },
  { family: 'Opsgenie', rules: ['opsgenie-api-key'], names: ['OPSGENIE_API_KEY'], prefixed: false, parts: [UUID] },
  { family: 'Rollbar', rules: ['rollbar-access-token'], names: ['ROLLBAR_ACCESS_TOKEN', 'ROLLBAR_SERVER_TOKEN'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Honeycomb', rules: ['honeycomb-api-key'], names: ['HONEYCOMB_API_KEY', 'HONEYCOMB_WRITEKEY'], prefixed: false, parts: [[ALNUM, 22]] },
  { family: 'SparkPost', rules: ['sparkpost-api-key'], names: ['SPARKPOST_API_KEY'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'Mailjet', rules: ['mailjet-api-key'], names: ['MAILJET_API_SECRET', 'MJ_APIKEY_PRIVATE'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Mandrill (Mailchimp Transactional)', rules: ['mandrill-api-key'], names: ['MANDRILL_API_KEY', 'MANDRILL_KEY'], prefixed: false, parts: [[B64URL, 22]] },
  { family: 'Vonage (Nexmo)', rules: ['vonage-api-secret'], names: ['VONAGE_API_SECRET', 'NEXMO_API_SECRET'], prefixed: false, parts: [[ALNUM, 16]] },
  { family: 'Plivo', rules: ['plivo-auth-token'], names: ['PLIVO_AUTH_TOKEN'], prefixed: false, parts: [[ALNUM, 40]] },
  { family: 'Pusher', rules: ['pusher-app-secret'], names: ['PUSHER_APP_SECRET', 'PUSHER_SECRET'], prefixed: false, parts: [[HEX, 20]] },
  { family: 'Auth0', rules: ['auth0-client-secret'], names: ['AUTH0_CLIENT_SECRET'], prefixed: false, parts: [[B64URL, 64]] },
  { family: 'PayPal', rules: ['paypal-client-secret'], names: ['PAYPAL_CLIENT_SECRET', 'PAYPAL_SECRET'], prefixed: false, parts: ['E', [B64URL, 79]] },
  { family: 'Binance', rules: ['binance-api-key'], names: ['BINANCE_API_KEY', 'BINANCE_API_SECRET'], prefixed: false, parts: [[ALNUM, 64]] },
  { family: 'Coinbase', rules: ['coinbase-api-key'], names: ['COINBASE_API_SECRET', 'COINBASE_ACCESS_TOKEN'], prefixed: false, parts: [[B64URL, 64]] },
  { family: 'Etherscan', rules: ['etherscan-api-key'], names: ['ETHERSCAN_API_KEY'], prefixed: false, parts: [[UPPER_ALNUM, 34]] },
  { family: 'Infura', rules: ['infura-api-key'], names: ['INFURA_API_KEY', 'INFURA_PROJECT_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Deepgram', rules: ['deepgram-api-key'], names: ['DEEPGRAM_API_KEY'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'AssemblyAI', rules: ['assemblyai-api-key'], names: ['ASSEMBLYAI_API_KEY'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Weights & Biases', rules: ['wandb-api-key'], names: ['WANDB_API_KEY'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'Linode (Akamai Cloud)', rules: ['linode-api-token'], names: ['LINODE_TOKEN', 'LINODE_API_TOKEN'], prefixed: false, parts: [[HEX, 64]] },
  { family: 'Vultr', rules: ['vultr-api-key'], names: ['VULTR_API_KEY'], prefixed: false, parts: [[UPPER_ALNUM, 36]] },
  { family: 'Hetzner Cloud', rules: ['hetzner-cloud-token'], names: ['HCLOUD_TOKEN', 'HETZNER_API_TOKEN'], prefixed: false, parts: [[ALNUM, 64]] },
  { family: 'Mixpanel', rules: ['mixpanel-api-secret'], names: ['MIXPANEL_API_SECRET', 'MIXPANEL_SERVICE_ACCOUNT_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Amplitude', rules: ['amplitude-api-secret'], names: ['AMPLITUDE_SECRET_KEY', 'AMPLITUDE_API_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Cisco Meraki', rules: ['cisco-meraki-api-key'], names: ['MERAKI_DASHBOARD_API_KEY', 'MERAKI_API_KEY'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'Drone CI', rules: ['droneci-access-token'], names: ['DRONE_TOKEN', 'DRONE_ACCESS_TOKEN'], prefixed: false, parts: [[ALNUM, 32]] },
  { family: 'Bitbucket', rules: ['bitbucket-client-secret'], names: ['BITBUCKET_CLIENT_SECRET', 'BITBUCKET_OAUTH_SECRET'], prefixed: false, parts: [[ALNUM, 32]] },
  { family: 'Discord', rules: ['discord-client-secret'], names: ['DISCORD_CLIENT_SECRET'], prefixed: false, parts: [[B64URL, 32]] },
  { family: 'Airtable', rules: ['airtable-api-key-legacy'], names: ['AIRTABLE_API_KEY'], prefixed: false, parts: ['key', [ALNUM, 14]] },
  { family: 'Bittrex', rules: ['bittrex-api-key'], names: ['BITTREX_API_KEY', 'BITTREX_API_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Private AI', rules: ['privateai-api-key'], names: ['PRIVATEAI_API_KEY', 'PRIVATE_AI_KEY'], prefixed: false, parts: [[LOWER_ALNUM, 32]] },
  { family: 'Yandex Cloud', rules: ['yandex-iam-token'], names: ['YC_TOKEN', 'YANDEX_IAM_TOKEN'], prefixed: false, parts: ['t1.', [B64URL, 60], '.', [B64URL, 86]] },
  { family: 'Yandex Cloud', rules: ['yandex-static-access-key'], names: ['YANDEX_SECRET_ACCESS_KEY', 'YANDEX_STORAGE_SECRET_KEY'], prefixed: false, parts: ['YC', [B64URL, 38]] },
  { family: 'Trello', rules: ['trello-api-token'], names: ['TRELLO_TOKEN', 'TRELLO_API_TOKEN'], prefixed: false, parts: ['ATTA', [HEX, 64], [HEX_UPPER, 8]] },

  { family: 'GitHub', rules: ['github-oauth-client-secret'], names: ['GITHUB_CLIENT_SECRET', 'GITHUB_OAUTH_CLIENT_SECRET'], prefixed: false, parts: [[HEX, 40]] },
  { family: 'Salesforce', rules: ['salesforce-access-token'], names: ['SF_ACCESS_TOKEN', 'SALESFORCE_SESSION_ID'], prefixed: true, parts: ['00D', [ALNUM, 12], '!AQ', [ALNUM, 94]] },
  { family: 'Splunk', rules: ['splunk-hec-token'], names: ['SPLUNK_HEC_TOKEN', 'SPLUNK_TOKEN'], prefixed: false, parts: [UUID] },
  { family: 'Bugsnag', rules: ['bugsnag-api-key'], names: ['BUGSNAG_API_KEY', 'BUGSNAG_AUTH_TOKEN'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Freshdesk', rules: ['freshdesk-api-key'], names: ['FRESHDESK_API_KEY'], prefixed: false, parts: [[ALNUM, 20]] },
  { family: 'Railway', rules: ['railway-api-token'], names: ['RAILWAY_TOKEN', 'RAILWAY_API_TOKEN'], prefixed: false, parts: [UUID] },
  { family: 'Flickr', rules: ['flickr-api-key'], names: ['FLICKR_API_KEY', 'FLICKR_API_SECRET'], prefixed: false, parts: [[HEX, 32]] },
  { family: 'Beamer', rules: ['beamer-api-key'], names: ['BEAMER_API_KEY'], prefixed: false, parts: ['b_', [B64URL, 44]] },
  { family: 'Linear', rules: ['linear-client-secret'], names: ['LINEAR_CLIENT_SECRET', 'LINEAR_OAUTH_SECRET'], prefixed: false, parts: [[HEX, 32]] },
];
