/**
 * secretlint as the comparison: its own CLI in a child process over the same
 * tree, with the recommended preset, timed by wall clock.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hit } from './passes.js';

const BIN = fileURLToPath(new URL('../../node_modules/secretlint/bin/secretlint.js', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../../node_modules/secretlint/package.json', import.meta.url));
const RC = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] };

export interface SecretlintRun {
  readonly version: string;
  readonly seconds: number;
  /** Killed at the time limit: `seconds` is then a lower bound of its run time. */
  readonly timedOut: boolean;
  readonly exitCode: number | null;
  /** Undefined when there is no usable report (timeout or crash). */
  readonly hits: readonly Hit[] | undefined;
  readonly stderr: string;
}

interface SecretlintResult {
  readonly filePath: string;
  readonly messages: readonly { readonly ruleId: string; readonly loc: { readonly start: { readonly line: number } } }[];
}

export async function secretlintVersion(): Promise<string> {
  return (JSON.parse(await readFile(PACKAGE, 'utf8')) as { version: string }).version;
}

/**
 * `secretlint "**\/*" --secretlintrc RC --format json --no-color --output FILE` with cwd = dir.
 * With --output secretlint exits 0 even when it finds secrets; 2 means it crashed.
 */
export async function runSecretlint(dir: string, workDir: string, timeoutSeconds: number): Promise<SecretlintRun> {
  const rc = join(workDir, '.secretlintrc.json');
  const output = join(workDir, 'secretlint-report.json');
  await writeFile(rc, JSON.stringify(RC));
  const args = [BIN, '**/*', '--secretlintrc', rc, '--format', 'json', '--no-color', '--output', output];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutSeconds * 1000);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  const seconds = (performance.now() - started) / 1000;
  const version = await secretlintVersion();
  if (timedOut || !existsSync(output)) return { version, seconds, timedOut, exitCode, hits: undefined, stderr };
  const results = JSON.parse(await readFile(output, 'utf8')) as readonly SecretlintResult[];
  const hits: Hit[] = [];
  for (const result of results) {
    const path = relative(dir, result.filePath).split(sep).join('/');
    for (const message of result.messages) hits.push({ path, line: message.loc.start.line, ruleId: message.ruleId });
  }
  return { version, seconds, timedOut, exitCode, hits, stderr };
}
