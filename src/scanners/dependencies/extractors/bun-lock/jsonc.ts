/**
 * JSONC as bun.lock writes it: JSON plus `//` and block comments and trailing commas.
 * Both are removed outside strings in one linear pass, then JSON.parse does the rest.
 */
export function parseJsonc(text: string): unknown {
  return JSON.parse(dropTrailingCommas(stripComments(text)));
}

/**
 * Copies `text`, keeping JSON strings as they are; outside them `step(i)` says what to write
 * for the text at `i` and where to go on. One linear pass for each of the two rewrites below.
 */
function outsideStrings(text: string, step: (i: number) => { readonly write: string; readonly next: number }): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const { write, next } = step(i);
    out += write;
    i = next;
  }
  return out;
}

function stripComments(text: string): string {
  return outsideStrings(text, (i) => {
    if (text[i] === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      return { write: '', next: end === -1 ? text.length : end };
    }
    if (text[i] === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      return { write: text.slice(i, stop).replace(/[^\n]/g, ''), next: stop }; // keep line numbers stable
    }
    return { write: text[i] ?? '', next: i + 1 };
  });
}

function dropTrailingCommas(text: string): string {
  return outsideStrings(text, (i) => {
    if (text[i] === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] ?? '')) j += 1;
      if (text[j] === '}' || text[j] === ']') return { write: '', next: i + 1 };
    }
    return { write: text[i] ?? '', next: i + 1 };
  });
}

/** Index just past the string starting at `start` (a `"`), honouring escapes. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, text.length);
}
