import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render.ts';

/** The rendered HTML, parsed, to ask about elements rather than strings. */
const dom = (source: string) => {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(source);
  return root;
};

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured Markdown', () => {
    const root = dom('# Title\n\n*a* **b**\n\n| x | y |\n|---|---|\n| 1 | 2 |');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('em')?.textContent).toBe('a');
    expect(root.querySelector('td')?.textContent).toBe('1');
  });

  it('strips script elements', () => {
    const root = dom(
      'Hello <script>window.__xss = 1</script>\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toContain('__xss');
    expect(root.textContent).toContain('Hello');
  });

  it('strips event handlers', () => {
    const root = dom(
      '<img src=x onerror="window.__xss=1"> <a href="#" onclick="alert(1)">x</a>\n\n<svg onload="alert(1)"><circle r="1"/></svg>',
    );
    const all = [...root.querySelectorAll('*')];
    expect(root.querySelector('img')).not.toBeNull();
    for (const node of all) {
      expect([...node.attributes].filter((attr) => attr.name.startsWith('on'))).toEqual([]);
    }
    expect(root.innerHTML).not.toMatch(/onerror|onclick|onload/i);
  });

  it('strips javascript: URLs, in Markdown and in HTML', () => {
    const root = dom(
      '[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(1)">raw</a> <a href=" javascript:alert(1)">sp</a> ![i](javascript:alert(1))',
    );
    expect(root.innerHTML.toLowerCase()).not.toContain('javascript:');
    expect(root.textContent).toContain('click');
  });

  it('forbids frames, forms and style sheets', () => {
    const root = dom(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input></form><style>*{}</style>',
    );
    expect(root.querySelector('iframe, form, input, style')).toBeNull();
  });

  it('opens links safely in a new tab', () => {
    const link = dom('[Pennon](https://example.com/)').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('highlights fenced code', () => {
    const root = dom('```python\ndef flag():\n    return "pennon{x}"\n```');
    const code = root.querySelector('pre > code');
    expect(code?.className).toContain('language-python');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(code?.querySelector('.hljs-string')?.textContent).toBe('"pennon{x}"');
    expect(code?.textContent).toBe('def flag():\n    return "pennon{x}"\n');
  });

  it('shows code of an unknown language as escaped plain text', () => {
    const code = dom('```nonsense\n<b>bold</b>\n```').querySelector('pre > code');
    expect(code?.querySelector('b')).toBeNull();
    expect(code?.textContent).toBe('<b>bold</b>\n');
  });

  it('renders inline and display math with KaTeX', () => {
    const root = dom('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$');
    expect(root.querySelectorAll('.katex').length).toBe(2);
    expect(root.querySelector('.katex-display')).not.toBeNull();
    // MathML for screen readers, KaTeX's HTML for the eye.
    expect(root.querySelector('.katex math mi')?.textContent).toBe('e');
    expect(root.querySelector('.katex-display .mfrac')).not.toBeNull();
  });

  it('shows a formula KaTeX cannot parse instead of failing', () => {
    expect(() => renderMarkdown('$\\frac{$')).not.toThrow();
  });
});
