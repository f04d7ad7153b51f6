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

/** The planted line, and the file kind it belongs in. */
function plantedLine(rng: Rng, form: Form, name: string, value: string, prefixed: boolean): { line: string; kind: 'env' | 'yaml' | 'json' | 'ts' | 'py' | 'sh' | 'php' | 'toml' | 'properties'; parent?: string } {
  const [head = name, ...rest] = name.toLowerCase().split('_');
  const child = rest.length > 0 ? rest.join('_') : 'token';
  switch (form) {
    case 'yaml-nested':
      return { line: `  ${child}: ${value}`, kind: 'yaml', parent: `${head}:` };
    case 'toml-section':
      return { line: `${child} = "${value}"`, kind: 'toml', parent: `[${head}]` };
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
      return prefixed && rng.chance(0.5)
        ? { line: `curl -sS -H "Authorization: Bearer ${value}" https://api.example.com/v1/${rng.word()}`, kind: 'sh' }
        : { line: `docker run --rm -e ${name}=${value} acme/${rng.word()}:${rng.int(1, 9)}.${rng.int(0, 20)}`, kind: 'sh' };
    case 'php':
      return { line: `    '${name}' => '${value}',`, kind: 'php' };
  }
}

/** Filler before and after the planted line, in the file's own language. */
function surround(rng: Rng, kind: ReturnType<typeof plantedLine>['kind'], line: string, parent: string | undefined): { lines: string[]; at: number } {
  const size = rng.int(200, 900);
  switch (kind) {
    case 'toml':
    case 'properties': {
      const before = textLines(rng, 'conf', size);
      const block = parent ? ['', parent, `endpoint = "${rng.url()}"`] : [];
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
      const before = ['{', `  "name": "@acme/${rng.kebab(2)}",`, `  "${rng.word()}": {`, `    "endpoint": "${rng.url()}",`];
      return { lines: [...before, line, `    "retries": ${rng.int(1, 9)}`, '  }', '}'], at: before.length };
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

const EXTENSION = { env: '.env', yaml: 'config.yaml', json: 'settings.json', ts: 'client.ts', py: 'settings.py', sh: 'deploy.sh', php: 'init.php', toml: 'config.toml', properties: 'application.properties' } as const;

export function buildLabelledCorpus(seed = 'labelled-v1'): LabelledFile[] {
  const rng = new Rng(seed);
  const files: LabelledFile[] = [];
  FORMATS.forEach((format, f) => {
    const forms = format.forms ?? FORMS;
    for (let i = 0; i < PER_FORMAT; i++) {
      const form = forms[i % forms.length] as Form;
      const value = makeToken(rng, format.parts);
      const name = rng.pick(format.names);
      const planted = plantedLine(rng, form, name, value, format.prefixed);
      const { lines, at } = surround(rng, planted.kind, planted.line, planted.parent);
      const path = `pos/${String(f).padStart(3, '0')}-${format.rules[0] ?? 'x'}/${i}/${EXTENSION[planted.kind]}`;
      files.push({ path, text: `${lines.join('\n')}\n`, plant: { path, line: at + 1, format, form, value } });
    }
  });
  for (const { kind, path, text } of hardNegatives(rng, PER_NEGATIVE_KIND)) files.push({ path, text, negative: kind });
  return files;
}
