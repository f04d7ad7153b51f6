/**
 * Line numbers for JSON members in one linear pass (no quadratic searching).
 * Records, for every object key and array element up to `maxDepth`, the 1-based line
 * where it starts. Keys of the returned map are path segments joined by `\u0000`
 * (use `jsonPath`). Run it on text that `JSON.parse` has already accepted.
 */

interface Frame {
  readonly path: readonly string[];
  readonly isArray: boolean;
  index: number;
  expectKey: boolean;
  key: string;
}

export function jsonPath(...segments: readonly (string | number)[]): string {
  return segments.map(String).join('\u0000');
}

function decode(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function jsonLines(text: string, maxDepth: number): Map<string, number> {
  const out = new Map<string, number>();
  const stack: Frame[] = [];
  let line = 1;
  const elementStart = (): void => {
    const top = stack.at(-1);
    if (top?.isArray && stack.length <= maxDepth) out.set(jsonPath(...top.path, top.index), line);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
    } else if (c === '"') {
      const startLine = line;
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') line++;
        j++;
      }
      const top = stack.at(-1);
      if (top && !top.isArray && top.expectKey) {
        top.key = decode(text.slice(i + 1, j));
        if (stack.length <= maxDepth) out.set(jsonPath(...top.path, top.key), startLine);
      } else {
        elementStart();
      }
      i = j;
    } else if (c === '{' || c === '[') {
      elementStart();
      const top = stack.at(-1);
      const path = top ? [...top.path, top.isArray ? String(top.index) : top.key] : [];
      stack.push({ path, isArray: c === '[', index: 0, expectKey: c === '{', key: '' });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ':') {
      const top = stack.at(-1);
      if (top) top.expectKey = false;
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top?.isArray) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return out;
}
