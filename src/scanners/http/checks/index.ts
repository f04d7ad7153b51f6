/**
 * The explicit registry of API-headers checks. A test checks that it lists
 * every file in this folder exactly once; each file exports its check as `check`. Headers first, then CORS; sorted within.
 */
import type { HttpCheck } from '../check.js';
import { check as cacheControl } from './cache-control.js';
import { check as contentSecurityPolicy } from './content-security-policy.js';
import { check as cookieAttributes } from './cookie-attributes.js';
import { check as cookieScope } from './cookie-scope.js';
import { check as crossOriginIsolation } from './cross-origin-isolation.js';
import { check as duplicateSecurityHeaders } from './duplicate-security-headers.js';
import { check as framingProtection } from './framing-protection.js';
import { check as httpsEnforcement } from './https-enforcement.js';
import { check as informationDisclosure } from './information-disclosure.js';
import { check as permissionsPolicy } from './permissions-policy.js';
import { check as referrerPolicy } from './referrer-policy.js';
import { check as strictTransportSecurity } from './strict-transport-security.js';
import { check as tlsCertificate } from './tls-certificate.js';
import { check as tlsProtocol } from './tls-protocol.js';
import { check as unauthenticatedData } from './unauthenticated-data.js';
import { check as xContentTypeOptions } from './x-content-type-options.js';
import { check as xXssProtection } from './x-xss-protection.js';
import { check as corsInsecureOrigin } from './cors-insecure-origin.js';
import { check as corsNullOrigin } from './cors-null-origin.js';
import { check as corsOriginReflection } from './cors-origin-reflection.js';
import { check as corsOriginValidationBypass } from './cors-origin-validation-bypass.js';
import { check as corsThirdPartyOrigin } from './cors-third-party-origin.js';
import { check as corsVaryOrigin } from './cors-vary-origin.js';
import { check as corsWildcardOrigin } from './cors-wildcard-origin.js';

export const HTTP_CHECKS: readonly HttpCheck[] = Object.freeze([
  cacheControl,
  contentSecurityPolicy,
  cookieAttributes,
  cookieScope,
  crossOriginIsolation,
  duplicateSecurityHeaders,
  framingProtection,
  httpsEnforcement,
  informationDisclosure,
  permissionsPolicy,
  referrerPolicy,
  strictTransportSecurity,
  tlsCertificate,
  tlsProtocol,
  unauthenticatedData,
  xContentTypeOptions,
  xXssProtection,
  corsInsecureOrigin,
  corsNullOrigin,
  corsOriginReflection,
  corsOriginValidationBypass,
  corsThirdPartyOrigin,
  corsVaryOrigin,
  corsWildcardOrigin,
]);
