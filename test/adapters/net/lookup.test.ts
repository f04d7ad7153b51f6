import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../../src/adapters/net/failures.js';
import { BlockedAddressError, guardLookup } from '../../../src/adapters/net/lookup.js';
import { createAddressPolicy } from '../../../src/adapters/net/policy.js';
import { fixedLookup, sequenceLookup } from './helpers.js';

interface Answer {
  readonly error: NodeJS.ErrnoException | null;
  readonly address: string | LookupAddress[];
  readonly family?: number;
}

/** Calls a guarded resolver directly: no socket is ever opened by these tests. */
function resolveWith(lookup: LookupFunction, host: string, options: LookupOptions = { all: true }): Promise<Answer> {
  return new Promise((resolve) => lookup(host, options, (error, address, family) => resolve({ error, address, family })));
}

const noAllowList = createAddressPolicy([]);

describe('guardLookup', () => {
  it('passes public answers through in both callback shapes', async () => {
    const guarded = guardLookup(noAllowList, fixedLookup({ 'api.example': ['8.8.8.8', '2606:4700:4700::1111'] }));
    const all = await resolveWith(guarded, 'api.example');
    expect(all.error).toBeNull();
    expect(all.address).toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
    const one = await resolveWith(guarded, 'api.example', { all: false });
    expect(one).toEqual({ error: null, address: '8.8.8.8', family: 4 });
  });

  it.each([
    ['one public and one private answer', ['8.8.8.8', '10.0.0.1']],
    ['one private and one public answer', ['192.168.1.1', '8.8.8.8']],
    ['a metadata answer', ['169.254.169.254']],
    ['an IPv4-mapped loopback answer', ['::ffff:127.0.0.1']],
    ['a unique-local answer', ['2606:4700:4700::1111', 'fd00:ec2::254']],
  ])('refuses a name with %s', async (_label, answers) => {
    const guarded = guardLookup(noAllowList, fixedLookup({ 'mixed.example': answers }));
    const { error } = await resolveWith(guarded, 'mixed.example');
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as BlockedAddressError).literal).toBe(false);
  });

  it('checks every resolution: a rebinding resolver is refused on its private answer', async () => {
    const rebinding = sequenceLookup(['8.8.8.8', '127.0.0.1']);
    const guarded = guardLookup(noAllowList, rebinding);
    expect((await resolveWith(guarded, 'rebind.example')).error).toBeNull();
    expect((await resolveWith(guarded, 'rebind.example')).error).toBeInstanceOf(BlockedAddressError);
    expect(rebinding.calls).toHaveLength(2);
  });

  it('answers localhost names with loopback without asking the resolver', async () => {
    const resolver = fixedLookup({ localhost: '8.8.8.8', 'app.localhost': '8.8.8.8' });
    const guarded = guardLookup(noAllowList, resolver);
    for (const host of ['localhost', 'LocalHost.', 'app.localhost']) {
      expect((await resolveWith(guarded, host)).error, host).toBeInstanceOf(BlockedAddressError);
    }
    expect(resolver.calls).toEqual([]);
  });

  it('reports resolver failures and empty or invalid answers as errors', async () => {
    const guarded = guardLookup(noAllowList, fixedLookup({ 'empty.example': [], 'junk.example': 'not-an-ip' }));
    expect((await resolveWith(guarded, 'missing.example')).error?.code).toBe('ENOTFOUND');
    expect((await resolveWith(guarded, 'empty.example')).error?.code).toBe('ENOTFOUND');
    expect((await resolveWith(guarded, 'junk.example')).error?.message).toMatch(/invalid address/);
  });

  it('allows allow-listed answers', async () => {
    const guarded = guardLookup(createAddressPolicy(['10.0.0.0/8']), fixedLookup({ 'internal.example': '10.1.2.3' }));
    expect(await resolveWith(guarded, 'internal.example', { all: false })).toEqual({ error: null, address: '10.1.2.3', family: 4 });
  });
});

describe('blocked-address messages', () => {
  it('names the kind of range but never the resolved address of a DNS name', () => {
    const error = toAppError(new BlockedAddressError('metadata.example', 'cloud metadata endpoint (link-local 169.254.0.0/16)', false), 'metadata.example');
    expect(error.code).toBe('bad_request');
    expect(error.detail).toBe(
      'Target URL is not publicly reachable: metadata.example resolves to a cloud metadata endpoint (link-local 169.254.0.0/16) address',
    );
    expect(error.detail).not.toContain('169.254.169.254');
  });

  it('names an IP literal the user typed', () => {
    const error = toAppError(new BlockedAddressError('[::1]', 'loopback (::1/128)', true), '[::1]');
    expect(error.detail).toBe('Target URL is not publicly reachable: [::1] is a loopback (::1/128) address');
  });
});
