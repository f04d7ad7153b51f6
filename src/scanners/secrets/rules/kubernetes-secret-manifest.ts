import { isSecretName } from '../generic.js';
import { isPlaceholder } from '../heuristics.js';
import { decodeBase64Value, KIND_SECRET, secretEntryAt } from '../kubernetes.js';
import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

/** Keys of Secret data that name a credential besides the secret words: `ssh-privatekey`, a DSN. */
const KEY_NAME = /privatekey|private[_.-]key|(?:^|[_.-])dsn$/i;

/**
 * Values of a Kubernetes `Secret` manifest (YAML or JSON, alone, in a List or
 * among other documents) under secret-named keys: `data:` values are base64
 * and are judged (and, by the detector, scanned) decoded; `stringData:` values
 * as written. The finding is on the value's own line and names the value as
 * the file holds it. Helm `{{ … }}` values are not literals and are skipped.
 */
export default defineRule({
  id: 'kubernetes-secret-manifest',
  title: 'Kubernetes Secret value',
  severity: 'HIGH',
  confidence: 0.75,
  generic: true,
  // Per line, on the key's own words: a manifest's entries are found wherever they are, before or after `kind:`.
  keywords: ['password', 'passwd', 'pass:', 'pass"', '_pass', '.pass', '-pass', 'pwd', 'secret', 'token', 'api-key', 'api_key', 'apikey', 'access-key', 'access_key', 'private_key', 'private-key', 'privatekey', 'credential', 'auth:', 'auth"', '_auth', '.auth', '-auth', 'dsn:', 'dsn"'],
  pathPattern: /\.(?:ya?ml|json)$/i,
  requires: KIND_SECRET,
  // `key: value` (YAML) or `"key": "value"` (JSON, one line or many); validate() checks that the value is a data entry.
  pattern: /(?<![\w.-])["']?(?<name>[\w.-]{1,253})["']?[ \t]{0,4}:[ \t]{0,8}(?<q>["']?)(?<secret>[^\s"'#,{}[\]][^\s"',{}[\]]{3,8191})\k<q>/,
  validate: (secret, { groups, text, offset }) => {
    const entry = secretEntryAt(text, offset);
    const name = groups.name ?? '';
    if (entry === undefined || entry.value !== secret) return false;
    if (!isSecretName(name.replace(/[.-]/g, '_')) && !KEY_NAME.test(name)) return false;
    const value = entry.encoded ? decodeBase64Value(secret) : secret;
    if (value === undefined || value.length < 6) return false;
    return !isPlaceholder(value) && !isStandInPassword(value.trim(), '');
  },
  description:
    'A Kubernetes Secret manifest with a credential in it is committed. The values under data: are only base64-encoded, not encrypted: anyone who can read the repository can decode them and use them.',
  remediation:
    'Rotate the credential, keep the manifest out of git (generate it at deploy time, or commit it encrypted with Sealed Secrets, SOPS or an External Secrets operator), and remove it from git history.',
  references: ['https://kubernetes.io/docs/concepts/configuration/secret/'],
  docs: {
    path: 'deploy/secret.yaml',
    summary: 'Secret-named keys under data: (base64, decoded and scanned) and stringData: of Kubernetes Secret manifests, reported on the value’s line.',
    bad: [
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: YXBwX3VzZXI=\n  DB_PASSWORD: ' + Buffer.from('Wn4' + 'qT8vLx2Pk').toString('base64') + '\n',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: api\nstringData:\n  api-token: ' + 'Rk7' + 'wQ2zXm9Tp4Lb\n',
    ],
    good: [
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  username: YXBwX3VzZXI=\n  password: ' + Buffer.from('changeme').toString('base64') + '\n',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: db\ndata:\n  DB_PASSWORD_FILE: /run/secrets/db\n',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls\ntype: kubernetes.io/tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: api\nstringData:\n  api-token: ${API_TOKEN}\n',
    ],
  },
});
