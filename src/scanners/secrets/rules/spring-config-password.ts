import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

/** Keys of the YAML mappings that enclose the line at `offset`, outermost first. */
function yamlParents(text: string, offset: number): string[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let indent = /^ {0,200}/.exec(text.slice(lineStart, lineStart + 200))?.[0].length ?? 0;
  const keys: string[] = [];
  let end = lineStart - 1;
  for (let steps = 0; end > 0 && indent > 0 && steps < 1000; steps++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    const m = /^( {0,200})(?:- {1,8})?([\w.-]{1,120}):[ \t]{0,40}(?:#[^\n]{0,400})?\r?$/.exec(line);
    if (m && (m[1] ?? '').length < indent) {
      keys.unshift(m[2] ?? '');
      indent = (m[1] ?? '').length;
    }
  }
  return keys;
}

/**
 * Passwords under spring.* in Spring Boot configuration files
 * (application*.properties / .yml, bootstrap*): spring.datasource.password,
 * spring.mail.password, spring.rabbitmq.password, spring.data.redis.password,
 * spring.security.user.password and the like, flat or nested.
 */
export default defineRule({
  id: 'spring-config-password',
  title: 'Password in Spring configuration',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['password'],
  pathPattern: /(?:^|\/)(?:application|bootstrap)(?:[-_.][\w.-]{1,40})?\.(?:properties|ya?ml)$/,
  pattern: /^[ \t]{0,40}(?<prefix>[\w.-]{1,120}\.)?password[ \t]{0,4}[=:][ \t]{0,4}(?<q>["']?)(?<secret>[^\s"']{1,256})\k<q>[ \t]{0,4}(?:#[^\r\n]{0,300})?\r?$/,
  validate: (secret, { groups, text, offset }) => {
    const path = [...yamlParents(text, offset), ...(groups.prefix ?? '').split('.').filter(Boolean)];
    if (path[0] !== 'spring' && !(path[0] ?? '').startsWith('spring.')) return false;
    // References, Jasypt ENC(...), Spring Cloud Config {cipher}, and password-encoder hashes.
    if (/\$\{|^ENC\(|^\{cipher\}|^\{(?:bcrypt|pbkdf2|scrypt|argon2|sha256|sha-?1|md5|ldap|ssha)\}/i.test(secret)) return false;
    return !isStandInPassword(secret.replace(/^\{noop\}/, ''), '');
  },
  description:
    'A password is written into Spring Boot configuration (a datasource, mail server, broker, cache or the default security user). Anyone who reads the repository can sign in to that service with it.',
  remediation:
    'Change the password, reference it instead (spring.datasource.password=${DB_PASSWORD}) and provide it from the environment, Spring Cloud Config / Vault or Kubernetes secrets, and remove the committed value from git history.',
  references: ['https://docs.spring.io/spring-boot/reference/features/external-config.html'],
  docs: {
    summary: 'spring.*.password values in application and bootstrap .properties and .yml files.',
    path: 'src/main/resources/application-prod.yml',
    bad: ['spring.datasource.password=' + 'Vr4tYq8Nc2Lm7P', 'spring:\n  datasource:\n    url: jdbc:postgresql://pg.corp-net.io/app\n    username: app\n    password: ' + 'Gk8vQ3nZ7wLp'],
    good: ['spring.datasource.password=${DB_PASSWORD}', 'spring:\n  datasource:\n    password: ENC(' + 'G6N718UuyPE5bHyWKyuLQSm02auQPUtm)', 'app:\n  admin:\n    password: Gk8vQ3nZ7wLp'],
  },
});
