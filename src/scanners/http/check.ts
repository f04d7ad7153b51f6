/**
 * The contract of one API-headers check. Three layers, kept apart:
 *  - detection: `run` reads a Retrieved and returns outcomes (a key, facts, evidence);
 *  - policy: `outcomes` maps each key to a severity, confidence and OWASP/CWE ids;
 *  - prose: the same table's title, description and remediation templates.
 * scanner.ts is the only code that joins them into findings; docs.ts renders the page.
 */
import { SEVERITY_RANK, type Severity } from '../../core/findings.js';
import type { RuleDocs, RuleMetadata } from '../../core/rules.js';
import type { CertificateInfo, Endpoint, ProbeKind, ProbeMethod, Retrieved, TlsInfo } from './types.js';

export type CheckCategory = 'headers' | 'cors';

/** What a check detected. No severity and no prose: the outcome table adds those. */
export interface Outcome<K extends string = string> {
  readonly key: K;
  /**
   * What the outcome is about when one check can report the same key several
   * times: a cookie name, a header name, a CORS probe kind. Part of the finding's identity.
   */
  readonly subject?: string;
  /** Values the prose templates interpolate as {name}. */
  readonly facts?: Readonly<Record<string, string>>;
  /** The offending header lines as received; for CORS, the probe's Origin first. */
  readonly evidence: readonly string[];
  /** The request that proved it. */
  readonly url: string;
  readonly method: string;
}

export interface OutcomePolicy {
  readonly severity: Severity;
  /** Why this severity; shown in the docs. */
  readonly rationale: string;
  /** Finding title; may use {fact} placeholders. */
  readonly title: string;
  /** Finding description; may use {fact} placeholders. */
  readonly description: string;
  /** Overrides the check's remediation. */
  readonly remediation?: string;
  /** 0..1; default 0.9. */
  readonly confidence?: number;
  /** Overrides the check's CWE. */
  readonly cwe?: string;
  /** Overrides the check's OWASP categories (Top 10 `A01:2021`, API Security Top 10 `API2:2023`). */
  readonly owasp?: readonly string[];
}

/** Header set of an example response: names as written, a string or every value. */
export type ExampleHeaders = Readonly<Record<string, string | readonly string[]>>;

export interface ExampleProbe {
  readonly kind: ProbeKind;
  readonly method: ProbeMethod;
  readonly status?: number;
  /** `{origin}` in a value stands for the Origin the probe sent (a reflection). */
  readonly headers: ExampleHeaders;
}

export interface ExampleHttpVariant {
  readonly status?: number;
  readonly headers?: ExampleHeaders;
  /** When the first response redirected to another http:// URL: where following it ended. */
  readonly followed?: { readonly finalUrl: string; readonly status?: number; readonly headers?: ExampleHeaders };
}

/** An opt-in path's answer (a listed path or a documented GET operation). */
export interface ExamplePath {
  /** Resolved against the final URL. */
  readonly path: string;
  readonly status?: number;
  readonly headers?: ExampleHeaders;
  readonly body?: string;
  /** Default: listed in `paths`, no declared security. */
  readonly endpoint?: Endpoint;
}

/** A header set the docs show and the tests run through the check. */
export interface CheckExample {
  /** One line shown above the example. */
  readonly note: string;
  /** Default https://api.example.com/. */
  readonly target?: string;
  /** Where the main GET ended after redirects; default the target. */
  readonly finalUrl?: string;
  readonly status?: number;
  readonly headers?: ExampleHeaders;
  /** The main GET's body (default none). */
  readonly body?: string;
  /** Opt-in paths and their answers. */
  readonly paths?: readonly ExamplePath[];
  /** The http:// variant of an https target; 'refused' (the default) when nothing answers on port 80. */
  readonly http?: ExampleHttpVariant | 'refused';
  readonly probes?: readonly ExampleProbe[];
  /** The handshake of an https target; default a trusted TLS 1.3 one with a valid certificate. */
  readonly tls?: Partial<Omit<TlsInfo, 'certificate'>> & { readonly certificate?: Partial<CertificateInfo> };
  /** What a TLS 1.0/1.1-only handshake agreed to (default null: refused). */
  readonly legacyTls?: string | null;
}

export interface FailingExample<K extends string = string> extends CheckExample {
  /** The outcome keys this example must produce (among possibly others). */
  readonly expect: readonly K[];
}

/** `bad`: responses that must produce the outcomes named; `good`: responses that must produce none. */
export interface HttpCheckDocs<K extends string = string> extends RuleDocs<CheckExample> {
  readonly bad: readonly FailingExample<K>[];
}

/**
 * The shared metadata and the check. Severity and confidence are the highest
 * its outcomes report and the description is the summary; defineCheck derives them.
 * The remediation is the default of every outcome.
 */
export interface HttpCheck<K extends string = string> extends RuleMetadata<HttpCheckDocs<K>> {
  readonly category: CheckCategory;
  /** Policy and prose, per outcome key. */
  readonly outcomes: Readonly<Record<K, OutcomePolicy>>;
  /** Detection: pure, no I/O. */
  readonly run: (r: Retrieved) => readonly Outcome<K>[];
}

/** A check as its file writes it. */
export type HttpCheckSpec<K extends string = string> = Omit<HttpCheck<K>, 'severity' | 'confidence' | 'description'>;

/** The one OWASP table, re-exported for the rule files beside this one. */
export { OWASP } from '../../core/rules.js';

export const DEFAULT_CONFIDENCE = 0.9;

/** Type-checks a check against its own outcome keys and derives its severity, confidence and description. */
export function defineCheck<K extends string>(check: HttpCheckSpec<K>): HttpCheck<K> {
  const policies: readonly OutcomePolicy[] = Object.values(check.outcomes);
  const severity = policies.map((p) => p.severity).reduce((a, b) => (SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a), 'INFO');
  const confidence = Math.max(...policies.map((p) => p.confidence ?? DEFAULT_CONFIDENCE));
  return Object.freeze({ ...check, severity, confidence, description: check.docs.summary });
}

/** Replaces {name} with facts[name]; unknown names are left as written. */
export function interpolate(template: string, facts: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{([a-zA-Z]{1,40})\}/g, (whole, name: string) => facts[name] ?? whole);
}
