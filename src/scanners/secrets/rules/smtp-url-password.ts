import { connectionUrlRule } from '../connection-url.js';

/**
 * SMTP URLs with an inline password (EMAIL_URL, MAILER_DSN, nodemailer
 * transports): smtp://user:password@host and smtps://…. Local mail catchers
 * are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'smtp-url-password',
  title: 'SMTP URL with password',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['smtp'],
  schemes: 'smtps?',
  description:
    'An SMTP URL with an inline password is committed. Anyone can send mail through that account or relay, as your domain: phishing that passes SPF and DKIM, and sending quota abuse.',
  remediation:
    'Rotate the SMTP password or API key at the mail provider, read the URL from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.iana.org/assignments/uri-schemes/uri-schemes.xhtml'],
  docs: {
    summary: 'smtp:// and smtps:// URLs (with +tls/+ssl) whose password is written inline, on non-local hosts.',
    bad: [
      'MAILER_DSN=smtp://apikey:Qv8' + 'mT3zK7xPw2@smtp.sendgrid.net:587',
      'EMAIL_URL=smtp+tls://alerts%40corp.io:Lx4' + 'wN9qR2vT@smtp.office365.com:587',
    ],
    good: [
      'MAILER_DSN=smtp://user:pass@smtp.corp-mail.io:25',
      'EMAIL_URL=smtp://smtp.corp-mail.io:25',
      'MAILER_DSN=smtp://apikey:Qv8' + 'mT3zK7xPw2@mailhog:1025',
    ],
  },
});
