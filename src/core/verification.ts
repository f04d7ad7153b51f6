/**
 * The port between a scan and the secret validity checks (src/adapters/verify implements it, the
 * engine calls it). Plain types in core, so neither side imports the other.
 */
/** A secret handed to the validity check: never logged, never stored. */
export interface SecretToVerify {
  readonly id: string;
  readonly ruleId: string;
  readonly secret: string;
  /** Other secrets found in the same file (an AWS key id beside its secret key, a Twilio SID beside its token). */
  readonly companions: readonly { readonly ruleId: string; readonly secret: string }[];
}

export interface VerificationResult {
  readonly verified: boolean | null;
  readonly verifiedAt: string;
}

/** Checks secrets with their providers; answers by finding id. */
export type VerifySecrets = (secrets: readonly SecretToVerify[], signal?: AbortSignal) => Promise<ReadonlyMap<string, VerificationResult>>;
