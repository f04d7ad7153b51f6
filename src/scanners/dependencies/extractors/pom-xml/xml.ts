/**
 * A minimal, linear XML element reader for POM files: elements, text and the
 * 1-based line of each start tag. Attributes, namespaces and mixed content are not
 * needed for POMs and are ignored. Throws XmlError on mismatched or unclosed tags.
 */

export interface XmlElement {
  readonly name: string;
  readonly line: number;
  readonly children: XmlElement[];
  text: string;
}

export class XmlError extends Error {}

const MAX_DEPTH = 200;
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]{0,4096}"|'[^']{0,4096}'){0,4096}?)(\/?)>/g;
const ENTITIES: Readonly<Record<string, string>> = Object.freeze({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" });

function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/** Parses `text` and returns the root element. */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', line: 1, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let line = 1;
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const top = stack[stack.length - 1] ?? root;
    top.text += decode(text.slice(last, match.index));
    line += countNewlines(text, last, match.index);
    const [whole, cdata, closing, name, , selfClosing] = match;
    if (cdata !== undefined) top.text += cdata;
    if (name !== undefined) {
      if (closing) {
        if (top.name !== name) throw new XmlError(`line ${line}: </${name}> does not close <${top.name}>`);
        stack.pop();
      } else {
        const element: XmlElement = { name, line, children: [], text: '' };
        top.children.push(element);
        if (!selfClosing) {
          if (stack.length > MAX_DEPTH) throw new XmlError(`line ${line}: nesting too deep`);
          stack.push(element);
        }
      }
    }
    line += countNewlines(whole, 0, whole.length);
    last = match.index + whole.length;
  }
  if (stack.length > 1) throw new XmlError(`<${stack[stack.length - 1]?.name ?? ''}> is never closed`);
  return root;
}

/** First child with this (local) name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => localName(c.name) === name);
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => localName(c.name) === name) ?? [];
}

/** Trimmed text of the named child, or undefined when absent or empty. */
export function childText(element: XmlElement | undefined, name: string): string | undefined {
  const text = child(element, name)?.text.trim();
  return text ? text : undefined;
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
