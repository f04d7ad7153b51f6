import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companionIdentifiers, needsCompanions, TWILIO_SID } from '../../../src/adapters/verify/providers.js';
import { openLocalDirectory } from '../../../src/adapters/sources/local.js';
import type { SecretToVerify } from '../../../src/core/verification.js';
import { createInlinePool } from '../../../src/engine/pool.js';
import { scanWorkspace } from '../../../src/engine/scan-workspace.js';

// Fabricated values, split so the repository holds no whole token.
const SID = ['AC', 'b3c1f0e2d4a5968778695a4b3c2d1e0f'].join('');
const OTHER_SID = ['AC', '0f1e2d3c4b5a69788796a5b4c3d2e1f0'].join('');
const TOKEN = ['e4e18f639e22b1a6', 'a6b20637aab0492d'].join('');

describe('identifiers a provider check pairs with a secret', () => {
  it('asks for them only for rules whose check needs one, each once', () => {
    expect(needsCompanions('twilio-auth-token')).toBe(true);
    expect(needsCompanions('github-pat')).toBe(false);
    const text = `sid=${SID}\nagain=${SID}\nsecond=${OTHER_SID}\n`;
    expect(companionIdentifiers(['twilio-auth-token', 'twilio-auth-token'], text)).toEqual([
      { ruleId: TWILIO_SID, secret: SID },
      { ruleId: TWILIO_SID, secret: OTHER_SID },
    ]);
    expect(companionIdentifiers(['github-pat'], text)).toEqual([]);
    expect(companionIdentifiers(['twilio-auth-token'], 'no sid here')).toEqual([]);
  });

  it('reach the verifier beside a Twilio token found in a scan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-companions-'));
    await writeFile(join(dir, 'twilio.env'), `TWILIO_ACCOUNT_SID=${SID}\nTWILIO_AUTH_TOKEN=${TOKEN}\n`);
    const ws = await openLocalDirectory(dir);
    const asked: SecretToVerify[] = [];
    try {
      await scanWorkspace(ws, 'acme/app', {
        pool: createInlinePool(),
        timeoutMs: 60_000,
        verify: (secrets) => {
          asked.push(...secrets);
          return Promise.resolve(new Map());
        },
      });
    } finally {
      await ws.dispose();
      await rm(dir, { recursive: true, force: true });
    }
    const token = asked.find((s) => s.ruleId === 'twilio-auth-token');
    expect(token?.companions).toContainEqual({ ruleId: TWILIO_SID, secret: SID });
  });
});
