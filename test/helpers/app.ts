import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Plan, PlanLimits } from '../../src/services/accounts/plans.js';
import { MemoryQuotaStore, Quotas, type QuotaStore } from '../../src/services/accounts/quotas.js';
import { AccountService } from '../../src/services/accounts/service.js';
import { buildApp } from '../../src/main.js';
import { loadConfig } from '../../src/config/index.js';
import { VERSION } from '../../src/core/version.js';
import { outboxMailer } from '../../src/adapters/mail/mailer.js';
import type { SignInLimits } from '../../src/services/auth/limits.js';
import type { ScanEngine } from '../../src/engine/runtime.js';
import type { VerifySecrets } from '../../src/engine/verification.js';
import type { TestStorage } from './storage.js';

export const TEST_PEPPER = 'test-pepper-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly accounts: AccountService;
  readonly quotas: Quotas;
  /** Everything the app logged so far, as one string of JSON lines. */
  logs(): string;
  /** Texts of the mails written to the outbox, oldest first. */
  mails(): Promise<string[]>;
  /** Creates an account and returns its key. */
  newAccount(plan: Plan, email?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly quotaStore?: QuotaStore;
  readonly limitsFor?: (plan: Plan) => PlanLimits;
  readonly extraV1Routes?: (scope: FastifyInstance) => void;
  readonly env?: Record<string, string>;
  readonly scanEngine?: ScanEngine;
  /** Secret validity checks (loopback fakes of the providers). */
  readonly verifier?: VerifySecrets;
  /** The built dashboard to serve (default: none, so its paths answer 503). */
  readonly webDir?: string;
  /** One clock for quotas, sign-in windows, sessions, link expiry and progress. */
  readonly now?: () => number;
  readonly signInLimits?: SignInLimits;
}

let counter = 0;

export async function createTestApp(ts: TestStorage, options: TestAppOptions = {}): Promise<TestApp> {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = loadConfig({ VIGIL_DATA_DIR: ts.dataDir, LOG_LEVEL: 'info', ...options.env }, ts.dataDir);
  const outbox = join(ts.dataDir, 'outbox');
  const mailer = outboxMailer(outbox, 'Vigil <vigil@test>');
  const accounts = new AccountService(ts.storage, TEST_PEPPER, mailer);
  const quotas = new Quotas(options.quotaStore ?? new MemoryQuotaStore(options.now), options.now);
  const app = await buildApp({
    config,
    storage: ts.storage,
    accounts,
    quotas,
    mailer,
    version: VERSION,
    logStream,
    ...(options.now ? { now: options.now } : {}),
    ...(options.signInLimits ? { signInLimits: options.signInLimits } : {}),
    ...(options.limitsFor ? { limitsFor: options.limitsFor } : {}),
    ...(options.extraV1Routes ? { extraV1Routes: options.extraV1Routes } : {}),
    ...(options.scanEngine ? { scanEngine: options.scanEngine } : {}),
    ...(options.verifier ? { verifier: options.verifier } : {}),
    ...(options.webDir !== undefined ? { webDir: options.webDir } : {}),
  });
  await app.ready();
  return {
    app,
    accounts,
    quotas,
    logs: () => lines.join(''),
    async mails() {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(names.map((n) => readFile(join(outbox, n), 'utf8')));
    },
    async newAccount(plan, email) {
      counter += 1;
      const issued = await accounts.createAccount(email ?? `user${counter}-${Date.now()}@example.test`, plan);
      return issued.apiKey;
    },
    async close() {
      await app.close();
    },
  };
}

/** Decodes a quoted-printable mail body enough to find a key in it. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
