import { describe, expect, it } from 'vitest';
import { parseCidr } from '../../../src/adapters/net/addresses.js';
import { classifyAddress } from '../../../src/adapters/net/index.js';
import { createAddressPolicy } from '../../../src/adapters/net/policy.js';

/** [address, the range's CIDR as it appears in the range name]: one or more per registry entry. */
const BLOCKED_V4: readonly (readonly [string, string])[] = [
  ['0.0.0.0', '0.0.0.0/8'],
  ['0.255.255.255', '0.0.0.0/8'],
  ['10.0.0.1', '10.0.0.0/8'],
  ['10.255.255.255', '10.0.0.0/8'],
  ['100.64.0.1', '100.64.0.0/10'],
  ['100.127.255.254', '100.64.0.0/10'],
  ['127.0.0.1', '127.0.0.0/8'],
  ['127.255.255.254', '127.0.0.0/8'],
  ['169.254.1.1', '169.254.0.0/16'],
  ['172.16.0.1', '172.16.0.0/12'],
  ['172.31.255.255', '172.16.0.0/12'],
  ['192.0.0.8', '192.0.0.0/24'],
  ['192.0.0.192', '192.0.0.0/24'],
  ['192.0.2.1', '192.0.2.0/24'],
  ['192.88.99.1', '192.88.99.0/24'],
  ['192.168.1.1', '192.168.0.0/16'],
  ['198.18.0.1', '198.18.0.0/15'],
  ['198.19.255.255', '198.18.0.0/15'],
  ['198.51.100.7', '198.51.100.0/24'],
  ['203.0.113.9', '203.0.113.0/24'],
  ['224.0.0.1', '224.0.0.0/4'],
  ['239.255.255.250', '224.0.0.0/4'],
  ['240.0.0.1', '240.0.0.0/4'],
  ['255.255.255.254', '240.0.0.0/4'],
  ['255.255.255.255', '255.255.255.255/32'],
];

const BLOCKED_V6: readonly (readonly [string, string])[] = [
  ['::', '::/128'],
  ['::1', '::1/128'],
  ['0:0:0:0:0:0:0:1', '::1/128'],
  ['::ffff:0:0:1', '::ffff:0:0:0/96'],
  ['64:ff9b:1::a', '64:ff9b:1::/48'],
  ['100::1', '100::/64'],
  ['100:0:0:1::1', '100:0:0:1::/64'],
  ['2001::1', '2001::/32'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::/32'],
  ['2001:2::1', '2001::/23'],
  ['2001:1ff::1', '2001::/23'],
  ['2001:db8::1', '2001:db8::/32'],
  ['3fff::1', '3fff::/20'],
  ['3fff:fff::1', '3fff::/20'],
  ['5f00::1', '5f00::/16'],
  ['fc00::1', 'fc00::/7'],
  ['fdff:ffff::1', 'fc00::/7'],
  ['fe80::1', 'fe80::/10'],
  ['fe80::1%eth0', 'fe80::/10'],
  ['febf::1', 'fe80::/10'],
  ['fec0::1', 'fec0::/10'],
  ['ff02::1', 'ff00::/8'],
  ['ff05::1:3', 'ff00::/8'],
  ['1::1', '2000::/3'],
  ['4000::1', '2000::/3'],
];

/** IPv6 forms that embed an IPv4 address: the embedded address decides. */
const EMBEDDED: readonly (readonly [string, string, string])[] = [
  ['::ffff:127.0.0.1', '127.0.0.0/8', '::ffff:0:0/96'],
  ['::ffff:7f00:1', '127.0.0.0/8', '::ffff:0:0/96'],
  ['::ffff:a9fe:a9fe', 'link-local 169.254.0.0/16', '::ffff:0:0/96'],
  ['::ffff:10.1.2.3', '10.0.0.0/8', '::ffff:0:0/96'],
  ['::127.0.0.1', '127.0.0.0/8', '::/96'],
  ['::7f00:1', '127.0.0.0/8', '::/96'],
  ['::a00:1', '10.0.0.0/8', '::/96'],
  ['64:ff9b::7f00:1', '127.0.0.0/8', '64:ff9b::/96'],
  ['64:ff9b::192.168.0.1', '192.168.0.0/16', '64:ff9b::/96'],
  ['2002:7f00:1::', '127.0.0.0/8', '2002::/16'],
  ['2002:a9fe:a9fe::1', 'link-local 169.254.0.0/16', '2002::/16'],
  ['2002:c0a8:1::', '192.168.0.0/16', '2002::/16'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '192.0.1.1',
  '192.88.98.1',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001::1',
  '2001:200::1',
  '3ffe::1',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('classifyAddress', () => {
  it.each(BLOCKED_V4)('blocks %s as %s', (ip, cidr) => {
    const result = classifyAddress(ip);
    expect(result.blocked).toBe(true);
    expect(result.range).toContain(cidr);
  });

  it.each(BLOCKED_V6)('blocks %s as %s', (ip, cidr) => {
    const result = classifyAddress(ip);
    expect(result.blocked).toBe(true);
    expect(result.range).toContain(cidr);
  });

  it.each(EMBEDDED)('classifies %s by its embedded IPv4 (%s in %s)', (ip, inner, outer) => {
    const result = classifyAddress(ip);
    expect(result.blocked).toBe(true);
    expect(result.range).toContain(inner);
    expect(result.range).toContain(outer);
  });

  it.each(PUBLIC)('lets public %s through', (ip) => {
    expect(classifyAddress(ip)).toEqual({ blocked: false });
  });

  it.each([
    ['169.254.169.254', 'cloud metadata'],
    ['168.63.129.16', 'Azure WireServer'],
    ['100.100.100.200', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fd20:ce::254', 'cloud metadata'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
  ])('names cloud metadata endpoint %s', (ip, name) => {
    const result = classifyAddress(ip);
    expect(result.blocked).toBe(true);
    expect(result.range).toContain(name);
  });

  it.each(['', 'localhost', '0177.0.0.1', '127.1', '2130706433', '1.2.3.4.5', '[::1', 'fe80::1::2'])('blocks non-canonical input %j', (text) => {
    expect(classifyAddress(text).blocked).toBe(true);
  });
});

describe('parseCidr', () => {
  it('clears host bits and accepts both families', () => {
    expect(parseCidr('10.1.2.3/8')).toEqual({ family: 4, network: 0x0a000000n, prefix: 8 });
    expect(parseCidr('fd00::1/8')?.prefix).toBe(8);
    expect(parseCidr('127.0.0.1')?.prefix).toBe(32);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/-1', '10.0.0/8', 'example.com/8', '10.0.0.0/8/8', '10.0.0.0/x'])('rejects %s', (text) => {
    expect(parseCidr(text)).toBeUndefined();
  });
});

describe('allow-list policy', () => {
  it('allows named special-purpose ranges and nothing else', () => {
    const policy = createAddressPolicy(['10.0.0.0/8', 'fd12::/16']);
    expect(policy.check('10.9.8.7').allowed).toBe(true);
    expect(policy.check('fd12::5').allowed).toBe(true);
    expect(policy.check('192.168.0.1')).toEqual({ allowed: false, range: 'private-use (192.168.0.0/16)' });
    expect(policy.check('8.8.8.8').allowed).toBe(true);
  });

  it('applies IPv4 entries to IPv4-mapped IPv6 addresses', () => {
    const policy = createAddressPolicy(['127.0.0.1/32']);
    expect(policy.check('::ffff:127.0.0.1').allowed).toBe(true);
    expect(policy.check('::ffff:127.0.0.2').allowed).toBe(false);
    expect(policy.check('::1').allowed).toBe(false);
  });

  it('keeps cloud metadata endpoints blocked unless named exactly', () => {
    const wide = createAddressPolicy(['169.254.0.0/16', '100.64.0.0/10', 'fc00::/7', '0.0.0.0/0']);
    expect(wide.check('169.254.10.10').allowed).toBe(true);
    for (const ip of ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '168.63.129.16', '::ffff:169.254.169.254']) {
      expect(wide.check(ip).allowed, ip).toBe(false);
    }
    expect(createAddressPolicy(['169.254.169.254/32']).check('169.254.169.254').allowed).toBe(true);
  });

  it('keeps metadata blocked in every IPv6 spelling when the allow-list names an IPv6 range', () => {
    // NAT64, 6to4 and IPv4-compatible encodings of 169.254.169.254 and 100.100.100.200.
    const spellings = ['64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', '::a9fe:a9fe', '64:ff9b::6464:64c8'];
    for (const allow of [['::/0'], ['64:ff9b::/96', '2002::/16', '::/96'], ['::/0', '0.0.0.0/0']]) {
      const policy = createAddressPolicy(allow);
      for (const ip of spellings) expect(policy.check(ip).allowed, `${ip} with ${allow.join(',')}`).toBe(false);
      // Other addresses those ranges embed are allowed, as the operator asked.
      expect(policy.check('64:ff9b::a9fe:0a0a').allowed).toBe(true);
    }
    expect(createAddressPolicy(['64:ff9b::a9fe:a9fe/128']).check('64:ff9b::a9fe:a9fe').allowed).toBe(true);
  });

  it('rejects a malformed allow-list entry as an internal error', () => {
    expect(() => createAddressPolicy(['10.0.0.0/99'])).toThrow(/not a CIDR range/);
  });
});
