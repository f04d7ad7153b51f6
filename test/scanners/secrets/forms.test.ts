/**
 * Every way a credential is written: each keyword-assignment rule's own docs
 * example, re-written in every assignment and file form it can take, must
 * still be reported by that rule with the same value. The table is generated
 * from the rules, so a new rule is covered as soon as it has an example.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretDetector } from '../../../src/scanners/secrets/detect.js';
import type { SecretRule } from '../../../src/scanners/secrets/rule.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { contextWords } from '../../../src/scanners/secrets/sections.js';

const detector = new SecretDetector(SECRET_RULES);

interface Form {
  /** The file text and the path it is scanned as. */
  render(name: string, value: string): { text: string; path: string };
  /** A one-line form that may follow context lines the example needs (a key id nearby). */
  readonly flat: boolean;
}

const dotted = (name: string) => name.replace(/_/g, '.').toLowerCase();

const FORMS: Readonly<Record<string, Form>> = {
  'dotenv KEY=value': { flat: true, render: (n, v) => ({ text: `${n}=${v}\n`, path: '.env' }) },
  'dotenv KEY="value"': { flat: true, render: (n, v) => ({ text: `${n}="${v}"\n`, path: '.env.production' }) },
  "dotenv KEY='value'": { flat: true, render: (n, v) => ({ text: `${n}='${v}'\n`, path: 'deploy/prod.env' }) },
  'KEY = value (INI)': { flat: true, render: (n, v) => ({ text: `[default]\n${n} = ${v}\n`, path: 'config/app.ini' }) },
  'export KEY=value': { flat: true, render: (n, v) => ({ text: `#!/bin/sh\nexport ${n}=${v}\n`, path: 'scripts/deploy.sh' }) },
  'export KEY="value"': { flat: true, render: (n, v) => ({ text: `export ${n}="${v}"\n`, path: 'README.md' }) },
  'YAML key: value': { flat: false, render: (n, v) => ({ text: `app:\n  ${n}: ${v}\n`, path: 'config/settings.yml' }) },
  'YAML key: "value"': { flat: false, render: (n, v) => ({ text: `app:\n  ${n}: "${v}"\n`, path: 'config/settings.yaml' }) },
  'JSON "key": "value"': { flat: false, render: (n, v) => ({ text: `{\n  "app": {\n    "${n}": "${v}"\n  }\n}\n`, path: 'config/settings.json' }) },
  'XML <add key= value=>': { flat: false, render: (n, v) => ({ text: `<appSettings>\n  <add key="${n}" value="${v}" />\n</appSettings>\n`, path: 'Web.config' }) },
  'XML <key>value</key>': { flat: false, render: (n, v) => ({ text: `<settings>\n  <${n}>${v}</${n}>\n</settings>\n`, path: 'conf/settings.xml' }) },
  'XML attribute key="value"': { flat: false, render: (n, v) => ({ text: `<settings>\n  <service ${n}="${v}" />\n</settings>\n`, path: 'conf/service.xml' }) },
  "YAML key: 'value'": { flat: false, render: (n, v) => ({ text: `app:\n  ${n}: '${v}'\n`, path: 'config/settings.yml' }) },
  'KEY = "value" (spaces)': { flat: true, render: (n, v) => ({ text: `${n} = "${v}"\n`, path: 'config/settings.py' }) },
  '.properties key: value': { flat: true, render: (n, v) => ({ text: `${n}: ${v}\n`, path: 'src/main/resources/app.properties' }) },
  '.properties key = value': { flat: true, render: (n, v) => ({ text: `${n} = ${v}\n`, path: 'conf/app.properties' }) },
  '.properties key=value': { flat: true, render: (n, v) => ({ text: `${n}=${v}\n`, path: 'src/main/resources/app.properties' }) },
  '.properties dotted.key=value': { flat: false, render: (n, v) => ({ text: `${dotted(n)}=${v}\n`, path: 'src/main/resources/app.properties' }) },
  'TOML key = "value"': { flat: false, render: (n, v) => ({ text: `[service]\n${n} = "${v}"\n`, path: 'config.toml' }) },
  'HCL/Terraform key = "value"': { flat: false, render: (n, v) => ({ text: `resource "x" "y" {\n  ${n} = "${v}"\n}\n`, path: 'infra/main.tf' }) },
  'Dockerfile ENV KEY=value': { flat: true, render: (n, v) => ({ text: `FROM node:20\nENV ${n}=${v}\n`, path: 'Dockerfile' }) },
  'Dockerfile ENV KEY value': { flat: false, render: (n, v) => ({ text: `FROM node:20\nENV ${n} ${v}\n`, path: 'docker/api/Dockerfile' }) },
  'Dockerfile ARG KEY=value': { flat: true, render: (n, v) => ({ text: `FROM node:20\nARG ${n}=${v}\n`, path: 'Dockerfile.prod' }) },
  'compose environment: - KEY=value': {
    flat: false,
    render: (n, v) => ({ text: `services:\n  api:\n    image: api:1\n    environment:\n      - ${n}=${v}\n`, path: 'docker-compose.yml' }),
  },
  'GitHub Actions env: KEY: value': {
    flat: false,
    render: (n, v) => ({ text: `jobs:\n  build:\n    runs-on: ubuntu-latest\n    env:\n      ${n}: ${v}\n`, path: '.github/workflows/ci.yml' }),
  },
};

/** Rules whose examples are whole documents rather than one assignment (their own tests cover them). */
const DOCUMENT_RULES: Readonly<Record<string, string>> = {
  'gcp-service-account-key': 'a service-account JSON file, recognised by its structure, not by one key',
  'kubernetes-secret-manifest': 'a Secret manifest: the manifest is the form (kubernetes tests below)',
};

/** `NAME = ` (or `NAME: `, `export NAME=`, quoted name) and nothing else before the value on its line. */
const ASSIGNMENT_PREFIX = /^\s*["']?(?:export\s+)?(?<name>[A-Za-z_][\w.-]{1,60})["']?\s{0,3}(?:=|:|=>|:=)\s{0,3}["'`]?$/;

interface Case {
  readonly rule: SecretRule;
  readonly name: string;
  readonly value: string;
  /** Lines the example has before its assignment, kept where the value alone does not identify the provider. */
  readonly context: string;
}

const found = (rule: SecretRule, value: string, text: string, path: string) =>
  detector.scan(path, text).some((m) => m.rule.id === rule.id && m.secret === value);

function casesOf(rule: SecretRule): Case[] {
  if (rule.pathPattern || DOCUMENT_RULES[rule.id]) return [];
  const own = new SecretDetector([rule]);
  const cases: Case[] = [];
  for (const example of rule.docs.bad) {
    const match = own.scan('src/example.txt', example)[0];
    if (!match || /[\s"'<>]/.test(match.secret)) continue;
    const lineStart = example.lastIndexOf('\n', match.start - 1) + 1;
    const name = ASSIGNMENT_PREFIX.exec(example.slice(lineStart, match.start))?.groups?.name;
    if (!name) continue;
    const alone = found(rule, match.secret, `${name}=${match.secret}\n`, '.env');
    cases.push({ rule, name, value: match.secret, context: alone ? '' : example.slice(0, lineStart) });
  }
  return cases;
}

const CASES = SECRET_RULES.flatMap(casesOf);

describe('the forms table', () => {
  it('covers the keyword-assignment rules (a regression in example extraction would empty it)', () => {
    expect(new Set(CASES.map((c) => c.rule.id)).size).toBeGreaterThanOrEqual(100);
    expect(CASES.some((c) => c.context !== '')).toBe(true);
  });
});

describe.each(CASES.map((c) => [`${c.rule.id} ${c.name}`, c] as const))('%s', (_label, c) => {
  it('is reported in every form it can take', () => {
    const missing = Object.entries(FORMS)
      // An example found through a section above it (`[sonarqube]`, `snyk:`) takes only the line forms a sectioned file holds.
      .filter(([label, form]) => c.context === '' || (form.flat && !/^(?:export|Dockerfile)/.test(label)))
      // `__` in a name is Bundler's spelling of a dot in a host name: no dotted .properties key is written from it.
      .filter(([label]) => !(label === '.properties dotted.key=value' && c.name.includes('__')))
      .filter(([, form]) => {
        const { text, path } = form.render(c.name, c.value);
        return !found(c.rule, c.value, `${c.context}${text}`, path);
      })
      .map(([label]) => label);
    expect(missing).toEqual([]);
  });
});

/**
 * Provider sections: the provider's name on the header of the block and the rest of the name
 * as the key (`TWILIO_AUTH_TOKEN` → `twilio:` / `  auth_token: …`), in every kind of block.
 * Taken for every case whose name starts with one of its rule's context words.
 */
const SECTION_FORMS: Readonly<Record<string, (head: string, key: string, value: string) => { text: string; path: string }>> = {
  'YAML parent key': (h, k, v) => ({ text: `${h}:\n  ${k}: ${v}\n`, path: 'config/settings.yml' }),
  'YAML parent key, other keys and a level between': (h, k, v) => ({
    text: `services:\n  ${h}:\n    enabled: true\n    endpoint: https://api.corp-net.io\n    timeout: 30\n    credentials:\n      ${k}: "${v}"\n  cache:\n    ttl: 60\n`,
    path: 'config/app.yaml',
  }),
  'YAML list item parent': (h, k, v) => ({ text: `providers:\n  - ${h}:\n      ${k}: ${v}\n`, path: 'config/providers.yaml' }),
  'TOML [section]': (h, k, v) => ({ text: `[${h}]\nendpoint = "https://api.corp-net.io"\n${k} = "${v}"\n`, path: 'config.toml' }),
  'TOML [parent.section]': (h, k, v) => ({ text: `[integrations.${h}]\n${k} = "${v}"\n`, path: 'pyproject.toml' }),
  'INI [section]': (h, k, v) => ({ text: `[general]\ndebug = false\n\n[${h}]\n${k} = ${v}\n`, path: 'settings.ini' }),
  'JSON parent object': (h, k, v) => ({ text: `{\n  "${h}": {\n    "endpoint": "https://api.corp-net.io",\n    "${k}": "${v}"\n  }\n}\n`, path: 'appsettings.json' }),
  'XML parent element': (h, k, v) => ({ text: `<configuration>\n  <${h}>\n    <${k}>${v}</${k}>\n  </${h}>\n</configuration>\n`, path: 'conf/app.xml' }),
  'HCL block': (h, k, v) => ({ text: `provider "${h}" {\n  ${k} = "${v}"\n}\n`, path: 'infra/providers.tf' }),
  'JS object literal': (h, k, v) => ({ text: `export const config = {\n  ${h}: {\n    ${k}: '${v}',\n  },\n};\n`, path: 'src/config.ts' }),
};

/** The case's name split after its rule's context word, or undefined when the name does not start with one. */
function sectionSplit(c: Case): { head: string; key: string } | undefined {
  for (const word of contextWords(c.rule)) {
    const m = new RegExp(`^(${word.replace(/[-]/g, '[-_]')})[_.-](.+)$`, 'i').exec(c.name);
    if (m?.[1] && m[2] && /[A-Za-z]/.test(m[2])) return { head: m[1].toLowerCase(), key: m[2].toLowerCase() };
  }
  return undefined;
}

const SECTION_CASES = CASES.flatMap((c) => {
  const split = c.context === '' ? sectionSplit(c) : undefined;
  return split ? [{ ...c, ...split }] : [];
});

describe('provider sections', () => {
  it('cover the rules that need a provider word near the value', () => {
    expect(new Set(SECTION_CASES.map((c) => c.rule.id)).size).toBeGreaterThanOrEqual(60);
  });

  it.each(SECTION_CASES.map((c) => [`${c.rule.id} ${c.head} / ${c.key}`, c] as const))('%s is reported in every kind of section', (_label, c) => {
    const missing = Object.entries(SECTION_FORMS)
      .filter(([, render]) => {
        const { text, path } = render(c.head, c.key, c.value);
        return !found(c.rule, c.value, text, path);
      })
      .map(([label]) => label);
    expect(missing).toEqual([]);
  });
});

/** Seeded random values in a given alphabet: realistic, fake, and never in the source as literals. */
function fake(length: number, seed: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    for (const byte of createHash('sha256').update(`${seed}:${i}`).digest()) out += alphabet[byte % alphabet.length];
  }
  return out.slice(0, length);
}

const AKIA = `AKIA${fake(16, 7, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
const AWS_SECRET = fake(40, 11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PASSWORD = fake(14, 23);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const scan = (path: string, text: string) => detector.scan(path, text).map((m) => ({ rule: m.rule.id, line: m.line, secret: m.secret }));

describe('dotenv', () => {
  it('reports both AWS keys on consecutive KEY=value lines, values right after "="', () => {
    const found = scan('.env', `AWS_ACCESS_KEY_ID=${AKIA}\nAWS_SECRET_ACCESS_KEY=${AWS_SECRET}\nAWS_REGION=eu-west-1\n`);
    expect(found).toContainEqual({ rule: 'aws-access-key-id', line: 1, secret: AKIA });
    expect(found).toContainEqual({ rule: 'aws-secret-access-key', line: 2, secret: AWS_SECRET });
  });

  it('reports the secret key alone, with the key id lines away or absent', () => {
    expect(scan('.env', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n`).map((f) => f.rule)).toEqual(['aws-secret-access-key']);
    expect(scan('config/.env.local', `# aws\nexport AWS_SECRET_ACCESS_KEY='${AWS_SECRET}'\n`).map((f) => f.rule)).toEqual(['aws-secret-access-key']);
  });
});

describe('Kubernetes Secret manifests', () => {
  const manifest = (data: string) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\n${data}`;

  it('decodes data: values and reports them on their own line, as the file holds them', () => {
    const encoded = b64(PASSWORD);
    const found = scan('deploy/secret.yaml', manifest(`data:\n  DB_USER: ${b64('app')}\n  DB_PASSWORD: ${encoded}\n`));
    expect(found).toEqual([{ rule: 'kubernetes-secret-manifest', line: 8, secret: encoded }]);
  });

  it('finds provider keys inside base64 data, with kubectl’s key order (data before kind)', () => {
    const text = `apiVersion: v1\ndata:\n  AWS_ACCESS_KEY_ID: ${b64(AKIA)}\n  AWS_SECRET_ACCESS_KEY: "${b64(AWS_SECRET)}"\nkind: Secret\nmetadata:\n  name: aws\n`;
    const found = scan('k8s/aws.yml', text);
    expect(found).toContainEqual({ rule: 'aws-access-key-id', line: 3, secret: b64(AKIA) });
    expect(found).toContainEqual({ rule: 'aws-secret-access-key', line: 4, secret: b64(AWS_SECRET) });
    expect(found.map((f) => f.rule)).not.toContain('kubernetes-secret-manifest');
  });

  it('scans a decoded file value (.dockerconfigjson) as the file it is', () => {
    const auth = b64(`deploy:${PASSWORD}`);
    const config = b64(JSON.stringify({ auths: { 'registry.corp-net.io': { auth } } }));
    const found = scan('k8s/pull.yaml', manifest(`data:\n  .dockerconfigjson: ${config}\n`));
    expect(found).toEqual([{ rule: 'docker-config-auth', line: 7, secret: config }]);
  });

  it('reports stringData: values as written, in the second document of a file', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: info\n---\n${manifest(`stringData:\n  api-token: ${PASSWORD}\n  region: eu\n`)}`;
    expect(scan('k8s/all.yaml', text)).toEqual([{ rule: 'kubernetes-secret-manifest', line: 12, secret: PASSWORD }]);
  });

  it('reads JSON manifests: pretty-printed, on one line, and kubectl’s List of items', () => {
    const encoded = b64(PASSWORD);
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, type: 'Opaque', data: { username: b64('app'), password: encoded } };
    expect(scan('k8s/db.json', JSON.stringify(secret, null, 2))).toEqual([{ rule: 'kubernetes-secret-manifest', line: 10, secret: encoded }]);
    expect(scan('k8s/db.json', JSON.stringify(secret))).toEqual([{ rule: 'kubernetes-secret-manifest', line: 1, secret: encoded }]);
    const list = { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'ConfigMap', data: { password: 'not-a-secret-map' } }, { ...secret, data: { AWS_ACCESS_KEY_ID: b64(AKIA), AWS_SECRET_ACCESS_KEY: b64(AWS_SECRET) } }] };
    const text = JSON.stringify(list, null, 4);
    const lineOf = (value: string) => text.split('\n').findIndex((l) => l.includes(value)) + 1;
    const found = scan('secrets.json', text);
    expect(found).toContainEqual({ rule: 'aws-access-key-id', line: lineOf(b64(AKIA)), secret: b64(AKIA) });
    expect(found).toContainEqual({ rule: 'aws-secret-access-key', line: lineOf(b64(AWS_SECRET)), secret: b64(AWS_SECRET) });
  });

  it('reads kubectl’s YAML List, where each Secret is an item indented under `- `', () => {
    const encoded = b64(PASSWORD);
    const text = `apiVersion: v1\nitems:\n- apiVersion: v1\n  data:\n    username: ${b64('app')}\n  kind: ConfigMap\n  metadata:\n    name: cfg\n- apiVersion: v1\n  data:\n    db-password: ${encoded}\n  kind: Secret\n  metadata:\n    name: db\n  type: Opaque\nkind: List\n`;
    expect(scan('k8s/all.yaml', text)).toEqual([{ rule: 'kubernetes-secret-manifest', line: 11, secret: encoded }]);
  });

  it('reads Helm templates: `{{ … }}` values are not literals, a literal base64 value is decoded and reported on its line', () => {
    const encoded = b64(PASSWORD);
    const template = [
      '{{- if .Values.secret.create }}',
      'apiVersion: v1',
      'kind: Secret',
      'metadata:',
      '  name: {{ include "chart.fullname" . }}',
      'data:',
      '  password: {{ .Values.password | b64enc | quote }}',
      '  {{- if .Values.apiToken }}',
      '  api-token: {{.Values.apiToken|b64enc}}',
      '  {{- end }}',
      `  admin-password: ${encoded}`,
      'stringData:',
      '  token: "{{ .Values.token }}"',
      '{{- end }}',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      'metadata:',
      '  name: {{ .Release.Name }}-aws',
      'data:',
      `  AWS_ACCESS_KEY_ID: ${b64(AKIA)}`,
    ].join('\n');
    const found = scan('chart/templates/secret.yaml', template);
    expect(found).toEqual([
      { rule: 'kubernetes-secret-manifest', line: 11, secret: encoded },
      { rule: 'aws-access-key-id', line: 21, secret: b64(AKIA) },
    ]);
  });

  it('is quiet for Sealed Secrets, External Secrets and SOPS files: encrypted blobs and references', () => {
    const sealed = (bits: number, n: number) => Buffer.concat([Buffer.from([2, 0]), createHash('sha512').update(`${bits}:${n}`).digest(), Buffer.alloc(bits / 8 + n - 48, 7).map((_, i) => (i * 31 + n) % 256)]).toString('base64');
    for (const bits of [2048, 4096]) {
      const yaml = `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: db\nspec:\n  encryptedData:\n    password: ${sealed(bits, 14)}\n    api_token: ${sealed(bits, 40)}\n  template:\n    type: Opaque\n`;
      expect(scan('deploy/sealed.yaml', yaml), `${bits}-bit YAML`).toEqual([]);
      const json = JSON.stringify({ apiVersion: 'bitnami.com/v1alpha1', kind: 'SealedSecret', spec: { encryptedData: { password: sealed(bits, 14) } } }, null, 2);
      expect(scan('deploy/sealed.json', json), `${bits}-bit JSON`).toEqual([]);
    }
    // Shorter than real ciphertext, but still under encryptedData: encrypted by the file's own account.
    expect(scan('deploy/sealed.yaml', `kind: SealedSecret\nspec:\n  encryptedData:\n    api_token: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEqZx9kLm2Qw8Rt5Yp1Hc4Jd6Ks0Ma9Qe2U\n`)).toEqual([]);
    const external = `apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: db\nspec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n  target:\n    name: db-secret\n  data:\n  - secretKey: password\n    remoteRef:\n      key: secret/data/db\n      property: password\n  - secretKey: api_token\n    remoteRef:\n      key: prod/api-token-7Hq2\n`;
    expect(scan('deploy/external.yaml', external)).toEqual([]);
    const sops = `db:\n    password: ENC[AES256_GCM,data:${fake(18, 3)}=,iv:${fake(43, 4)}=,tag:${fake(22, 5)}==,type:str]\nsops:\n    mac: ENC[AES256_GCM,data:${fake(40, 6)},iv:${fake(43, 7)}=,tag:${fake(22, 8)}==,type:str]\n    version: 3.8.1\n`;
    expect(scan('secrets.enc.yaml', sops)).toEqual([]);
  });

  it('judges data: values decoded: base64 of a self-describing stand-in is no secret, for the generic rule either', () => {
    const text = manifest(`data:\n  ClientID: ${b64('my-service-principal-client-id\n')}  #service-principal-ID\n  ClientSecret: ${b64('my-service-principal-client-secret\n')} #service-principal-secret\n`);
    expect(scan('docs/snippets/credentials-secret.yaml', text)).toEqual([]);
  });

  it('takes the block’s own keys as entries, not the lines of a file held in one (`config.yaml: |`)', () => {
    const text = manifest(`stringData:\n  config.yaml: |\n    auth:\n      private_key_path: "/secrets/cas.private.key"\n  api-token: ${PASSWORD}\n`);
    expect(scan('chart/templates/secret.yaml', text)).toEqual([{ rule: 'kubernetes-secret-manifest', line: 10, secret: PASSWORD }]);
  });

  it('leaves a Secret shown in a README to the generic rule, which sees the text as written', () => {
    const encoded = b64(PASSWORD);
    expect(scan('README.md', `\`\`\`yaml\n${manifest(`data:\n  db-password: "${encoded}"\n`)}\`\`\`\n`).map((f) => f.rule)).toEqual(['generic-secret-assignment']);
  });

  it('is quiet for ConfigMaps, certificates, placeholders and non-secret keys', () => {
    const cm = scan('k8s/cm.yaml', `apiVersion: v1\nkind: ConfigMap\ndata:\n  DB_PASSWORD: ${b64(PASSWORD)}\n`);
    expect(cm.map((f) => f.rule)).not.toContain('kubernetes-secret-manifest');
    expect(scan('k8s/s.yaml', manifest(`data:\n  tls.crt: ${b64('-----BEGIN CERTIFICATE-----')}\n  username: ${b64('service-account-7')}\n`))).toEqual([]);
    expect(scan('k8s/s.yaml', manifest(`data:\n  password: ${b64('changeme')}\nstringData:\n  token: \${TOKEN}\n`))).toEqual([]);
  });
});

describe('curl', () => {
  it.each([
    ['-u user:pass', `curl -u deploy:${PASSWORD} https://ci.corp-net.io/api/json`, 'curl-user-credentials'],
    ['--user "user:pass"', `curl --user "deploy:${PASSWORD}" https://ci.corp-net.io/api/json`, 'curl-user-credentials'],
    ['--user=user:pass', `curl -sS --user=deploy:${PASSWORD} https://ci.corp-net.io/api/json`, 'curl-user-credentials'],
    ['-u on a continuation line', `curl -X POST \\\n  -u 'deploy:${PASSWORD}' \\\n  https://ci.corp-net.io/build`, 'curl-user-credentials'],
    ["-H 'Authorization: Bearer …'", `curl -H 'Authorization: Bearer ${fake(32, 5)}' https://api.corp-net.io/v1/me`, 'http-bearer-token'],
    ['-H "Authorization: Basic …"', `curl -H "Authorization: Basic ${b64(`deploy:${PASSWORD}`)}" https://api.corp-net.io/v1/me`, 'http-basic-auth-header'],
    ['user:pass@ in the URL', `curl https://deploy:${PASSWORD}@api.corp-net.io/v1/me`, 'url-embedded-credentials'],
  ])('reports %s', (_form, text, rule) => {
    expect(scan('scripts/release.sh', text).map((f) => f.rule)).toContain(rule);
  });

  it('is quiet for variables, local defaults and other commands’ -u', () => {
    for (const text of ['curl -u "$CI_USER:$CI_TOKEN" https://ci.corp-net.io/', 'curl -u admin:admin http://localhost:9200/', 'docker run --rm -u 1000:1000 app', 'git push -u origin feature:feature']) {
      expect(scan('scripts/x.sh', text), text).toEqual([]);
    }
  });
});

describe('URLs with user:password, any scheme', () => {
  it.each(['nats', 'mqtt', 'kafka+ssl', 'svn+ssh', 'sftp', 'clickhouse', 'elasticsearch'])('%s://user:password@host', (scheme) => {
    const found = scan('config/app.yml', `broker: ${scheme}://svc-orders:${PASSWORD}@broker.corp-net.io:4222/x`);
    expect(found.map((f) => f.rule)).toEqual(['url-embedded-credentials']);
    expect(found[0]?.secret).toBe(PASSWORD);
  });

  it('leaves database URLs to their own rules', () => {
    expect(scan('config/app.yml', `db: postgresql://app:${PASSWORD}@db.corp-net.io:5432/app`).map((f) => f.rule)).toEqual(['postgres-connection-url']);
  });
});

describe('credential files', () => {
  const token = fake(36, 41);
  it.each([
    ['.npmrc _authToken', '.npmrc', `//registry.npmjs.org/:_authToken=${token}\n`, 'npmrc-auth-token'],
    ['.npmrc _auth', 'packages/web/.npmrc', `_auth=${b64(`deploy:${PASSWORD}`)}\nalways-auth=true\n`, 'npmrc-auth-token'],
    ['.npmrc _password', '.npmrc', `//npm.corp-net.io/:username=deploy\n//npm.corp-net.io/:_password=${b64(PASSWORD)}\n`, 'npmrc-auth-token'],
    ['.pypirc', '.pypirc', `[corp]\nrepository = https://pypi.corp-net.io/\nusername = deploy\npassword = ${PASSWORD}\n`, 'pypirc-password'],
    ['.netrc', '.netrc', `machine api.corp-net.io\n  login deploy\n  password ${PASSWORD}\n`, 'netrc-password'],
    ['.git-credentials', '.git-credentials', `https://deploy:${PASSWORD}@git.corp-net.io\n`, 'git-credentials-file'],
    ['.docker/config.json', '.docker/config.json', JSON.stringify({ auths: { 'registry.corp-net.io': { auth: b64(`deploy:${PASSWORD}`) } } }, null, 2), 'docker-config-auth'],
  ])('%s', (_label, path, text, rule) => {
    expect(scan(path, text).map((f) => f.rule)).toContain(rule);
  });
});

describe('JSON and XML', () => {
  it('finds a PEM body written with escaped newlines in a JSON string', () => {
    const body = fake(64, 3, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
    const pem = ['-----BEGIN ', 'PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC', body, '\\n', body, '\\n-----END PRIVATE KEY-----\\n'].join('');
    expect(scan('config/service.json', `{\n  "signing_key": "${pem}"\n}\n`).map((f) => f.rule)).toContain('private-key');
  });

  it('finds secrets in XML attributes named for them', () => {
    expect(scan('conf/server.xml', `<Resource name="jdbc/app" username="app" password="${PASSWORD}" />`).map((f) => f.rule)).toEqual(['generic-secret-assignment']);
  });

  it('keeps offsets exact in rewritten forms (the finding points at the value)', () => {
    const text = `<config>\n  <add key="ApiToken" value="${PASSWORD}" />\n  <DbPassword>${fake(16, 9)}</DbPassword>\n</config>\n`;
    const found = detector.scan('App.config', text);
    expect(found.map((m) => [m.line, text.slice(m.start, m.end)])).toEqual([
      [2, PASSWORD],
      [3, fake(16, 9)],
    ]);
  });
});
