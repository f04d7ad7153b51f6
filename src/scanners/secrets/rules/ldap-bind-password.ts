import { connectionUrlRule } from '../connection-url.js';

/**
 * LDAP URLs with a bind password in the authority:
 * ldap://cn=svc,dc=corp:password@host. Local hosts are left to
 * local-service-url-password.
 */
export default connectionUrlRule({
  id: 'ldap-bind-password',
  title: 'LDAP URL with bind password',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['ldap'],
  schemes: 'ldaps?|ldapi',
  description:
    'An LDAP URL carrying a bind DN and password is committed. The account can search the directory (users, groups, e-mail addresses, sometimes password hashes) and, for privileged service accounts, modify it.',
  remediation:
    'Change the bind account’s password in the directory, read the bind credentials from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc4516'],
  docs: {
    summary: 'ldap://, ldaps:// and ldapi:// URLs with user:password@ credentials, on non-local hosts.',
    bad: [
      'LDAP_URL=ldaps://cn=svc-ldap,ou=apps,dc=corp,dc=io:Pq7' + 'vZ2kW9xL@ldap.corp-net.io:636',
      'ldap://binduser:Mt3' + 'xK8qN5wR@dc01.ad.corp-net.io:389',
    ],
    good: [
      'ldap://cn=admin,dc=corp,dc=io:admin@ldap.corp-net.io',
      'ldap://ldap.corp-net.io:389/dc=corp,dc=io',
      'ldap://binduser:Mt3' + 'xK8qN5wR@openldap:389',
    ],
  },
});
