/** Checksums that token formats embed, so look-alike strings can be told from real tokens. */
import { crc32 } from 'node:zlib';
import { toBase62 } from '../../core/ids.js';

/**
 * GitHub's and npm's token format: `<prefix>_` + 30 random base62 characters +
 * 6 characters of base62 CRC-32 over the random part.
 */
export function hasBase62Crc32Checksum(token: string): boolean {
  const body = token.slice(token.lastIndexOf('_') + 1);
  if (body.length < 7) return false;
  return toBase62(crc32(body.slice(0, -6)), 6) === body.slice(-6);
}

/** Builds a well-formed token for docs and tests: prefix + random part + its checksum. */
export function withBase62Crc32Checksum(prefix: string, random: string): string {
  return `${prefix}${random}${toBase62(crc32(random), 6)}`;
}

/** Reads a base-128 varint (LEB128) at `at`; undefined past the end or beyond 4 bytes. */
function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] | undefined {
  let value = 0;
  for (let i = 0; i < 4 && at + i < bytes.length; i++) {
    const byte = bytes[at + i] as number;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return undefined;
}

/**
 * Whether `bytes` is one whole macaroon in the version 2 binary format: version byte 2,
 * a header section holding an identifier, caveat sections, and a 32-byte signature
 * as the last field. PyPI tokens are such a macaroon after "pypi-", base64url-encoded;
 * a look-alike string decodes to bytes that break this structure almost at once.
 */
export function isMacaroonV2(bytes: Uint8Array): boolean {
  if (bytes[0] !== 2) return false;
  let at = 1;
  let sawIdentifier = false;
  /** Reads fields up to an end-of-section marker; false on malformed input. */
  const section = (header: boolean): boolean => {
    for (let fields = 0; fields < 64; fields++) {
      const type = readVarint(bytes, at);
      if (!type) return false;
      at = type[1];
      if (type[0] === 0) return true;
      // Sections hold location (1), identifier (2) and verification id (4) fields only.
      if (type[0] !== 1 && type[0] !== 2 && type[0] !== 4) return false;
      const length = readVarint(bytes, at);
      if (!length || length[1] + length[0] > bytes.length) return false;
      if (header && type[0] === 2 && length[0] > 0) sawIdentifier = true;
      at = length[1] + length[0];
    }
    return false;
  };
  if (!section(true) || !sawIdentifier) return false;
  for (let caveats = 0; caveats < 256; caveats++) {
    if (at >= bytes.length) return false;
    if (bytes[at] === 0) {
      at++;
      // Signature: field type 6, length 32, then nothing.
      return bytes[at] === 6 && bytes[at + 1] === 32 && at + 2 + 32 === bytes.length;
    }
    if (!section(false)) return false;
  }
  return false;
}

/** PyPI (and TestPyPI) upload tokens: "pypi-" + base64url of a version 2 macaroon. */
export function isPypiMacaroon(token: string): boolean {
  const body = token.slice(token.indexOf('-') + 1);
  return isMacaroonV2(Buffer.from(body, 'base64url'));
}

/** Hex of the CRC-32's four bytes, least significant first (how Grafana writes its token checksum). */
function crc32HexLittleEndian(text: string): string {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(crc32(text));
  return buffer.toString('hex');
}

/**
 * Grafana service account tokens: `glsa_` + 32 random characters + `_` + 8 hex
 * characters, the CRC-32 of `glsa_<random>` with its bytes in little-endian order.
 */
export function hasGrafanaServiceAccountChecksum(token: string): boolean {
  const cut = token.lastIndexOf('_');
  if (cut < 6) return false;
  return crc32HexLittleEndian(token.slice(0, cut)) === token.slice(cut + 1).toLowerCase();
}

/** Builds a well-formed Grafana service account token for docs and tests. */
export function withGrafanaServiceAccountChecksum(random: string): string {
  const head = `glsa_${random}`;
  return `${head}_${crc32HexLittleEndian(head)}`;
}
