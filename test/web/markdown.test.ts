import { describe, expect, it } from 'vitest';
import { escapeHtml, judgeLink, markdownToHtml } from '../../web/src/lib/markdown.js';

const PAGE = 'https://vigil.example/scans/abc';

describe('markdownToHtml (AI answers, before DOMPurify)', () => {
  it('renders headings, lists, emphasis and fenced code blocks', () => {
    const html = markdownToHtml('## Fix\n\n- one\n- **two**\n\n1. a\n2. b\n\n```diff\n-old <x>\n+new\n```\n');
    expect(html).toContain('<h2>Fix</h2>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>');
    expect(html).toContain('<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
    expect(html).toContain('<pre><code class="language-diff">-old &lt;x&gt;\n+new\n</code></pre>');
  });

  it('moves headings down by the offset, never past h6', () => {
    expect(markdownToHtml('# A\n\n## B\n\n###### C', { headingOffset: 2 })).toBe('<h3>A</h3>\n<h4>B</h4>\n<h6>C</h6>\n');
    expect(markdownToHtml('## B')).toBe('<h2>B</h2>\n');
  });

  it('shows raw HTML from the model as text, block and inline', () => {
    const html = markdownToHtml('<img src=x onerror="alert(1)">\n\nInline <script>alert(2)</script> and <b onclick="x()">b</b>.\n\n<div>\n<iframe src="//evil"></iframe>\n</div>\n');
    expect(html).not.toMatch(/<(img|script|b|div|iframe)[\s>]/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;');
    expect(html).toContain('&lt;iframe src=&quot;//evil&quot;&gt;&lt;/iframe&gt;');
  });

  it('replaces images by their alt text, so no answer makes the page fetch anything', () => {
    const html = markdownToHtml('See ![a <b>pixel</b>](https://tracker.example/p.png "t") here');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('See a &lt;b&gt;pixel&lt;/b&gt; here');
  });

  it('renders task-list boxes as text, not as unlabelled form controls', () => {
    const html = markdownToHtml('- [x] done\n- [ ] todo\n');
    expect(html).not.toContain('<input');
    expect(html).toContain('[x] done');
    expect(html).toContain('[ ] todo');
  });

  it('renders a partial answer (an unclosed code fence mid-stream) without throwing', () => {
    expect(markdownToHtml('## Fix\n\n```js\nconst a = 1;')).toContain('<pre><code class="language-js">const a = 1;');
  });
});

describe('judgeLink', () => {
  it.each([
    ['javascript:alert(1)', 'drop'],
    ['JaVaScRiPt:alert(1)', 'drop'],
    [' javascript:alert(1)', 'drop'],
    ['java\tscript:alert(1)', 'drop'],
    ['data:text/html,<script>alert(1)</script>', 'drop'],
    ['vbscript:msgbox(1)', 'drop'],
    ['http://[not a host', 'drop'],
    ['https://docs.aws.example/rotate', 'external'],
    ['//evil.example/x', 'external'],
    ['mailto:security@example.com', 'external'],
    ['/docs', 'same-origin'],
    ['#fix', 'same-origin'],
    ['https://vigil.example/redoc', 'same-origin'],
  ])('%s → %s', (href, kind) => {
    expect(judgeLink(href, PAGE).kind).toBe(kind);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
