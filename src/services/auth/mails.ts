import type { MailMessage } from '../../adapters/mail/mailer.js';

/** The sign-in link mail. The token travels in the fragment, so it never reaches a server log or a Referer. */
export function signInMail(to: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Vigil sign-in link',
    text: [
      'Someone (hopefully you) asked to sign in to the Vigil dashboard with this address.',
      '',
      `Sign in: ${link}`,
      '',
      `The link works once and for ${validMinutes} minutes. If you did not ask for it, ignore this mail:`,
      'nothing happens unless the link is opened.',
    ].join('\n'),
  };
}
