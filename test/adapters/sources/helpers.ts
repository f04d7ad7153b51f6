import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { createGitHubClient, type GitHubClient } from '../../../src/adapters/github/client.js';
import type { FakeGitHub } from '../../fakes/github/server.js';

export function clientFor(fake: FakeGitHub, token?: string): GitHubClient {
  return createGitHubClient({
    baseUrl: fake.url,
    userAgent: 'vigil-test',
    retries: 1,
    retryBaseMs: 5,
    ...(token === undefined ? {} : { token }),
  });
}

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Awaits a rejection and checks it is an AppError with the code, returning it. */
export async function expectAppError(promise: Promise<unknown>, code: AppError['code']): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code, appError.detail).toBe(code);
  return appError;
}

/**
 * Points os.tmpdir() of this test process (one fork per file) at a private folder,
 * so tests can assert that failed downloads leave no workspace behind.
 */
export async function privateTmpdir(options: { preferMemory?: boolean } = {}): Promise<{ leftovers(): Promise<string[]>; restore(): Promise<void> }> {
  const previous = process.env.TMPDIR;
  // Tests that write 100,000 files use tmpfs when the machine has one: disks make them slow, not different.
  const base = options.preferMemory === true && (await exists('/dev/shm')) ? '/dev/shm' : tmpdir();
  const dir = await mkdtemp(join(base, 'vigil-test-tmp-'));
  process.env.TMPDIR = dir;
  return {
    leftovers: async () => readdir(dir),
    restore: async () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
