import { defineRule } from '../rule.js';

/** Starts of STS session tokens: protobuf-like headers that decode to "origin" or "aws". */
const AWS_TOKEN_START = /^[A-Za-z0-9+/]{2}o(?:Jb3JpZ2lu|GZXIvYXdz|DYXdz)/;

/** Temporary AWS credentials: the session token that accompanies an ASIA key id and its secret. */
export default defineRule({
  id: 'aws-session-token',
  title: 'AWS session token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['session_token', 'sessiontoken', 'session-token', 'security_token', 'security-token', 'securitytoken'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}(?:session|security)[_-]?token)["']?(?:\s{0,4}(?::=|=>|=|:)\s{0,4}|\s{1,4})["']?(?<secret>[A-Za-z0-9/+]{100,3000}={0,2})(?![A-Za-z0-9/+=])/i,
  minEntropy: 4.5,
  validate: (secret, { groups }) => /aws|amz/i.test(groups.name ?? '') || AWS_TOKEN_START.test(secret),
  description:
    'An AWS STS session token is committed. Together with its temporary key id and secret it acts as the assumed role until the session expires, which can be up to 12 hours (36 hours for some federated sessions).',
  remediation:
    'Revoke active sessions of the role (IAM → Roles → Revoke active sessions) or let them expire, and obtain temporary credentials at run time (SDK credential chain, SSO, instance or task roles) instead of pasting them into files. Remove the token from git history.',
  references: ['https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_temp_use-resources.html'],
  docs: {
    summary: 'AWS session tokens assigned to aws_session_token, X-Amz-Security-Token or SessionToken.',
    bad: [
      'aws_session_token = IQoJb3JpZ2lu' + 'X2VjEiNS85Cd1yKe4Xlb9CL6y+/cQfoOa9YUksmNGYmvMybF5lzV8NZ1XzFuMNJb9hu8t40xsMmXtQIZ+KWo+QV6S0HMvlpKVmN8vS2+Iiva1u6F5sItEIqhbHmFzDA/FY2Lmb9JxSyRZot4bmvTxxQZxwRFGZbSe9NR/O2BiseSTbMQ8sbdmeJy1s/3X+gT6+b+HXdLaq7DofweDSF6PIFCdgxYhWCXPwhal3mjkdhk0H6XUnsFoAjt/7DwhwuzsGtVpCpJjZQLnSC2N7ofNEFJTFfRSNKUwFdd3HbNaEiY0yNCzbUAYfaCoshY9Ervh9aVszq2w9EHYk3',
      '"SessionToken": "FwoGZXIvYXdz' + 'ED19QAKWBjpXXliP+oLGrqOQ+1DQWh7nNR6mcUy9Hxs2oC3ajAxjNMZTZm1ZJFunepZd0DmXSClw1fh1gDBv8da67/7/9oGElunGECetCiSPgGaikTU4nVKCPI740UwMwJMrWEjsp0HwmvEzFaFHpoQ2ypn+ObWFVw27oG8TL9tZLABZEhXApiPLAvNy8iM909Fa2YNJAdSe9QlcEcDMYedR207m0EPDDYCveRBoLI5Lh5EINapddFtzsWv/9Hp/6lcFE2gJkWOYCMruWEAxI6YOXh67P7IJPAZ+gCzyuzzFTJq0F+aDHTFMPUVtmDxlZBrW0qRzMvP",',
    ],
    good: [
      'aws_session_token = ${AWS_SESSION_TOKEN}',
      'session_token = "xX/gZE9+I8HqW340GzibExZzUqiRoELoMKpeoICfScRQJSZrAtxuys1xnQZI8THIwrnzqk2jTUVedRA68Ob3fvfYPdMkjtD1cT6uI/96CIfWGrxAn1ODnaEoW97AA+amWWFt8Ud/5CxaD2pAEPrmE1SSuB/PhPXW0Hik/NJb+pRnSO8Ue9R6Ke85Swajy2eww0VrMcihnia/mWhpxXroDR5/GsoFUIZrPuo36IOrnIu63XaFB1omSLvjp3o10KZ7PA+5x5cfBnppK69YUeVWNPIsHZur/iWd/HkzXupyeV9nOC+x0gVfD5VPUAPBzwsxBZpEy5az7B"',
      'aws_session_token = IQoJb3JpZ2luX2VjEshort',
    ],
  },
});
