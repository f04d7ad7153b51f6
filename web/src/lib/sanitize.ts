/**
 * The last step before an AI answer reaches the page: DOMPurify with an
 * allow-list of the elements Markdown produces, and a link policy — only
 * http(s) and mailto hrefs survive; links leaving this origin open in a new
 * tab with rel="noopener noreferrer". Returns a DocumentFragment, so the
 * sanitised tree is inserted as is and never serialised and parsed again.
 */
import DOMPurify from 'dompurify';
import { judgeLink, markdownToHtml, type MarkdownOptions } from './markdown.js';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd',
  'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'class', 'align'];

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier !== undefined) return purifier;
  // An instance of our own, so the hook below applies to AI answers only.
  const own = DOMPurify(window);
  own.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null) return;
    const verdict = judgeLink(href, window.location.href);
    if (verdict.kind === 'drop') {
      node.removeAttribute('href');
    } else if (verdict.kind === 'external') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = own;
  return own;
}

/** Markdown → sanitised DOM, ready to replace the output element's children. */
export function renderMarkdown(text: string, options: MarkdownOptions = {}): DocumentFragment {
  return instance().sanitize(markdownToHtml(text, options), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}
