/**
 * Filler configuration and prose for the benchmark corpus: YAML manifests,
 * JSON documents, Markdown, dotenv-style files and INI/TOML/properties.
 */
import { decoyKey, decoyValue, literal } from './filler-code.js';
import type { Rng } from './random.js';

function yamlDoc(rng: Rng): string[] {
  const name = rng.kebab(2);
  const lines = ['---', 'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', `  name: ${name}`, '  labels:', `    app.kubernetes.io/name: ${name}`, 'spec:', `  replicas: ${rng.int(1, 6)}`, '  template:', '    spec:', '      containers:', `        - name: ${name}`, `          image: registry.acme.io/${name}:${rng.int(1, 9)}.${rng.int(0, 40)}.${rng.int(0, 99)}@sha256:${rng.hex(64)}`, '          env:'];
  for (let i = rng.int(3, 10); i > 0; i--) {
    const key = rng.chance(0.3) ? decoyKey(rng) : rng.snake(2);
    lines.push(`            - name: ${key.toUpperCase()}`);
    if (rng.chance(0.25)) {
      lines.push('              valueFrom:', '                secretKeyRef:', `                  name: ${rng.kebab(2)}`, `                  key: ${rng.snake(1)}`);
    } else {
      lines.push(`              value: "${key.includes('_') ? decoyValue(rng, key) : literal(rng)}"`);
    }
  }
  lines.push('          resources:', '            limits:', `              cpu: ${rng.int(100, 2000)}m`, `              memory: ${rng.int(128, 4096)}Mi`);
  return lines;
}

function yamlCi(rng: Rng): string[] {
  const lines = [`name: ${rng.sentence(2, 4).slice(0, -1)}`, 'on:', '  push:', '    branches: [main]', 'jobs:'];
  for (let j = rng.int(1, 4); j > 0; j--) {
    lines.push(`  ${rng.kebab(2)}:`, '    runs-on: ubuntu-latest', '    steps:', '      - uses: actions/checkout@v4');
    for (let s = rng.int(2, 6); s > 0; s--) {
      lines.push(`      - name: ${rng.sentence(2, 5).slice(0, -1)}`, `        run: npm run ${rng.kebab(1)} -- --${rng.word()} ${rng.word()}`);
      if (rng.chance(0.3)) lines.push('        env:', `          ${rng.snake(2).toUpperCase()}: \${{ secrets.${rng.snake(2).toUpperCase()} }}`);
    }
  }
  return lines;
}

function jsonValue(rng: Rng, depth: number, indent: string, key: string, object = false): string[] {
  if (object || (depth < 3 && rng.chance(0.3))) {
    const inner = `${indent}  `;
    const lines = ['{'];
    const n = rng.int(2, 7);
    for (let i = 0; i < n; i++) {
      const k = rng.chance(0.2) ? decoyKey(rng) : rng.camel();
      const value = jsonValue(rng, depth + 1, inner, k);
      value[0] = `${inner}"${k}": ${value[0] ?? ''}`;
      if (i < n - 1) value[value.length - 1] = `${value[value.length - 1] ?? ''},`;
      lines.push(...value);
    }
    lines.push(`${indent}}`);
    return lines;
  }
  if (key.includes('_')) return [JSON.stringify(decoyValue(rng, key))];
  return [rng.pick([JSON.stringify(literal(rng)), String(rng.int(0, 100_000)), rng.chance(0.5) ? 'true' : 'false', JSON.stringify(rng.uuid())])];
}

function markdownSection(rng: Rng): string[] {
  const lines = [`## ${rng.sentence(2, 5).slice(0, -1)}`, ''];
  for (let p = rng.int(1, 3); p > 0; p--) {
    const sentences: string[] = [];
    for (let s = rng.int(2, 6); s > 0; s--) sentences.push(rng.sentence(6, 18));
    lines.push(sentences.join(' '), '');
  }
  switch (rng.int(0, 3)) {
    case 0:
      lines.push('```sh', `curl -H "X-Api-Key: $VIGIL_API_KEY" ${rng.url()}`, `npm run ${rng.kebab(1)} -- --${rng.word()}=${rng.word()}`, '```', '');
      break;
    case 1:
      lines.push('| setting | default | meaning |', '| --- | --- | --- |');
      for (let r = rng.int(2, 6); r > 0; r--) lines.push(`| \`${rng.chance(0.3) ? decoyKey(rng) : rng.snake(2)}\` | \`${rng.int(0, 500)}\` | ${rng.sentence(3, 9)} |`);
      lines.push('');
      break;
    case 2:
      for (let r = rng.int(2, 6); r > 0; r--) lines.push(`- [${rng.sentence(2, 4).slice(0, -1)}](${rng.url()}): ${rng.sentence(3, 8)}`);
      lines.push('');
      break;
    default:
      lines.push(`> ${rng.sentence(8, 20)} See \`${literal(rng)}\`.`, '');
  }
  return lines;
}

function envLine(rng: Rng): string {
  if (rng.chance(0.12)) return `# ${rng.sentence(3, 9)}`;
  const key = rng.chance(0.3) ? decoyKey(rng) : rng.snake(2);
  const value = rng.pick([
    rng.url(),
    String(rng.int(1, 65535)),
    rng.chance(0.5) ? 'true' : 'false',
    `\${${rng.snake(2).toUpperCase()}}`,
    key.includes('_') ? decoyValue(rng, key) : rng.word(),
    '',
    'changeme',
  ]);
  return `${key.toUpperCase()}=${value}`;
}

function confSection(rng: Rng, style: 'ini' | 'toml' | 'properties'): string[] {
  const section = rng.snake(2);
  const lines = style === 'properties' ? [`# ${rng.sentence()}`] : [style === 'toml' ? `[${section.replaceAll('_', '.')}]` : `[${section}]`];
  for (let i = rng.int(3, 10); i > 0; i--) {
    const key = rng.chance(0.25) ? decoyKey(rng) : rng.snake(2);
    const raw = rng.chance(0.5) ? String(rng.int(0, 10_000)) : key.includes('_') ? decoyValue(rng, key) : literal(rng);
    const value = style === 'toml' && !/^\d+$/.test(raw) ? JSON.stringify(raw) : raw;
    lines.push(style === 'properties' ? `${section.replaceAll('_', '.')}.${key.replaceAll('_', '.')}=${value}` : `${key} = ${value}`);
  }
  lines.push('');
  return lines;
}

export type TextLang = 'yaml' | 'json' | 'md' | 'env' | 'conf';

function fill(target: number, start: readonly string[], more: () => readonly string[]): string[] {
  const lines = [...start];
  let size = lines.reduce((n, l) => n + l.length + 1, 0);
  while (size < target) {
    for (const line of more()) {
      lines.push(line);
      size += line.length + 1;
    }
  }
  return lines;
}

/** Lines of one text file, about `target` bytes. */
export function textLines(rng: Rng, lang: TextLang, target: number): string[] {
  switch (lang) {
    case 'yaml': {
      const ci = rng.chance(0.3);
      return fill(target, [`# ${rng.sentence()}`], () => (ci ? yamlCi(rng) : yamlDoc(rng)));
    }
    case 'json': {
      const records: string[] = ['{', `  "name": "@acme/${rng.kebab(2)}",`, `  "version": "${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 99)}",`, '  "records": ['];
      const body = fill(target, records, () => {
        const record = jsonValue(rng, 0, '    ', '', true);
        record[0] = `    ${record[0] ?? ''}`;
        record[record.length - 1] = `${record[record.length - 1] ?? ''},`;
        return record;
      });
      body.push('    null', '  ]', '}');
      return body;
    }
    case 'md':
      return fill(target, [`# ${rng.sentence(2, 5).slice(0, -1)}`, '', rng.sentence(10, 25), ''], () => markdownSection(rng));
    case 'env':
      return fill(target, [`# ${rng.sentence()}`], () => [envLine(rng)]);
    case 'conf': {
      const style = rng.pick(['ini', 'toml', 'properties'] as const);
      return fill(target, [`# ${rng.sentence()}`, ''], () => confSection(rng, style));
    }
  }
}
