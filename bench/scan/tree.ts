/**
 * The generated tree bench:scan scans: a deterministic mix of JavaScript, TypeScript, Python, JSON, YAML and
 * Markdown files in nested folders, with a few planted fake credentials, about 12 MB in 1,200 files.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['user', 'order', 'cart', 'token', 'session', 'invoice', 'report', 'query', 'cache', 'event', 'item', 'price'];

function js(random: () => number, n: number): string {
  const word = (): string => WORDS[Math.floor(random() * WORDS.length)] ?? 'item';
  const out: string[] = ["import express from 'express';", "import { db } from '../db.js';", '', 'const router = express.Router();', ''];
  for (let i = 0; i < n; i += 1) {
    const a = word();
    const b = word();
    out.push(
      `export async function ${a}${i}(req, res) {`,
      `  const ${b} = req.query.${b} ?? '';`,
      `  const rows = await db.query('SELECT * FROM ${a} WHERE id = $1', [${b}]);`,
      `  if (rows.length === 0) return res.status(404).json({ error: 'no ${a}' });`,
      `  return res.json(rows.map((row) => ({ ...row, ${b}: String(row.${b}).trim() })));`,
      '}',
      `router.get('/${a}/${i}', ${a}${i});`,
      '',
    );
  }
  return `${out.join('\n')}\nexport default router;\n`;
}

function py(random: () => number, n: number): string {
  const word = (): string => WORDS[Math.floor(random() * WORDS.length)] ?? 'item';
  const out: string[] = ['import os', 'import subprocess', 'from flask import request', ''];
  for (let i = 0; i < n; i += 1) {
    const a = word();
    out.push(
      `def ${a}_{i}(conn):`.replace('{i}', String(i)),
      `    name = request.args.get("${a}", "")`,
      `    rows = conn.execute("SELECT * FROM ${a} WHERE name = ?", (name,)).fetchall()`,
      `    return [dict(row) for row in rows if row["${a}"] is not None]`,
      '',
    );
  }
  return `${out.join('\n')}\n`;
}

function markdown(random: () => number, n: number): string {
  const out: string[] = ['# Notes', ''];
  for (let i = 0; i < n; i += 1) {
    out.push(`${WORDS.map((w) => (random() < 0.5 ? w : w.toUpperCase())).join(' ')} — paragraph ${i}.`, '');
  }
  return out.join('\n');
}

// Fake credentials of the right form, assembled at run time so this source holds none.
const PLANTED = [
  `const AWS_ACCESS_KEY_ID = '${['AKIA', 'Z3MSJV4W', 'WNKWW5FG'].join('')}';\nconst AWS_SECRET_ACCESS_KEY = '${['pQmzG1x8mK0b', '3nqT2sL9vYc7', 'RfH4dWa6eJkX5oBu'].join('')}';\n`,
  `GITHUB_TOKEN = '${['ghp', '4mN8qR2sT6vW0xY3zA7bC1dE5fG9hJ2kL6mN'].join('_')}'\n`,
  `SLACK_WEBHOOK: ${['https://hooks.slack.com/services', 'T024BE7LD', 'B01ABCD2EFG', 'q8Rz3Kc7VwXmN2pL5tY9sJ4h'].join('/')}\n`,
];

/**
 * Writes the tree into dir (emptied first) and returns dir. By default 1,200 files of about 10 KB (12 MB);
 * with `mb`, files of about 3 KB (the average of the public repositories issue 25 measured) until `mb` MB are written.
 */
export async function generateTree(dir: string, mb?: number): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  const random = prng(2026);
  const folders = ['src/api', 'src/models', 'src/lib/util', 'services/billing', 'services/auth', 'scripts', 'docs', 'config'];
  const target = mb === undefined ? undefined : mb * 1024 * 1024;
  let written = 0;
  for (let i = 0; target === undefined ? i < 1200 : written < target; i += 1) {
    const folder = folders[i % folders.length] ?? 'src';
    const kind = i % 6;
    const size = target === undefined ? 20 + Math.floor(random() * 40) : 3 + Math.floor(random() * 12);
    const [name, text] =
      kind < 2 ? [`module${i}.js`, js(random, size)]
      : kind === 2 ? [`module${i}.ts`, js(random, size)]
      : kind === 3 ? [`module${i}.py`, py(random, size)]
      : kind === 4 ? [`notes${i}.md`, markdown(random, size * 2)]
      : [`settings${i}.json`, `${JSON.stringify({ name: `svc-${i}`, retries: i % 5, tags: WORDS.slice(0, 1 + (i % 10)) }, null, 2)}\n`];
    const planted = i % 97 === 0 ? PLANTED[(i / 97) % PLANTED.length] ?? '' : '';
    const path = join(dir, folder, `${i % (target === undefined ? 10 : 200)}`, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, planted + text);
    written += planted.length + text.length;
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-tree', dependencies: { express: '4.17.1', lodash: '4.17.20' } }, null, 2)}\n`);
  await writeFile(join(dir, 'requirements.txt'), 'flask==2.0.1\nrequests==2.25.0\n');
  return dir;
}
