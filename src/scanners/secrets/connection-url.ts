/**
 * The family of connection-URL rules (PostgreSQL, MySQL, SQL Server, MongoDB,
 * Redis, AMQP, SMTP, LDAP): one pattern and one validator, written once.
 * Each rule file gives its schemes, its form and its prose; connectionUrlRule
 * builds the detector. Loopback and compose-service hosts are left to
 * local-service-url-password.
 */
import { defineRule, type SecretRule, type SecretRuleSpec } from './rule.js';
import { DOC_HOST, isLocalHost, isStandInPassword } from './stand-ins.js';

/** A backtick, which a template literal cannot hold as is. */
const BT = '`';
const HOST = String.raw`\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253}`;
const USER = String.raw`(?<user>[^\s:@/?#'"${BT}<>]{0,128})`;
const SECRET = String.raw`(?<secret>[^\s'"${BT}<>]{1,128}?)`;
/** What may follow the host: a port, a path, a query, the end of the value. */
const AFTER_HOST = String.raw`(?=[\s/:?#'"${BT},;)\]}>]|$)`;
/** `user:password@host`. */
const AUTHORITY = String.raw`:\/\/${USER}:${SECRET}@(?<host>${HOST})${AFTER_HOST}`;
/** `user:password@host`, or a `password=` / `pwd=` parameter after the host (JDBC, libpq, ADO-style properties). */
const AUTHORITY_OR_PARAMETER =
  String.raw`:\/\/(?:(?<phost>${HOST})(?=[:/;?,])[^\s'"${BT}<>]{0,300}?[?&;](?:password|pwd)=|${USER}:)${SECRET}` +
  String.raw`(?:@(?<host>${HOST})${AFTER_HOST}|(?<=[?&;](?:password|pwd)=[^\s'"${BT}<>&;]{1,128})(?=[&;\s'"${BT})\]}>]|$))`;

export interface ConnectionUrlSpec extends Omit<SecretRuleSpec, 'pattern' | 'validate'> {
  /** Alternatives of the URL scheme, as regex source (`mysql(?:x|2)?|mariadb`); `+driver` suffixes are always allowed. */
  readonly schemes: string;
  /** The password may also be a `password=` parameter after the host. */
  readonly parameter?: boolean;
  /** Regex source of an optional prefix that belongs to the match (`jdbc:`). */
  readonly prefix?: string;
}

/** The rule's pattern: the scheme, then the password in the authority (or a parameter). */
export function connectionUrlPattern(spec: Pick<ConnectionUrlSpec, 'schemes' | 'parameter' | 'prefix'>): RegExp {
  const scheme = String.raw`(?<scheme>(?:${spec.schemes})(?:\+[a-z0-9]{2,20})?)`;
  return new RegExp(String.raw`(?<![A-Za-z0-9+.-])${spec.prefix ?? ''}${scheme}${spec.parameter ? AUTHORITY_OR_PARAMETER : AUTHORITY}`, 'i');
}

/** A password on a non-local, non-documentation host that is not a stand-in. */
function validConnectionPassword(secret: string, groups: Readonly<Record<string, string | undefined>>): boolean {
  const host = groups.phost ?? groups.host ?? '';
  // In user:password@host form the password ends at the authority: a / ? or # means a path was taken for it.
  if (groups.phost === undefined && /[/?#]/.test(secret)) return false;
  if (DOC_HOST.test(host) || isLocalHost(host)) return false;
  // On a reachable host a password equal to the user name is still a real (weak) credential.
  return !isStandInPassword(secret, '');
}

/** A connection-URL rule from its row, with the shared pattern and validator. */
export function connectionUrlRule({ schemes, parameter, prefix, ...rule }: ConnectionUrlSpec): SecretRule {
  return defineRule({
    ...rule,
    pattern: connectionUrlPattern({ schemes, parameter, prefix }),
    validate: (secret, { groups }) => validConnectionPassword(secret, groups),
  });
}
