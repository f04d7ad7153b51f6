import { readFile } from 'node:fs/promises';
import { terminalField, terminalText } from '../../outputs/terminal.js';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { AiTask } from '../../services/ai/service.js';
import type { TriageScan } from '../../services/ai/triage/types.js';
import { loadConfig } from '../../config/index.js';
import type { Finding } from '../../core/findings.js';
import type { CliIo } from '../program.js';
import { EXIT_ERROR } from '../exit-codes.js';

async function readJson(io: CliIo, file: string): Promise<unknown> {
  const text = await readFile(resolve(io.cwd, file), 'utf8').catch(() => {
    throw new Error(`cannot read ${file}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${file} is not JSON`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A finding from a JSON file holding a finding, or by id from a scan JSON (--scan). */
async function loadFinding(io: CliIo, value: string, scanFile?: string): Promise<Finding> {
  if (/^[A-Z]+-[A-Z0-9]{6}$/.test(value)) {
    if (!scanFile) throw new Error(`${value} looks like a finding id: pass --scan SCAN.json to look it up`);
    const scan = await readJson(io, scanFile);
    const findings = isObject(scan) && Array.isArray(scan.findings) ? (scan.findings as unknown[]) : [];
    const found = findings.find((f) => isObject(f) && f.id === value);
    if (!found) throw new Error(`no finding ${value} in ${scanFile}`);
    return found as Finding;
  }
  const data = await readJson(io, value);
  if (!isObject(data) || typeof data.title !== 'string' || typeof data.id !== 'string') throw new Error(`${value} does not hold a finding (id, title, …)`);
  return data as unknown as Finding;
}

/** Streams an answer to stdout; a provider failure ends with the sentinel and exit code 2. */
async function stream(io: CliIo, task: AiTask, setExitCode: (code: number) => void): Promise<void> {
  const config = loadConfig(io.env, io.cwd);
  // The AI SDKs are loaded only by the commands that stream an answer.
  const [{ answer, selectProvider }, { aiErrorBeforeStream, SERVICE_ERROR_PREFIX }] = await Promise.all([import('../../services/ai/service.js'), import('../../http/streaming.js')]);
  const { provider, callerKey } = selectProvider({
    provider: config.aiProvider,
    ...(config.aiApiKey ? { apiKey: config.aiApiKey } : {}),
    ...(config.aiBaseUrl ? { baseUrl: config.aiBaseUrl } : {}),
    ...(config.aiModel ? { model: config.aiModel } : {}),
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.aiTimeoutMs);
  // The reader went away (`vigil triage … | head -1`): stop asking the provider, end quietly.
  const stop = (): void => controller.abort();
  io.outputClosed?.addEventListener('abort', stop, { once: true });
  let wrote = false;
  try {
    for await (const delta of answer(provider, task, controller.signal)) {
      if (io.outputClosed?.aborted) return;
      wrote = true;
      io.out(terminalText(delta));
    }
    if (wrote) io.out('\n');
  } catch (error) {
    if (io.outputClosed?.aborted) return;
    if (!wrote) throw new Error(aiErrorBeforeStream(error, callerKey).detail);
    io.out(`\n${SERVICE_ERROR_PREFIX} The AI engine failed mid-answer (${terminalField(error instanceof Error ? error.message : String(error))}); retry.\n`);
    setExitCode(EXIT_ERROR);
  } finally {
    clearTimeout(timer);
    io.outputClosed?.removeEventListener('abort', stop);
  }
}

export function aiCommands(io: CliIo, setExitCode: (code: number) => void): Command[] {
  const forFinding = (name: 'explain' | 'fix', description: string) =>
    new Command(name)
      .description(description)
      .requiredOption('--finding <file-or-id>', 'a JSON file holding one finding, or a finding id together with --scan')
      .option('--scan <file>', 'scan JSON (vigil scan … --format json) to look a finding id up in')
      .action(async (opts: { finding: string; scan?: string }) => {
        const finding = await loadFinding(io, opts.finding, opts.scan);
        await stream(io, { kind: name, finding }, setExitCode);
      });
  const triage = new Command('triage')
    .description('Stream a prioritised remediation plan for a scan (JSON from vigil scan --format json or the API)')
    .argument('<scan-file>', 'scan JSON')
    .action(async (file: string) => {
      const scan = await readJson(io, file);
      if (!isObject(scan) || !Array.isArray(scan.findings)) throw new Error(`${file} is not a scan (no findings array)`);
      await stream(io, { kind: 'triage', scan: scan as unknown as TriageScan }, setExitCode);
    });
  return [forFinding('explain', 'Stream an explanation of a finding (offline engine unless AI_PROVIDER is set)'), forFinding('fix', 'Stream a fix for a finding, with diffs where the fix is mechanical'), triage];
}
