/**
 * Text from scanned material (file names, evidence, titles) and from AI
 * models reaches terminals. Control characters could move the cursor, erase
 * lines or retitle the window, and bidirectional overrides reorder what is
 * shown; both are printed as visible escapes instead.
 */

// C0 controls, DEL, C1 controls, and the Unicode bidirectional formatting characters.
// eslint-disable-next-line no-control-regex -- control characters are what is escaped
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- control characters are what is escaped
const UNSAFE_KEEP_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** One field on one line: every control character, newlines included, shown as an escape. */
export function terminalField(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Running text (AI answers): newlines and tabs kept, every other control character escaped. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE_KEEP_LINES, visible);
}
