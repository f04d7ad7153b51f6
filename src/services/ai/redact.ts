/**
 * The last step before a prompt leaves the service: every secret any secrets
 * rule finds in it is replaced by [REDACTED] (rules that run only on certain
 * files run on the prompt too, and whole-file rules on each of its lines), and
 * so is anything shaped like a Vigil API key, a password inside a URL, any
 * value assigned to a secret-named key and the credentials of an
 * Authorization header, whatever the scanner's precision filters decided.
 * Findings the API returns are already redacted; this guards against clients
 * pasting secrets into a finding they send us.
 */
import { SecretDetector } from '../../scanners/secrets/detect.js';
import { isKubernetesSecret } from '../../scanners/secrets/kubernetes.js';
import type { SecretRule } from '../../scanners/secrets/rule.js';
import { SECRET_RULES } from '../../scanners/secrets/rules/index.js';
import { REDACTED, redactSecretKeys } from './redact-keys.js';

export { REDACTED };
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

/** A plain word ("immediately", "Rotate."): in prose after "password", not a credential. */
const PLAIN_WORD = /^[A-Za-z][a-z]{0,30}[.!?,;:]?$/;

/**
 * The values every rule reports in `text`, read as any file: rules restricted to some files
 * (.netrc, .pypirc …) run on it too, except that what they find there counts only when it is
 * not a plain word; whole-file rules (a key file) run on each line.
 */
function secretFinder(rules: readonly SecretRule[]): (text: string) => Set<string> {
  const lifted = new Set<SecretRule>();
  const anywhere = new SecretDetector(
    rules
      .filter((r) => r.keywords.length > 0)
      .map((r) => {
        if (!r.pathPattern && !r.requires) return r;
        const copy: SecretRule = { ...r, pathPattern: undefined, requires: undefined };
        lifted.add(copy);
        return copy;
      }),
  );
  const wholeFile = rules.filter((r) => r.keywords.length === 0).map((r) => ({ path: r.docs.path ?? '', detector: new SecretDetector([r]) }));
  return (text) => {
    const secrets = new Set<string>();
    // Read as YAML when it holds a Kubernetes Secret, so its data: values are decoded and scanned too.
    const path = isKubernetesSecret(text) ? 'prompt.yaml' : 'prompt.txt';
    for (const m of anywhere.scan(path, text)) if (!(lifted.has(m.rule) && PLAIN_WORD.test(m.secret))) secrets.add(m.secret);
    for (const { path, detector } of wholeFile) {
      for (const line of text.split('\n')) for (const m of detector.scan(path, line)) secrets.add(m.secret);
    }
    return secrets;
  };
}

/** A redactor with its own rule set compiled (building one compiles every rule; reuse it). */
export function createRedactor(rules: readonly SecretRule[] = SECRET_RULES): (text: string) => RedactedText {
  const find = secretFinder(rules);
  return (text) => {
    const secrets = [...find(text)].filter((s) => s.length >= MIN_SECRET_LENGTH);
    let out = text;
    let redactions = 0;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of secrets.sort((a, b) => b.length - a.length)) {
      const r = replaceAll(out, secret);
      out = r.text;
      redactions += r.redactions;
    }
    const patterns = redactPatterns(out);
    const keys = redactSecretKeys(patterns.text);
    return { text: keys.text, redactions: redactions + patterns.redactions + keys.redactions };
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
