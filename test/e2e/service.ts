import { createServer } from 'node:net';
import { KEYS } from '../services/ai/providers/harness.js';
import { startFakeAnthropic } from '../fakes/ai/anthropic.js';
import type { FakeAi } from '../fakes/ai/server.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { SECRETS } from '../services/fixes/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

export const OWNER = 'acme';
export const REPO = 'storefront';
/** The AWS access key id planted in the repository; no page may ever contain it. */
export const PLANTED_AWS_KEY = SECRETS.aws;
/** The GitHub OAuth app the service is configured with (the fake plays github.com's OAuth pages). */
export const OAUTH_CLIENT_ID = 'Iv1.e2e0dashboard';
const OAUTH_CLIENT_SECRET = ['e2e', 'oauth', 'secret', '0123456789abcdef'].join('-');
/** A token with write access to the fake's repositories, assembled at run time. */
export const WRITE_TOKEN = ['gh', 'p_', 'E2eWriter0123456789abcdefABCDEFGHIJK'].join('');

/** A small shop with a leaked AWS key, a command injection, and a workflow that runs an issue title. */
export function storefrontFiles(): Record<string, string> {
  return {
    'src/config.ts': `export const awsKey = "${PLANTED_AWS_KEY}";\nexport const region = 'eu-west-1';\n`,
    'src/server.js': [
      "const { exec } = require('child_process');",
      "const express = require('express');",
      'const app = express();',
      "app.get('/ping', (req, res) => {",
      "  exec('ping -c 1 ' + req.query.host, (error, output) => res.send(output));",
      '});',
      'app.listen(3000);',
      '',
    ].join('\n'),
    '.github/workflows/triage.yml': [
      'name: triage',
      'on:',
      '  issues:',
      '    types: [opened]',
      'jobs:',
      '  label:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo "New issue ${{ github.event.issue.title }}"',
      '',
    ].join('\n'),
    'package.json': '{ "name": "storefront", "version": "1.0.0", "dependencies": { "express": "4.21.2" } }\n',
    'README.md': '# storefront\n',
  };
}

export interface E2eService {
  readonly t: TestApp;
  readonly origin: string;
  readonly github: FakeGitHub;
  readonly ai: FakeAi;
  close(): Promise<void>;
}

/** A free loopback port, so PUBLIC_URL (the origin of the mailed links) can be known before the app is built. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The real service (buildApp with the dashboard build in webDir), listening on 127.0.0.1,
 * talking to the fake GitHub and a fake Anthropic API.
 */
export async function startE2eService(webDir: string): Promise<E2eService & { storage: TestStorage }> {
  const github = await startFakeGitHub();
  github.addRepo({ owner: OWNER, repo: REPO, files: storefrontFiles() });
  github.addToken(WRITE_TOKEN, { scopes: ['repo'] });
  github.oauth.addApp(OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET);
  const aiKey = KEYS.anthropic();
  const ai = await startFakeAnthropic({ apiKey: aiKey });
  const storage = await openTestStorage('embedded');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp(storage, {
    webDir,
    env: {
      PUBLIC_URL: origin,
      GITHUB_API_URL: github.url,
      GITHUB_OAUTH_URL: github.url,
      GITHUB_OAUTH_CLIENT_ID: OAUTH_CLIENT_ID,
      GITHUB_OAUTH_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
      VIGIL_GITHUB_RETRIES: '0',
      VIGIL_SCAN_WORKERS: '1',
      AI_PROVIDER: 'anthropic',
      AI_API_KEY: aiKey,
      AI_BASE_URL: `${ai.url}/v1`,
    },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return {
    t,
    origin,
    github,
    ai,
    storage,
    async close() {
      t.app.server.closeAllConnections();
      await t.close();
      await storage.cleanup();
      await ai.close();
      await github.close();
    },
  };
}
