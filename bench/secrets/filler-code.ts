/**
 * Filler source code for the benchmark corpus: TypeScript, JavaScript, Python,
 * Go and Java that looks like a real code base to a line-oriented scanner
 * (imports, functions, comments, literals, URLs, ids, hashes, base64 blobs and
 * secret-sounding names that hold no secret).
 */
import { capitalize, Rng } from './random.js';

/** Names that sound like secrets but hold configuration, the usual false-positive bait. */
const DECOY_KEYS = ['password_field', 'token_url', 'api_key_name', 'secret_name', 'auth_header', 'password_min_length', 'token_ttl', 'key_id'];

export function decoyValue(rng: Rng, key: string): string {
  if (key.endsWith('url')) return rng.url();
  if (key.includes('length') || key.includes('ttl')) return String(rng.int(8, 86_400));
  if (key === 'key_id') return rng.uuid();
  if (key === 'auth_header') return rng.pick(['Authorization', 'X-Api-Key', 'X-Auth-Token']);
  return rng.pick(['password', 'X-Api-Key', 'db-credentials', 'app-secrets', rng.kebab(2)]);
}

export function decoyKey(rng: Rng): string {
  return rng.pick(DECOY_KEYS);
}

/** A string literal of the kind real code carries: URL, UUID, hash, base64 blob, message. */
export function literal(rng: Rng): string {
  switch (rng.int(0, 7)) {
    case 0:
      return rng.url();
    case 1:
      return rng.uuid();
    case 2:
      return `sha256:${rng.hex(64)}`;
    case 3:
      return rng.hex(40);
    case 4:
      return rng.chance(0.3) ? `data:image/png;base64,${rng.base64(rng.int(120, 600))}` : rng.base64(rng.int(16, 48));
    case 5:
      return `${rng.kebab(2)}.${rng.pick(['json', 'yaml', 'ts', 'py', 'csv'])}`;
    default:
      return rng.sentence(2, 7).toLowerCase();
  }
}

function tsStatement(rng: Rng, indent: string): string {
  const v = rng.camel();
  switch (rng.int(0, 9)) {
    case 0:
      return `${indent}const ${v} = await this.${rng.camel(1)}Repository.${rng.pick(['find', 'findOne', 'list', 'count'])}(${rng.camel(1)}Id);`;
    case 1:
      return `${indent}if (!${v}) throw new ${rng.pascal(1)}Error(\`${rng.sentence(2, 5).toLowerCase()} \${${rng.camel(1)}Id}\`);`;
    case 2:
      return `${indent}logger.${rng.pick(['info', 'debug', 'warn'])}({ ${rng.camel(1)}Id, ${rng.camel(1)} }, '${rng.sentence(3, 8)}');`;
    case 3:
      return `${indent}const ${v} = '${literal(rng)}';`;
    case 4:
      return `${indent}// ${rng.sentence()}`;
    case 5:
      return `${indent}for (const ${rng.word()} of ${rng.camel(2)}s) total += ${rng.word()}.${rng.camel(1)} ?? 0;`;
    case 6:
      return `${indent}const ${v} = new URL('/${rng.words(1, 3).join('/')}', this.baseUrl);`;
    case 7: {
      const key = decoyKey(rng);
      return `${indent}const ${v} = { ${key}: '${decoyValue(rng, key)}' };`;
    }
    case 8:
      return `${indent}const ${v} = process.env.${rng.snake(2).toUpperCase()} ?? '${rng.word()}';`;
    default:
      return `${indent}return { ...${rng.camel(1)}, ${rng.camel(1)}: ${rng.int(0, 9999)}, updatedAt: new Date() };`;
  }
}

function tsBlock(rng: Rng, typed: boolean): string[] {
  const t = (text: string): string => (typed ? text : '');
  const name = `${rng.pick(['get', 'load', 'save', 'build', 'sync', 'resolve'])}${rng.pascal(2)}`;
  switch (rng.int(0, 4)) {
    case 0: {
      const lines = ['/**', ` * ${rng.sentence()}`, ` * @param ${rng.camel(1)}Id ${rng.sentence(3, 6)}`, ' */'];
      lines.push(`export async function ${name}(${rng.camel(1)}Id${t(': string')}, options${t(`: ${rng.pascal(2)}Options`)} = {})${t(`: Promise<${rng.pascal(1)}>`)} {`);
      for (let i = rng.int(3, 12); i > 0; i--) lines.push(tsStatement(rng, '  '));
      lines.push('}', '');
      return lines;
    }
    case 1: {
      if (!typed) return [`module.exports.${name} = ${name};`, ''];
      const lines = [`export interface ${rng.pascal(2)} {`];
      for (let i = rng.int(3, 10); i > 0; i--) lines.push(`  readonly ${rng.camel()}${rng.chance(0.3) ? '?' : ''}: ${rng.pick(['string', 'number', 'boolean', 'Date', `${rng.pascal(1)}[]`])};`);
      lines.push('}', '');
      return lines;
    }
    case 2: {
      const lines = [`export const ${rng.snake(2).toUpperCase()} = {`];
      for (let i = rng.int(3, 9); i > 0; i--) {
        const key = rng.chance(0.3) ? decoyKey(rng) : rng.camel();
        lines.push(`  ${key}: ${rng.chance(0.5) ? `'${key.includes('_') ? decoyValue(rng, key) : literal(rng)}'` : rng.int(0, 65535)},`);
      }
      lines.push(`}${t(' as const')};`, '');
      return lines;
    }
    case 3: {
      const lines = [`describe('${rng.sentence(2, 5)}', () => {`, `  it('${rng.sentence(3, 8).toLowerCase()}', async () => {`];
      for (let i = rng.int(2, 6); i > 0; i--) lines.push(tsStatement(rng, '    '));
      lines.push(`    expect(${rng.camel()}).toEqual(${rng.chance(0.5) ? `'${literal(rng)}'` : rng.int(0, 100)});`, '  });', '});', '');
      return lines;
    }
    default: {
      const cls = rng.pascal(2);
      const lines = [`export class ${cls}Service {`, `  constructor(private readonly ${rng.camel(1)}Repository${t(`: ${rng.pascal(1)}Repository`)}) {}`, ''];
      for (let m = rng.int(1, 3); m > 0; m--) {
        lines.push(`  async ${rng.pick(['find', 'update', 'remove', 'refresh'])}${rng.pascal(1)}(${rng.camel(1)}Id${t(': string')})${t(': Promise<void>')} {`);
        for (let i = rng.int(2, 8); i > 0; i--) lines.push(tsStatement(rng, '    '));
        lines.push('  }', '');
      }
      lines.push('}', '');
      return lines;
    }
  }
}

function tsHeader(rng: Rng, typed: boolean): string[] {
  const lines: string[] = [];
  for (let i = rng.int(3, 9); i > 0; i--) {
    const from = rng.chance(0.4) ? rng.pick(['node:fs/promises', 'node:path', 'zod', 'fastify', '@acme/core', 'pino']) : `${rng.pick(['./', '../', '../../'])}${rng.kebab(2)}${typed ? '.js' : ''}`;
    lines.push(typed || rng.chance(0.5) ? `import { ${rng.camel(2)}, ${rng.pascal(1)} } from '${from}';` : `const { ${rng.camel(2)} } = require('${from}');`);
  }
  lines.push('');
  return lines;
}

function pyBlock(rng: Rng): string[] {
  if (rng.chance(0.25)) {
    const lines = [`${rng.snake(2).toUpperCase()} = {`];
    for (let i = rng.int(3, 8); i > 0; i--) {
      const key = rng.chance(0.3) ? decoyKey(rng) : rng.snake();
      lines.push(`    "${key}": ${rng.chance(0.6) ? `"${key.includes('_') ? decoyValue(rng, key) : literal(rng)}"` : rng.int(0, 9999)},`);
    }
    return [...lines, '}', '', ''];
  }
  const lines = [`def ${rng.pick(['get', 'load', 'build', 'handle'])}_${rng.snake(2)}(${rng.word()}_id, ${rng.word()}=None, **kwargs):`, `    """${rng.sentence()}"""`];
  for (let i = rng.int(3, 12); i > 0; i--) {
    const v = rng.snake(2);
    lines.push(
      rng.pick([
        `    ${v} = self.${rng.word()}_repository.get(${rng.word()}_id)`,
        `    if ${v} is None:\n        raise ${rng.pascal(1)}Error(f"${rng.sentence(2, 5).toLowerCase()} {${rng.word()}_id}")`,
        `    logger.info("${rng.sentence(3, 8)}", extra={"${rng.word()}_id": ${rng.word()}_id})`,
        `    ${v} = "${literal(rng)}"`,
        `    # ${rng.sentence()}`,
        `    ${v} = os.environ.get("${rng.snake(2).toUpperCase()}", "${rng.word()}")`,
        `    return {"${rng.word()}": ${v}, "updated_at": datetime.utcnow().isoformat()}`,
      ]),
    );
  }
  return [...lines, '', ''];
}

function goBlock(rng: Rng): string[] {
  const recv = rng.pascal(1);
  const lines = [`// ${recv}${rng.pascal(1)} ${rng.sentence().toLowerCase()}`, `func (s *${recv}Service) ${rng.pick(['Get', 'Load', 'Sync', 'Apply'])}${rng.pascal(2)}(ctx context.Context, id string) (*${recv}, error) {`];
  for (let i = rng.int(3, 10); i > 0; i--) {
    lines.push(
      rng.pick([
        `\t${rng.camel(2)}, err := s.${rng.camel(1)}.${capitalize(rng.camel(2))}(ctx, id)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf("${rng.words(2, 4).join(' ')}: %w", err)\n\t}`,
        `\t// ${rng.sentence()}`,
        `\tconst ${rng.camel(2)} = "${literal(rng)}"`,
        `\ts.log.Info("${rng.sentence(3, 7)}", "id", id, "${rng.word()}", ${rng.int(0, 999)})`,
        `\t${rng.camel(2)} := os.Getenv("${rng.snake(2).toUpperCase()}")`,
      ]),
    );
  }
  lines.push(`\treturn &${recv}{ID: id}, nil`, '}', '');
  if (rng.chance(0.4)) {
    lines.push(`type ${rng.pascal(2)} struct {`);
    for (let i = rng.int(2, 7); i > 0; i--) {
      const field = rng.chance(0.2) ? decoyKey(rng) : rng.snake(2);
      lines.push(`\t${field.split('_').map(capitalize).join('')} ${rng.pick(['string', 'int', 'bool', 'time.Time'])} \`json:"${field}"\``);
    }
    lines.push('}', '');
  }
  return lines;
}

function javaBlock(rng: Rng): string[] {
  const lines = ['    /**', `     * ${rng.sentence()}`, '     */', `    public ${rng.pascal(1)} ${rng.pick(['find', 'load', 'update'])}${rng.pascal(2)}(String ${rng.word()}Id) {`];
  for (let i = rng.int(3, 10); i > 0; i--) {
    lines.push(
      rng.pick([
        `        var ${rng.camel(2)} = ${rng.camel(1)}Repository.findById(${rng.word()}Id).orElseThrow();`,
        `        log.info("${rng.sentence(3, 7)} {}", ${rng.word()}Id);`,
        `        String ${rng.camel(2)} = "${literal(rng)}";`,
        `        // ${rng.sentence()}`,
        `        @Value("\${${rng.words(2, 3).join('.')}}") String ${rng.camel(2)};`,
      ]),
    );
  }
  return [...lines, `        return new ${rng.pascal(1)}();`, '    }', ''];
}

/** Source lines of one code file, about `target` bytes. */
export function codeLines(rng: Rng, lang: 'ts' | 'js' | 'py' | 'go' | 'java', target: number): string[] {
  const header: Record<typeof lang, () => string[]> = {
    ts: () => tsHeader(rng, true),
    js: () => tsHeader(rng, false),
    py: () => ['import logging', 'import os', `from ${rng.word()}.${rng.word()} import ${rng.pascal(2)}`, '', 'logger = logging.getLogger(__name__)', '', ''],
    go: () => [`package ${rng.word()}`, '', 'import (', '\t"context"', '\t"fmt"', '\t"os"', ')', ''],
    java: () => [`package com.acme.${rng.word()}.${rng.word()};`, '', 'import java.util.*;', '', `public class ${rng.pascal(2)}Service {`],
  };
  const block: Record<typeof lang, () => string[]> = {
    ts: () => tsBlock(rng, true),
    js: () => tsBlock(rng, false),
    py: () => pyBlock(rng),
    go: () => goBlock(rng),
    java: () => javaBlock(rng),
  };
  const lines = header[lang]();
  let size = lines.reduce((n, l) => n + l.length + 1, 0);
  while (size < target) {
    for (const line of block[lang]()) {
      lines.push(line);
      size += line.length + 1;
    }
  }
  if (lang === 'java') lines.push('}');
  return lines.join('\n').split('\n');
}
