/**
 * AI answers (explain, fix, triage) are Markdown written by a model, which is
 * untrusted text. This module turns them into an HTML string with marked,
 * where nothing the model wrote becomes markup of its own: raw HTML is shown as
 * text, images as their alt text. The string then goes through DOMPurify
 * (sanitize.ts) before it reaches the page. Pure: no DOM needed, so Node tests
 * run it too.
 */
import { Marked, type Tokens } from 'marked';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export interface MarkdownOptions {
  /**
   * Added to every heading level so the answer's headings nest under the
   * page's own (an answer's `##` under an h3 becomes an h4). At most h6.
   */
  readonly headingOffset?: number;
}

function createMarked(headingOffset: number): Marked {
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      // Raw HTML from the model is text, block or inline: never markup.
      html(token: Tokens.HTML | Tokens.Tag): string {
        const text = escapeHtml(token.text);
        return 'block' in token && token.block ? `<p>${text.trimEnd()}</p>\n` : text;
      },
      // No image is fetched from an answer (the CSP would block it anyway): its alt text stands in.
      image(token: Tokens.Image): string {
        return escapeHtml(token.text);
      },
      heading(token: Tokens.Heading): string {
        const level = Math.min(6, Math.max(1, token.depth + headingOffset));
        return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      // GFM task-list boxes would be form controls without labels; a text mark reads the same.
      checkbox(token: Tokens.Checkbox): string {
        return token.checked ? '[x] ' : '[ ] ';
      },
    },
  });
  return marked;
}

const instances = new Map<number, Marked>();

/** The answer as HTML (not yet sanitised). Re-run on the whole text as it grows while streaming. */
export function markdownToHtml(text: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 0;
  let marked = instances.get(offset);
  if (marked === undefined) {
    marked = createMarked(offset);
    instances.set(offset, marked);
  }
  return marked.parse(text, { async: false });
}

/** Protocols a link in an answer may keep; anything else (javascript:, data:, vbscript: …) loses its href. */
export const SAFE_LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

export type LinkVerdict = { readonly kind: 'drop' } | { readonly kind: 'same-origin' } | { readonly kind: 'external' };

/** How a link's href is treated, resolved against the page's own address. */
export function judgeLink(href: string, pageUrl: string): LinkVerdict {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return { kind: 'drop' };
  }
  if (!SAFE_LINK_PROTOCOLS.includes(url.protocol)) return { kind: 'drop' };
  return url.origin === new URL(pageUrl).origin ? { kind: 'same-origin' } : { kind: 'external' };
}
