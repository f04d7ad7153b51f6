import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hasGrafanaServiceAccountChecksum,
  isMacaroonV2,
  isPypiMacaroon,
  withGrafanaServiceAccountChecksum,
} from '../../../src/scanners/secrets/checksums.js';
import { createSecretsScanner } from '../../../src/scanners/secrets/scanner.js';

const field = (type: number, data: Buffer): Buffer => Buffer.concat([Buffer.from([type, data.length]), data]);

/** A version 2 macaroon laid out as PyPI issues them: location, identifier, caveats, signature. */
function macaroon(location: string, caveats: readonly string[], signatureBytes = 32): Buffer {
  return Buffer.concat([
    Buffer.from([2]),
    field(1, Buffer.from(location)),
    field(2, Buffer.from('5f0c2a7e-9b14-4d3a-8e61-2c7b9f0d4a18')),
    Buffer.from([0]),
    ...caveats.flatMap((c) => [field(2, Buffer.from(c)), Buffer.from([0])]),
    Buffer.from([0]),
    field(6, randomBytes(signatureBytes)),
  ]);
}

const token = (bytes: Buffer): string => ['pypi', bytes.toString('base64url')].join('-');

describe('PyPI macaroon structure', () => {
  const good = macaroon('pypi.org', ['{"version": 1, "permissions": "user"}']);

  it('accepts a whole version 2 macaroon with and without caveats', () => {
    expect(isMacaroonV2(good)).toBe(true);
    expect(isMacaroonV2(macaroon('pypi.org', []))).toBe(true);
    expect(isPypiMacaroon(token(good))).toBe(true);
  });

  it('rejects a cut signature, trailing bytes, a wrong version and unknown field types', () => {
    expect(isMacaroonV2(macaroon('pypi.org', ['{}'], 31))).toBe(false);
    expect(isMacaroonV2(Buffer.concat([good, Buffer.from([0])]))).toBe(false);
    expect(isMacaroonV2(Buffer.concat([Buffer.from([1]), good.subarray(1)]))).toBe(false);
    const unknownField = Buffer.from(good);
    unknownField[1] = 9;
    expect(isMacaroonV2(unknownField)).toBe(false);
  });

  it('rejects random base64url bodies of the same length', () => {
    const random = Buffer.concat([good.subarray(0, 11), randomBytes(good.length - 11)]);
    // The header stays a valid location; what follows is noise. A rare random body may still
    // parse, so the check is over many tries: almost none may pass.
    let passed = 0;
    for (let i = 0; i < 200; i++) if (isMacaroonV2(Buffer.concat([random.subarray(0, 11), randomBytes(good.length - 11)]))) passed++;
    expect(passed).toBeLessThan(3);
  });

  it('is what the pypi-upload-token rule reports on', () => {
    const scanner = createSecretsScanner();
    const ids = (text: string) => scanner.scanFile({ path: '.pypirc', text }).map((f) => f.ruleId);
    expect(ids(`password = ${token(good)}\n`)).toContain('pypi-upload-token');
    expect(ids(`password = ${token(macaroon('pypi.org', ['{"version": 1, "permissions": "user"}'], 20))}\n`)).not.toContain('pypi-upload-token');
  });
});

describe('Grafana service account token checksum', () => {
  it('accepts tokens built with the checksum and rejects a changed character', () => {
    const made = withGrafanaServiceAccountChecksum('Xw7Lq2Nc9Vt4Rb8Kp3Jd6Hf1Zm5Sg0Ya');
    expect(hasGrafanaServiceAccountChecksum(made)).toBe(true);
    expect(hasGrafanaServiceAccountChecksum(made.replace('Xw7', 'Xw8'))).toBe(false);
    expect(hasGrafanaServiceAccountChecksum(`${made.slice(0, -1)}0`)).toBe(made.endsWith('0'));
  });
});
