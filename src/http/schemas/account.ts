import { Type } from '@sinclair/typebox';
import { PLANS } from '../../services/accounts/plans.js';

const Limit = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'Requests allowed per hour; null means unlimited',
});
const Buckets = <T extends ReturnType<typeof Type.Integer> | typeof Limit>(item: T) =>
  Type.Object({ scans: item, ai: item, account: item });

/** The body of GET /v1/account, also embedded in GET /auth/session. */
export const AccountBody = Type.Object(
  {
    email: Type.String(),
    plan: Type.Union(PLANS.map((p) => Type.Literal(p))),
    limits: Buckets(Limit),
    usage: Buckets(Type.Integer({ minimum: 0, description: 'Requests counted in the current hour' })),
    window: Type.Object({
      started_at: Type.String({ format: 'date-time' }),
      resets_at: Type.String({ format: 'date-time' }),
    }),
    key: Type.Union(
      [
        Type.Object({
          prefix: Type.String({ description: 'First characters of the current key, for recognising it' }),
          created_at: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      { description: 'The current key; null while an account created at a dashboard sign-in has not revealed its first key' },
    ),
  },
  { title: 'Account' },
);

/** The body of POST /v1/account/rotate-key. */
export const RotatedKeyBody = Type.Object(
  {
    api_key: Type.String({ description: 'The new key. Shown once: Vigil keeps only a hash of it.' }),
    key_prefix: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    emailed: Type.Boolean({ description: "Whether the new key was sent to the account's address" }),
    message: Type.String(),
  },
  { title: 'RotatedKey' },
);
