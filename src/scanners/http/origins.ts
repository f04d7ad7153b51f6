/**
 * The Origin values the CORS probes send, derived from the target alone (pure,
 * so the retriever, the checks' fixtures and the docs agree on them).
 * Each value would be trusted only by a specific server-side mistake:
 *
 *  control        the target's own origin: how a correct allow-list answers
 *  arbitrary      https://vigil-probe.example: the server reflects any Origin
 *  null           sandboxed iframes, file: and data: pages send it; trusting it trusts anyone
 *  prefix         https://<host>.evil-vigil.example: startsWith(host) or an unanchored regex end
 *  suffix         https://evil<host>: endsWith(host) without a leading dot
 *  sibling        https://vigil-probe.<parent>: every subdomain of the parent is trusted
 *  unescaped-dot  a dot of the host replaced by a letter: a regex with `.` unescaped
 *  http-scheme    http://<host> for an https target: the scheme is not checked
 *  special-char   https://<host>_.evil-vigil.example (and ` and !): parsers that end the host
 *                 at a character some browsers allow in Origin
 *  third-party    https://vigil-probe.github.io, https://codepen.io, https://jsfiddle.net: sites where
 *                 anyone can publish scripts, trusted by a regex (*.github.io) or a fixed allow-list entry
 */
import { isIP } from 'node:net';
import { PROBE_KINDS, type ProbeKind, type ProbeOrigin } from './types.js';

export const ARBITRARY_ORIGIN = 'https://vigil-probe.example';
export const ATTACKER_DOMAIN = 'evil-vigil.example';
export const SPECIAL_CHARACTERS: readonly string[] = Object.freeze(['_', '`', '!']);
/** Code-hosting and playground sites that serve anyone's scripts from their own origin. */
export const THIRD_PARTY_ORIGINS: readonly string[] = Object.freeze(['https://vigil-probe.github.io', 'https://codepen.io', 'https://jsfiddle.net']);

/** Kinds whose Origin the target must not trust (all but the control). */
export const UNTRUSTED_KINDS: readonly ProbeKind[] = Object.freeze(PROBE_KINDS.filter((kind) => kind !== 'control'));

export const PROBE_LABELS: Readonly<Record<ProbeKind, string>> = Object.freeze({
  control: "the target's own origin",
  arbitrary: 'an unrelated origin',
  null: 'the null origin',
  prefix: 'the target host used as a prefix of another domain',
  suffix: 'the target host used as a suffix of another domain',
  sibling: 'a sibling subdomain',
  'unescaped-dot': 'the host with a dot replaced by a letter (unescaped dot in a regular expression)',
  'http-scheme': 'the plain-http origin of the host',
  'special-char': 'the host followed by a special character and another domain',
  'third-party': 'a code-hosting site where anyone can publish scripts',
});

function parentDomain(host: string): string | undefined {
  if (isIP(host) !== 0) return undefined;
  const labels = host.split('.');
  if (labels.length < 2) return undefined;
  return labels.length > 2 ? labels.slice(1).join('.') : host;
}

export function probeOrigins(target: URL): ProbeOrigin[] {
  const host = target.hostname.toLowerCase();
  const probes: ProbeOrigin[] = [
    { kind: 'control', origin: target.origin },
    { kind: 'arbitrary', origin: ARBITRARY_ORIGIN },
    { kind: 'null', origin: 'null' },
  ];
  // An IPv6 literal cannot be part of another hostname: the string-matching probes do not apply.
  const v6 = host.startsWith('[');
  if (!v6) {
    probes.push({ kind: 'prefix', origin: `https://${host}.${ATTACKER_DOMAIN}` });
    probes.push({ kind: 'suffix', origin: `https://evil${host}` });
  }
  const parent = v6 ? undefined : parentDomain(host);
  if (parent !== undefined) probes.push({ kind: 'sibling', origin: `https://vigil-probe.${parent}` });
  if (!v6 && host.includes('.')) probes.push({ kind: 'unescaped-dot', origin: `https://${host.replace('.', 'x')}` });
  if (target.protocol === 'https:') probes.push({ kind: 'http-scheme', origin: `http://${target.host}` });
  if (!v6) {
    for (const c of SPECIAL_CHARACTERS) probes.push({ kind: 'special-char', origin: `https://${host}${c}.${ATTACKER_DOMAIN}` });
  }
  for (const origin of THIRD_PARTY_ORIGINS) probes.push({ kind: 'third-party', origin });
  return probes;
}
