/**
 * The labelled corpus: generated tokens of every format in formats.ts planted
 * in realistic files (one secret per file, in one of the assignment forms),
 * plus files of hard negatives that must produce no finding. Built in memory
 * from a fixed seed, so every run scores the same corpus.
 */
import { codeLines } from './filler-code.js';
import { textLines } from './filler-text.js';
import { FORMATS, FORMS, makeToken, type Form, type TokenFormat } from './formats.js';
import { hardNegatives, type NegativeKind } from './negatives.js';
import { Rng } from './random.js';

/** Positives per format: about 2,000 over ~165 formats. */
export const PER_FORMAT = 12;
/** Hard negatives per kind. */
export const PER_NEGATIVE_KIND = 60;

export interface LabelledPlant {
  readonly path: string;
  /** 1-based line of the planted value. */
  readonly line: number;
  readonly format: TokenFormat;
  readonly form: Form;
  readonly value: string;
}

export interface LabelledFile {
  readonly path: string;
  readonly text: string;
  /** Set on files with one planted secret. */
  readonly plant?: LabelledPlant;
  /** Set on files of hard negatives. */
  readonly negative?: NegativeKind;
}

const camel = (upper: string): string => upper.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const b64 = (text: string): string => Buffer.from(text).toString('base64');

type Kind = 'env' | 'yaml' | 'json' | 'ts' | 'py' | 'sh' | 'php' | 'toml' | 'ini' | 'xml' | 'properties' | 'k8s-yaml' | 'k8s-json' | 'helm';

/**
 * The provider's name and the rest of a variable name, for the forms that put the name on a
 * section header: TWILIO_AUTH_TOKEN → twilio / auth_token, PRIVATE_AI_KEY → private_ai / key.
 * A name that does not start with the provider's name keeps its first word when that is a name
 * of its own (WANDB_API_KEY → wandb), else goes under the provider's name (XI_API_KEY → elevenlabs).
 */
export function sectionOf(name: string, family: string): { head: string; child: string } {
  const words = name.toLowerCase().split('_').filter(Boolean);
  const slug = family.toLowerCase().replace(/[^a-z0-9]/g, '');
  const child = (k: number): string => words.slice(k).join('_') || 'token';
  for (let k = words.length - 1; k >= 1; k--) {
    const joined = words.slice(0, k).join('');
    if ((joined.length >= 3 && slug.startsWith(joined)) || (joined.length >= 4 && slug.includes(joined))) return { head: words.slice(0, k).join('_'), child: child(k) };
  }
  return (words[0] ?? '').length >= 4 ? { head: words[0] ?? slug, child: child(1) } : { head: slug, child: child(1) };
}

/** The planted line, and the file kind it belongs in. */
function plantedLine(rng: Rng, form: Form, name: string, value: string, format: TokenFormat): { line: string; kind: Kind; parent?: string } {
  const { head, child } = sectionOf(name, format.family);
  switch (form) {
    case 'yaml-nested':
      return { line: `  ${child}: ${value}`, kind: 'yaml', parent: `${head}:` };
    case 'toml-section':
      return { line: `${child} = "${value}"`, kind: 'toml', parent: `[${head}]` };
    case 'ini-section':
      return { line: `${child} = ${value}`, kind: 'ini', parent: `[${head}]` };
    case 'json-nested':
      return { line: `    "${camel(child)}": "${value}",`, kind: 'json', parent: `  "${camel(head)}": {` };
    case 'xml-nested':
      return { line: `    <${camel(child)}>${value}</${camel(child)}>`, kind: 'xml', parent: camel(head) };
    case 'k8s-yaml':
      return { line: `  ${name}: ${b64(value)}`, kind: 'k8s-yaml' };
    case 'k8s-json':
      return { line: `                "${name}": "${b64(value)}",`, kind: 'k8s-json' };
    case 'helm':
      return { line: `  ${name.toLowerCase().replaceAll('_', '-')}: ${rng.chance(0.5) ? b64(value) : `"${b64(value)}"`}`, kind: 'helm' };
    case 'properties':
      return { line: `${name.toLowerCase().replaceAll('_', '.')}=${value}`, kind: 'properties' };
    case 'env':
      return { line: `${name}=${value}`, kind: 'env' };
    case 'env-quoted':
      return { line: `${name}="${value}"`, kind: 'env' };
    case 'export':
      return { line: `export ${name}='${value}'`, kind: 'sh' };
    case 'yaml':
      return { line: `  ${name.toLowerCase()}: ${rng.chance(0.5) ? value : `"${value}"`}`, kind: 'yaml' };
    case 'json':
      return { line: `    "${camel(name)}": "${value}",`, kind: 'json' };
    case 'code-ts':
      return { line: `const ${camel(name)} = '${value}';`, kind: 'ts' };
    case 'code-py':
      return { line: `${name} = "${value}"`, kind: 'py' };
    case 'shell':
      return format.prefixed && rng.chance(0.5)
        ? { line: `curl -sS -H "Authorization: Bearer ${value}" https://api.example.com/v1/${rng.word()}`, kind: 'sh' }
        : { line: `docker run --rm -e ${name}=${value} acme/${rng.word()}:${rng.int(1, 9)}.${rng.int(0, 20)}`, kind: 'sh' };
    case 'php':
      return { line: `    '${name}' => '${value}',`, kind: 'php' };
  }
}

/** Filler before and after the planted line, in the file's own language. */
function surround(rng: Rng, kind: Kind, line: string, parent: string | undefined): { lines: string[]; at: number } {
  const size = rng.int(200, 900);
  switch (kind) {
    case 'toml':
    case 'ini':
    case 'properties': {
      const before = textLines(rng, 'conf', size);
      const block = parent ? ['', parent, kind === 'ini' ? `endpoint = ${rng.url()}` : `endpoint = "${rng.url()}"`] : [];
      return { lines: [...before, ...block, line, `${rng.word()}.timeout=${rng.int(1, 60)}`], at: before.length + block.length };
    }
    case 'env': {
      const before = textLines(rng, 'env', size);
      return { lines: [...before, line, ...textLines(rng, 'env', size).slice(1)], at: before.length };
    }
    case 'yaml': {
      const before = textLines(rng, 'yaml', size);
      const block = [parent ?? `${rng.word()}:`, `  ${rng.word()}_url: ${rng.url()}`, line, `  timeout: ${rng.int(1, 60)}`];
      return { lines: [...before, ...block], at: before.length + 2 };
    }
    case 'json': {
      const before = ['{', `  "name": "@acme/${rng.kebab(2)}",`, parent ?? `  "${rng.word()}": {`, `    "endpoint": "${rng.url()}",`];
      return { lines: [...before, line, `    "retries": ${rng.int(1, 9)}`, '  }', '}'], at: before.length };
    }
    case 'xml': {
      const element = parent ?? rng.word();
      const before = ['<?xml version="1.0" encoding="utf-8"?>', '<configuration>', `  <${rng.word()} enabled="true" />`, `  <${element}>`, `    <endpoint>${rng.url()}</endpoint>`];
      return { lines: [...before, line, `    <timeout>${rng.int(1, 60)}</timeout>`, `  </${element}>`, '</configuration>'], at: before.length };
    }
    case 'k8s-yaml': {
      const app = rng.kebab(2);
      const configMap = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', `  name: ${app}-config`, 'data:', `  LOG_LEVEL: ${rng.pick(['info', 'debug', 'warn'])}`, `  API_URL: ${rng.url()}`];
      const before = ['---', 'apiVersion: v1', 'kind: Secret', 'metadata:', `  name: ${app}-credentials`, `  namespace: ${rng.word()}`, 'type: Opaque', 'data:', `  SERVICE_USER: ${b64(rng.word())}`];
      return { lines: [...configMap, ...before, line, `  REGION: ${b64(rng.pick(['eu-west-1', 'us-east-1']))}`], at: configMap.length + before.length };
    }
    case 'k8s-json': {
      // kubectl get secrets -o json: a List, 4-space indents, keys in order.
      const app = rng.kebab(2);
      const before = ['{', '    "apiVersion": "v1",', '    "items": [', '        {', '            "apiVersion": "v1",', '            "data": {', `                "${rng.word().toUpperCase()}_USER": "${b64(rng.word())}",`];
      const after = [`                "REGION": "${b64('eu-west-1')}"`, '            },', '            "kind": "Secret",', '            "metadata": {', `                "name": "${app}",`, `                "namespace": "${rng.word()}",`, `                "uid": "${rng.uuid()}"`, '            },', '            "type": "Opaque"', '        }', '    ],', '    "kind": "List",', '    "metadata": {', '        "resourceVersion": ""', '    }', '}'];
      return { lines: [...before, line, ...after], at: before.length };
    }
    case 'helm': {
      const value = rng.word();
      const before = [
        '{{- if .Values.secret.create }}',
        'apiVersion: v1',
        'kind: Secret',
        'metadata:',
        '  name: {{ include "chart.fullname" . }}',
        '  labels:',
        '    {{- include "chart.labels" . | nindent 4 }}',
        'type: Opaque',
        'data:',
        `  ${value}-password: {{ .Values.${value}.password | b64enc | quote }}`,
        '  {{- if .Values.apiToken }}',
        '  api-token: {{ .Values.apiToken | b64enc }}',
        '  {{- end }}',
      ];
      return { lines: [...before, line, `  region: ${b64('eu-west-1')}`, '{{- end }}'], at: before.length };
    }
    case 'ts':
    case 'py': {
      const before = codeLines(rng, kind, size);
      return { lines: [...before, line, ...codeLines(rng, kind, size)], at: before.length };
    }
    case 'sh': {
      const before = ['#!/usr/bin/env bash', 'set -euo pipefail', `# ${rng.sentence()}`, `cd "$(dirname "$0")/.."`];
      return { lines: [...before, line, `echo "${rng.sentence()}"`, `npm run ${rng.word()}`], at: before.length };
    }
    case 'php': {
      const before = ['<?php', `// ${rng.sentence()}`, `$${rng.word()} = fs_dynamic_init( array(`, `    'id' => '${rng.int(1000, 9999)}',`, `    'slug' => '${rng.kebab(2)}',`];
      return { lines: [...before, line, `    'is_premium' => true,`, ') );'], at: before.length };
    }
  }
}

const EXTENSION: Record<Kind, string> = {
  env: '.env',
  yaml: 'config.yaml',
  json: 'settings.json',
  ts: 'client.ts',
  py: 'settings.py',
  sh: 'deploy.sh',
  php: 'init.php',
  toml: 'config.toml',
  ini: 'settings.ini',
  xml: 'app.config.xml',
  properties: 'application.properties',
  'k8s-yaml': 'k8s/secrets.yaml',
  'k8s-json': 'secrets.json',
  helm: 'chart/templates/secret.yaml',
};

export function buildLabelledCorpus(seed = 'labelled-v1'): LabelledFile[] {
  const rng = new Rng(seed);
  const files: LabelledFile[] = [];
  FORMATS.forEach((format, f) => {
    const forms = format.forms ?? FORMS;
    for (let i = 0; i < PER_FORMAT; i++) {
      const form = forms[(i + f) % forms.length] as Form;
      const value = makeToken(rng, format.parts);
      const name = rng.pick(format.names);
      const planted = plantedLine(rng, form, name, value, format);
      const { lines, at } = surround(rng, planted.kind, planted.line, planted.parent);
      const path = `pos/${String(f).padStart(3, '0')}-${format.rules[0] ?? 'x'}/${i}/${EXTENSION[planted.kind]}`;
      files.push({ path, text: `${lines.join('\n')}\n`, plant: { path, line: at + 1, format, form, value } });
    }
  });
  for (const { kind, path, text } of hardNegatives(rng, PER_NEGATIVE_KIND)) files.push({ path, text, negative: kind });
  return files;
}
