import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';
import { clientFor } from '../sources/helpers.js';

// A full collection on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

let fake: FakeGitHub;

beforeAll(async () => {
  fake = await startFakeGitHub();
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`src/file${i}.ts`] = `export const n${i} = ${i};\n`.repeat(2_000);
  fake.addRepo({ owner: 'acme', repo: 'big', files });
});

afterAll(async () => {
  await fake.close();
});

/** The tarball as the download path asks for it: only the body stream comes back, the Response is dropped. */
async function tarballBody(): Promise<NodeReadableStream<Uint8Array>> {
  const { data } = await clientFor(fake).octokit.request('GET /repos/{owner}/{repo}/tarball/{ref}', {
    owner: 'acme',
    repo: 'big',
    ref: 'main',
    request: { parseSuccessResponseBody: false },
  });
  return data as NodeReadableStream<Uint8Array>;
}

describe('GitHub client: streamed bodies and garbage collection', () => {
  it('a body read after collections (its Response unreachable) still arrives whole', async () => {
    const whole = await buffer(Readable.fromWeb(await tarballBody()));
    expect(whole.length).toBeGreaterThan(1_000);

    const body = await tarballBody();
    // Collections, with tasks in between for undici's finalization callbacks to run.
    for (let i = 0; i < 5; i++) {
      collect();
      await sleep(20);
    }
    const late = await buffer(Readable.fromWeb(body));
    expect(late.length).toBe(whole.length);
    expect(late.equals(whole)).toBe(true);
  });
});
