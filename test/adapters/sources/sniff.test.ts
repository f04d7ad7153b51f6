import { describe, expect, it } from 'vitest';
import { looksBinary, SNIFF_BYTES } from '../../../src/adapters/sources/sniff.js';

const bytes = (...parts: (string | number[])[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('looksBinary', () => {
  it('calls text text, whatever its first byte', () => {
    for (const text of ['', 'const a = 1;\n', '#!/bin/sh\n', 'PK is a prefix here', 'GIF8', 'BZh9 is not bzip2', '%PD', 'Rar!', '\u00ff\u00fe: a JPEG first byte, then text']) {
      expect(looksBinary(Buffer.from(text, 'latin1')), JSON.stringify(text)).toBe(false);
    }
  });

  it('calls a file with a NUL in its first window binary, and not for a NUL past it', () => {
    expect(looksBinary(bytes('abc', [0], 'def'))).toBe(true);
    expect(looksBinary(bytes('x'.repeat(SNIFF_BYTES - 1), [0]))).toBe(true);
    expect(looksBinary(bytes('x'.repeat(SNIFF_BYTES), [0]))).toBe(false);
  });

  it('knows the signatures of binary formats that may lack a NUL', () => {
    const heads: [string, Buffer][] = [
      ['PNG', bytes([0x89, 0x50, 0x4e, 0x47], '\r\n')],
      ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0])],
      ['GIF87a', bytes('GIF87a')],
      ['GIF89a', bytes('GIF89a...')],
      ['PDF', bytes('%PDF-1.7\n')],
      ['ZIP', bytes([0x50, 0x4b, 0x03, 0x04], 'x')],
      ['gzip', bytes([0x1f, 0x8b, 0x08])],
      ['bzip2', bytes('BZh91AY&SY', [0x12, 0x34])],
      ['ELF', bytes([0x7f], 'ELF', [0x02])],
      ['Java class', bytes([0xca, 0xfe, 0xba, 0xbe])],
      ['Mach-O', bytes([0xcf, 0xfa, 0xed, 0xfe, 0x07])],
      ['RAR', bytes('Rar!\x1a\x07\x01')],
      ['7z', bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
    ];
    for (const [name, head] of heads) expect(looksBinary(head), name).toBe(true);
  });

  it('needs the whole signature: a prefix of one, or one byte changed, is text', () => {
    expect(looksBinary(bytes([0x89, 0x50, 0x4e]))).toBe(false);
    expect(looksBinary(bytes('GIF88a'))).toBe(false);
    expect(looksBinary(bytes('BZh01AY&SY'))).toBe(false);
    expect(looksBinary(bytes([0x7f], 'ELG'))).toBe(false);
  });

  it('reads only the window of a longer head', () => {
    const head = bytes('%PDF-', 'y'.repeat(SNIFF_BYTES * 2));
    expect(looksBinary(head)).toBe(true);
    expect(looksBinary(bytes('z'.repeat(SNIFF_BYTES * 2)))).toBe(false);
  });
});
