/**
 * The last step before a prompt leaves the service: every secret the secrets
 * scanner finds in it is replaced by [REDACTED], and so is anything shaped
 * like a Vigil API key or a password inside a URL, whatever the scanner's
 * precision filters decided. Findings the API returns are already redacted;
 * this guards against clients pasting secrets into a finding they send us.
 */
import type { FileScanner } from '../engine/types.js';
import { createSecretsScanner } from '../scanners/secrets/scanner.js';

export const REDACTED = '[REDACTED]';
/** Reported values shorter than this are too generic to replace safely everywhere. */
const MIN_SECRET_LENGTH = 4;
/** Vigil's key format (vgl_live_ + base62), checksum or not, whole or cut short. */
const VIGIL_KEY = /(?<![A-Za-z0-9_])vgl_live_[A-Za-z0-9]{16,64}/g;
/** scheme://user:password@host — the password part, when it is not already redacted. */
const URL_PASSWORD = /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:@/?#'"`<>[\]]{0,128}:)([^\s@/?#'"`<>]{1,128})(?=@[A-Za-z0-9[])/g;

export interface PromptParts {
  readonly system: string;
  readonly prompt: string;
}

export interface RedactedPrompt extends PromptParts {
  /** How many values were replaced, over both parts. */
  readonly redactions: number;
}

export interface RedactedText {
  readonly text: string;
  readonly redactions: number;
}

function replaceAll(text: string, value: string): RedactedText {
  const pieces = text.split(value);
  return { text: pieces.join(REDACTED), redactions: pieces.length - 1 };
}

/** Vigil keys and URL passwords, by pattern. */
function redactPatterns(text: string): RedactedText {
  let redactions = 0;
  const out = text
    .replace(VIGIL_KEY, () => {
      redactions++;
      return REDACTED;
    })
    .replace(URL_PASSWORD, (whole, head: string, password: string) => {
      if (password === REDACTED) return whole;
      redactions++;
      return `${head}${REDACTED}`;
    });
  return { text: out, redactions };
}

/** A redactor with its own scanner instance (building one compiles every rule; reuse it). */
export function createRedactor(scanner: FileScanner = createSecretsScanner()): (text: string) => RedactedText {
  return (text) => {
    const secrets = new Set<string>();
    for (const finding of scanner.scanFile({ path: 'prompt.txt', text })) {
      if (finding.secret !== undefined && finding.secret.length >= MIN_SECRET_LENGTH) secrets.add(finding.secret);
    }
    let out = text;
    let redactions = 0;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
      const r = replaceAll(out, secret);
      out = r.text;
      redactions += r.redactions;
    }
    const patterns = redactPatterns(out);
    return { text: patterns.text, redactions: redactions + patterns.redactions };
  };
}

let defaultRedactor: ((text: string) => RedactedText) | undefined;

/** Redacts any text with the default rule set. */
export function redactText(text: string): RedactedText {
  defaultRedactor ??= createRedactor();
  return defaultRedactor(text);
}

/** Redacts both parts of a prompt before it is sent to a provider. */
export function redactPrompt(input: PromptParts): RedactedPrompt {
  const system = redactText(input.system);
  const prompt = redactText(input.prompt);
  return { system: system.text, prompt: prompt.text, redactions: system.redactions + prompt.redactions };
}
