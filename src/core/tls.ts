/**
 * What a TLS handshake showed, as plain data: adapters/net/tls.ts describes a peer with it and the
 * API scanner's checks read it.
 */
export interface TlsInfo {
  /** Negotiated protocol, e.g. TLSv1.3. */
  readonly protocol: string | null;
  /** The chain verified against the system store plus NODE_EXTRA_CA_CERTS, and the name matched. */
  readonly authorized: boolean;
  /** OpenSSL's or Node's code when not authorized (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID …). */
  readonly authorizationError?: string;
  /** The leaf certificate, when the server sent one. */
  readonly certificate?: CertificateInfo;
}

export interface CertificateInfo {
  readonly subject: string;
  readonly issuer: string;
  /** ISO 8601. */
  readonly validFrom: string;
  readonly validTo: string;
  /** Issued by itself (subject = issuer and its own key verifies it). */
  readonly selfSigned: boolean;
  /** rsa, ec, ed25519 …; bits for RSA and DSA moduli, curve size for EC. */
  readonly keyType: string;
  readonly keyBits?: number;
  /** Signed with SHA-1 or MD5. */
  readonly weakSignature?: string;
  /** The name (or IP address) connected to is among the certificate's names, whatever the chain. */
  readonly matchesHost?: boolean;
}
