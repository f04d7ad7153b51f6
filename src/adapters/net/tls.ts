/**
 * What a TLS handshake showed about the server, recorded at connect time by the client
 * (exchange.ts) when the caller asks to inspect rather than refuse a bad certificate, and a
 * second, deliberately old handshake that tells whether TLS 1.0/1.1 are still accepted.
 * Both connect only through the same guarded lookup and address policy as every request.
 */
import { X509Certificate } from 'node:crypto';
import { isIP, type LookupFunction } from 'node:net';
import * as tls from 'node:tls';
import { guardLookup } from './lookup.js';
import { createAddressPolicy } from './policy.js';
import { connectHost, defaultPort, parseTargetUrl } from './url.js';
import type { CertificateInfo, TlsInfo } from '../../core/tls.js';

export type { CertificateInfo, TlsInfo } from '../../core/tls.js';

/** DER encodings of the signature algorithm OIDs browsers reject (RFC 3279, RFC 5758). */
const WEAK_SIGNATURES: readonly { name: string; oid: Buffer }[] = [
  { name: 'sha1WithRSAEncryption', oid: Buffer.from('06092a864886f70d010105', 'hex') },
  { name: 'md5WithRSAEncryption', oid: Buffer.from('06092a864886f70d010104', 'hex') },
  { name: 'ecdsa-with-SHA1', oid: Buffer.from('06072a8648ce3d0401', 'hex') },
];

const EC_BITS: Readonly<Record<string, number>> = { prime256v1: 256, secp384r1: 384, secp521r1: 521, secp224r1: 224, secp192r1: 192 };

function matches(cert: X509Certificate, host: string | undefined): boolean | undefined {
  if (host === undefined || host === '') return undefined;
  try {
    return isIP(host) === 0 ? cert.checkHost(host) !== undefined : cert.checkIP(host) !== undefined;
  } catch {
    return false;
  }
}

export function describeCertificate(cert: X509Certificate, host?: string): CertificateInfo {
  const matchesHost = matches(cert, host);
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const bits = details.modulusLength ?? (details.namedCurve === undefined ? undefined : EC_BITS[details.namedCurve]);
  // The algorithm appears in the signed part and after it; a match anywhere in the DER is the certificate's.
  const weak = WEAK_SIGNATURES.find((w) => cert.raw.includes(w.oid));
  let selfSigned = false;
  try {
    selfSigned = cert.subject === cert.issuer && cert.checkIssued(cert) && cert.verify(key);
  } catch {
    selfSigned = false;
  }
  return {
    subject: cert.subject.replaceAll('\n', ', ').slice(0, 200),
    issuer: cert.issuer.replaceAll('\n', ', ').slice(0, 200),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    selfSigned,
    keyType: key.asymmetricKeyType ?? 'unknown',
    ...(bits === undefined ? {} : { keyBits: bits }),
    ...(weak === undefined ? {} : { weakSignature: weak.name }),
    ...(matchesHost === undefined ? {} : { matchesHost }),
  };
}

export function describePeer(socket: tls.TLSSocket, host?: string): TlsInfo {
  const error = socket.authorizationError as unknown;
  const code = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : typeof error === 'string' ? error : undefined;
  let certificate: CertificateInfo | undefined;
  try {
    const peer = socket.getPeerX509Certificate();
    if (peer) certificate = describeCertificate(peer, host);
  } catch {
    certificate = undefined;
  }
  return {
    protocol: socket.getProtocol(),
    authorized: socket.authorized,
    ...(code === undefined ? {} : { authorizationError: String(code).slice(0, 80) }),
    ...(certificate === undefined ? {} : { certificate }),
  };
}

export interface LegacyTlsOptions {
  readonly allowCidrs?: readonly string[];
  readonly lookup?: LookupFunction;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * Offers only TLS 1.0 and 1.1 (at OpenSSL security level 0, which they need) and reports
 * the protocol the server agreed to, or null when it refused, failed or timed out. No
 * HTTP is sent: the connection closes right after the handshake.
 */
export function probeLegacyTls(target: string, options: LegacyTlsOptions = {}): Promise<string | null> {
  const url = parseTargetUrl(target);
  if (url.protocol !== 'https:') return Promise.resolve(null);
  const policy = createAddressPolicy(options.allowCidrs ?? []);
  const host = connectHost(url);
  if (isIP(host) !== 0 && !policy.check(host).allowed) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const socket = tls.connect({
      host,
      port: defaultPort(url),
      ...(isIP(host) === 0 ? { servername: host } : {}),
      lookup: guardLookup(policy, options.lookup),
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
      ciphers: 'DEFAULT@SECLEVEL=0',
      // vigil-ignore: tls-verification-disabled (only the protocol version is wanted; closed after the handshake)
      rejectUnauthorized: false,
    });
    const done = (value: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(value);
    };
    const onAbort = () => done(null);
    const timer = setTimeout(() => done(null), options.timeoutMs ?? 5_000);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      // The peer actually reached must pass the policy too, before the handshake goes on.
      if (!policy.check(socket.remoteAddress ?? '').allowed) done(null);
    });
    socket.once('secureConnect', () => done(socket.getProtocol()));
    socket.once('error', () => done(null));
  });
}
