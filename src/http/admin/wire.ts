import { Type, type Static } from '@sinclair/typebox';
import { PLANS } from '../../services/accounts/plans.js';
import type { Account, AccountListing, IssuedKey } from '../../services/accounts/service.js';
import type { MailOutcome } from './operations.js';

/** The JSON the admin socket speaks (snake_case, dates as ISO strings), and conversions both ways. */
export const PlanField = Type.Union(PLANS.map((plan) => Type.Literal(plan)));

export const EmailPlanBody = Type.Object({ email: Type.String({ maxLength: 320 }), plan: PlanField }, { additionalProperties: false });
export const RotateBody = Type.Object({ email: Type.String({ maxLength: 320 }), mail: Type.Boolean() }, { additionalProperties: false });

export interface AccountJson {
  id: string;
  email: string;
  plan: Account['plan'];
  created_at: string;
}
export interface IssuedJson {
  account: AccountJson;
  api_key: string;
  key_prefix: string;
  created_at: string;
}
export type ListingJson = AccountJson & { key_prefix: string | null };
export interface RotatedJson {
  issued: IssuedJson;
  mail: MailOutcome;
}
export const OsvImportBody = Type.Object({ path: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false });
export type OsvImport = Static<typeof OsvImportBody>;
export type EmailPlan = Static<typeof EmailPlanBody>;
export type Rotate = Static<typeof RotateBody>;

export const accountToJson = (a: Account): AccountJson => ({ id: a.id, email: a.email, plan: a.plan, created_at: a.createdAt.toISOString() });
export const accountFromJson = (a: AccountJson): Account => ({ id: a.id, email: a.email, plan: a.plan, createdAt: new Date(a.created_at) });

export const issuedToJson = (k: IssuedKey): IssuedJson => ({
  account: accountToJson(k.account),
  api_key: k.apiKey,
  key_prefix: k.keyPrefix,
  created_at: k.createdAt.toISOString(),
});
export const issuedFromJson = (k: IssuedJson): IssuedKey => ({
  account: accountFromJson(k.account),
  apiKey: k.api_key,
  keyPrefix: k.key_prefix,
  createdAt: new Date(k.created_at),
});

export const listingToJson = (l: AccountListing): ListingJson => ({ ...accountToJson(l), key_prefix: l.keyPrefix });
export const listingFromJson = (l: ListingJson): AccountListing => ({ ...accountFromJson(l), keyPrefix: l.key_prefix });
