/**
 * net: the only outbound HTTP client for user-supplied URLs (docs/net.md).
 * Everything else in this folder is an implementation detail.
 */
export { safeFetch, USER_AGENT, type SafeFetchOptions, type SafeRedirect, type SafeResponse } from './fetch.js';
export { classifyAddress, type AddressClassification } from './addresses.js';
export { parseTargetUrl } from './url.js';
export type { LookupFunction } from 'node:net';
export { probeLegacyTls, type CertificateInfo, type LegacyTlsOptions, type TlsInfo } from './tls.js';
