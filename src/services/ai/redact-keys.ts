/**
 * Prompt redaction by form rather than by value: whatever is assigned to a
 * secret-named key (`DB_PASS=…`, `"client_secret": "…"`, `<password>…</password>`,
 * `key="ApiToken" value="…"`, `ENV API_TOKEN …`) and the credentials of an
 * `Authorization:` header, however weak or short. The scanner's precision
 * filters do not apply here: a prompt may lose a harmless value, never a secret.
 */
import { isSecretName } from '../../scanners/secrets/generic.js';

export const REDACTED = '[REDACTED]';

/** `name <sep> value`: the name (optionally quoted), an assignment or `:`, then a quoted or bare value. */
const ASSIGNED =
  /(?<![\w.-])(?<nq>["'`]?)(?<name>[A-Za-z_][\w.-]{0,100})\k<nq>[ \t]{0,4}(?<sep>:=|=>|=|:)[ \t]{0,4}(?:(?<q>["'`])(?<quoted>[^"'`\n]{1,1024})\k<q>|(?<bare>[^\s"'`,;<>()[\]{}]{1,1024}))/g;
/** `<name>value</name>` */
const XML_ELEMENT = /<(?<name>[A-Za-z_][\w.:-]{0,100})>(?<value>[^<>\n]{1,1024})<\/\k<name>>/g;
/** `key="Name" value="…"` */
const XML_KEY_VALUE = /\b(?:key|name)[ \t]{0,2}=[ \t]{0,2}(?<q>["'])(?<name>[\w.:-]{1,100})\k<q>[ \t]{1,8}value[ \t]{0,2}=[ \t]{0,2}(?<vq>["'])(?<value>[^"'\n]{1,1024})\k<vq>/g;
/** Dockerfile `ENV NAME value`, netrc-style `password value`, command flags `--password value`. */
const SPACED = /(?<![\w.-])(?<head>(?:ENV[ \t]{1,8}|ARG[ \t]{1,8}|--?)?)(?<name>[A-Za-z_][\w.-]{0,100})[ \t]{1,8}(?<value>[^\s"'`=:]{4,1024})(?=[ \t]*(?:$|\n))/gm;
/** `Authorization: <scheme> <credentials>` in any quoting. */
const AUTHORIZATION = /\b(?<head>(?:proxy-)?authori[sz]ation["'`]?[ \t]{0,4}[:=][ \t]{0,4}["'`]?(?:[A-Za-z][\w-]{0,30}[ \t]{1,4})?)(?<value>[^\s"'`,;]{4,4096})/gi;

/** References and markers that carry no secret: `${VAR}`, `$VAR`, `process.env.X`, an earlier `[REDACTED]`. */
const NOT_A_VALUE = /^(?:\[REDACTED\].{0,40}|\$\{?[A-Za-z_][\w.]{0,100}\}?|\{\{.{0,200}\}\}|(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|ENV|secrets|vars)\b.{0,200}|null|none|nil|undefined|true|false|""|'')$/i;

/** A bare value after `:` or a space in prose ("secret: Rotate it", "the password expired") is a word, not a credential. */
function wordAfterColon(sep: string, value: string): boolean {
  return sep === ':' && /^[A-Za-z][a-z]{0,30}[.!?]?$/.test(value);
}

function valueToRedact(name: string, value: string, sep = '='): boolean {
  const trimmed = value.trim();
  if (trimmed.length < 3 || NOT_A_VALUE.test(trimmed)) return false;
  if (!isSecretName(name.replace(/[.-]/g, '_'))) return false;
  return !wordAfterColon(sep, trimmed);
}

export interface KeyRedaction {
  readonly text: string;
  readonly redactions: number;
}

/** Replaces values assigned to secret-named keys, and Authorization credentials, with [REDACTED]. */
export function redactSecretKeys(input: string): KeyRedaction {
  let redactions = 0;
  const mark = (whole: string, value: string, at: number): string => {
    redactions++;
    return `${whole.slice(0, at)}${REDACTED}${whole.slice(at + value.length)}`;
  };
  let text = input.replace(AUTHORIZATION, (whole: string, head: string, value: string) =>
    NOT_A_VALUE.test(value) ? whole : mark(whole, value, head.length),
  );
  text = text.replace(ASSIGNED, (whole: string, ...rest: unknown[]) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    const value = groups.quoted ?? groups.bare ?? '';
    if (!valueToRedact(groups.name ?? '', value, groups.sep)) return whole;
    return mark(whole, value, whole.lastIndexOf(value));
  });
  text = text.replace(XML_ELEMENT, (whole: string, name: string, value: string) =>
    valueToRedact(name, value) ? mark(whole, value, name.length + 2) : whole,
  );
  text = text.replace(XML_KEY_VALUE, (whole: string, _q: string, name: string, _vq: string, value: string) =>
    valueToRedact(name, value) ? mark(whole, value, whole.lastIndexOf(value)) : whole,
  );
  text = text.replace(SPACED, (whole: string, _head: string, name: string, value: string) =>
    valueToRedact(name, value, ':') ? mark(whole, value, whole.lastIndexOf(value)) : whole,
  );
  return { text, redactions };
}
