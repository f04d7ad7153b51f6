import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Debian's chromium; .ci/run installs it when missing. */
export const CHROMIUM = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';

/** Fails (never skips) when the browser is missing, saying how to get it. */
export async function launchChromium(): Promise<Browser> {
  try {
    await access(CHROMIUM, constants.X_OK);
  } catch {
    throw new Error(`No Chromium at ${CHROMIUM}: the browser tests need it. Install it (apt-get install -y chromium; .ci/run does) or point VIGIL_CHROMIUM at one.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Builds the dashboard with the project's vite.config.ts into a new temporary folder. */
export async function buildDashboard(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'vigil-web-build-'));
  await run(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, timeout: 120_000 });
  return outDir;
}
