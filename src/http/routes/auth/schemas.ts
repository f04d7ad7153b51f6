import { Type } from '@sinclair/typebox';
import { AccountBody } from '../../schemas/account.js';

export const AuthConfigBody = Type.Object(
  { github_oauth: Type.Boolean({ description: 'Whether "Sign in with GitHub" is available' }) },
  { title: 'AuthConfig' },
);

export const EmailRequest = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320, description: 'The address to mail the sign-in link to' }) },
  { title: 'SignInEmailRequest' },
);

export const MessageBody = Type.Object({ message: Type.String() }, { title: 'Message' });

export const VerifyRequest = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 256, description: 'The token from the mailed link (#token=…)' }) },
  { title: 'SignInVerifyRequest' },
);

const CsrfToken = Type.String({ description: 'Send it as X-CSRF-Token on every state-changing request made with the session cookie' });

export const SignedInBody = Type.Object(
  {
    email: Type.String(),
    first_sign_in: Type.Boolean({ description: 'True when this sign-in created the account' }),
    csrf_token: CsrfToken,
  },
  { title: 'SignedIn' },
);

export const SessionBody = Type.Object(
  {
    email: Type.String(),
    csrf_token: CsrfToken,
    key_pending: Type.Boolean({ description: 'True until the first API key has been revealed with POST /auth/first-key' }),
    account: AccountBody,
  },
  { title: 'Session' },
);

export const FirstKeyBody = Type.Object(
  {
    api_key: Type.String({ description: 'The key. Shown once: Vigil keeps only a hash of it.' }),
    key_prefix: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    emailed: Type.Boolean({ description: "Whether the key was sent to the account's address" }),
  },
  { title: 'FirstKey' },
);

export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
});

/** A redirect: no body, a Location header. */
export function redirectResponse(description: string) {
  return { description, type: 'null', headers: { location: Type.String({ description: 'Where the browser goes next' }) } } as const;
}
