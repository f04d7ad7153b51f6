/**
 * Wire shapes of the endpoints the dashboard calls (docs/dashboard-ui.md). Every one is
 * derived from the TypeBox schema the service validates and documents with
 * (src/core/wire/, src/http/schemas/), so the two cannot drift apart. Only types come
 * from there, and the few values are from modules without imports, so nothing of the
 * server reaches the bundle.
 */
import type { Static } from '@sinclair/typebox';
import type { FirstKeyBody, SessionBody } from '../../../src/http/routes/auth/schemas.js';
import type { AccountBody, RotatedKeyBody } from '../../../src/http/schemas/account.js';

export { SEVERITIES, type Finding, type Location, type Severity } from '../../../src/core/findings.js';
export type { ScanList as ScanPage, ScanSummary, ScanProgressState as Progress, WireScan as Scan } from '../../../src/core/wire/scans.js';

export type Bucket = 'scans' | 'ai' | 'account';
export const BUCKETS: readonly Bucket[] = ['scans', 'ai', 'account'];

export type Account = Static<typeof AccountBody>;
export type Session = Static<typeof SessionBody>;
export type ProgressStage = import('../../../src/core/wire/scans.js').ScanProgressState['stage'];

/** A key shown once: from POST /auth/first-key or POST /v1/account/rotate-key (which adds `message`). */
export type IssuedKey = Static<typeof FirstKeyBody> & Partial<Pick<Static<typeof RotatedKeyBody>, 'message'>>;
