// Whether the page has the stylesheet of every Mantine component it shows. The web client and the widgets load
// each component's styles with its code (web/vite/mantine-styles.ts), so a component whose styles did not come
// along would render unstyled without failing anything else.
import type { Page } from 'puppeteer-core';

/**
 * The Mantine class names (`m_` and a hash) on the page's elements that no rule of their stylesheets names: the
 * document's, and each shadow root's own (a widget's adopted sheet), since neither reaches into the other.
 */
export const unstyledMantineClasses = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const element of document.querySelectorAll('*'))
      if (element.shadowRoot) roots.push(element.shadowRoot);
    const unstyled = roots.flatMap((root) => {
      const styled = new Set<string>();
      for (const sheet of [...root.styleSheets, ...root.adoptedStyleSheets])
        for (const rule of sheet.cssRules)
          for (const [name] of rule.cssText.matchAll(/\bm_[0-9a-f]+\b/g)) styled.add(name);
      const shown = [...root.querySelectorAll('[class*="m_"]')].flatMap((node) =>
        [...node.classList].filter((name) => /^m_[0-9a-f]+$/.test(name)),
      );
      return shown.filter((name) => !styled.has(name));
    });
    return [...new Set(unstyled)].sort();
  });
