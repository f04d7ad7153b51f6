import { shannonEntropy } from '../heuristics.js';
import { defineRule } from '../rule.js';

/** A line that talks about Twitter / X or bearer tokens. */
const CONTEXT = /twitter|tweet|bearer|x_api|x-api|xapi/i;

/**
 * Twitter / X app-only bearer tokens: a run of ~22 "A"s followed by a
 * base64 body, usually URL-encoded (…%2B…%3D…), about 110 characters in all.
 */
export default defineRule({
  id: 'twitter-bearer-token',
  title: 'Twitter bearer token',
  severity: 'HIGH',
  confidence: 0.85,
  // Real tokens hold runs of 'A' (zero bytes in base64): the generic placeholder filter would drop them.
  keepPlaceholders: true,
  keywords: ['aaaaaaaaaaaaaaaaaaaa'],
  context: ['twitter'],
  anchored: true,
  // Bounded by characters that cannot continue a base64 run, so slices of base64 blobs (images, fonts) do not match.
  pattern: /(?<![A-Za-z0-9%+/_-])(?<secret>A{20,24}[A-Za-z0-9%+=]{70,140})(?![A-Za-z0-9%+/=_-])/,
  // The leading run of "A"s is part of the format; judge randomness on what follows it. Without the
  // tell-tale URL-encoding the line must name Twitter / X or a bearer token.
  validate: (secret, { line }) => {
    const body = secret.replace(/^A+/, '');
    if (body.length < 60 || !/[0-9]/.test(body) || !/[a-z]/.test(body) || shannonEntropy(body) < 4.3) return false;
    return /%2B|%2F|%3D/i.test(body) || CONTEXT.test(line);
  },
  description:
    'A Twitter / X app-only bearer token is committed. It calls the X API as the app: reading public data and searches within the app’s access level, counted against (and billed to) the owner’s quota.',
  remediation:
    'Regenerate the bearer token in the X developer portal (the app’s Keys and tokens page), deploy the new one from a secret store and remove the old one from git history.',
  references: ['https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/application-only'],
  docs: {
    summary: 'Twitter / X app-only OAuth 2.0 bearer tokens.',
    bad: [
      'TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAA' +
        'A9HQdAAAAAAAAapUeyrJuYJrOaK7KL2EhTCPaLW%2BN9fEL15xAbeWObQ72eE6%3Dcew7ghDZhUFn4yRHxdd7rl2SR6oBAK',
      'headers = {"Authorization": "Bearer AAAAAAAAAAAAAAAAAAAAA' +
        'A9HQdAAAAAAAAapUeyrJuYJrOaK7KL2EhTCPaLW+N9fEL15xAbeWObQ72eE6=cew7ghDZhUFn4yRHxdd7rl2SR6oBAK"}',
    ],
    good: [
      'TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAA' + 'A9HQdAAAAAAAA%2B',
      // A slice of a base64 image: bounded by "/" and "+".
      'src: url(data:font/woff2;base64,d09GMgABAAAAAAYQAA0AAAAAC/AAAAAAAAAAAAAAAAAAAAA' +
        'A9HQdAAAAAAAAapUeyrJuYJrOaK7KL2EhTCPaLWN9fEL15xAbeWObQ72eE6cew7ghDZhUFn4yRHxdd7rl2SR6oBAK+Qw7/PL3q)',
      'padding = "AAAAAAAAAAAAAAAAAAAAA' + 'A9HQdAAAAAAAAapUeyrJuYJrOaK7KL2EhTCPaLWN9fEL15xAbeWObQ72eE6cew7ghDZhUFn4yRHxdd7rl2SR6oBAK"',
    ],
  },
});
