/**
 * JSON text of a large value, worked out once: a scan result is measured against its byte ceiling
 * (outputs/scan-response.ts) and then stored (the scans repository); each `JSON.stringify` of a
 * 5,000-finding result holds the event loop for tens of milliseconds. Values given here are
 * treated as frozen: the text is kept for as long as the object lives.
 */
const texts = new WeakMap<object, string>();

export function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const known = texts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  texts.set(value, text);
  return text;
}
