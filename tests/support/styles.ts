// Whether the page has the stylesheet of every Mantine component it shows. The web client loads each component's
// styles with its code (web/vite/mantine-styles.ts), so a component whose styles did not come along would render
// unstyled without failing anything else.
import type { Page } from 'puppeteer-core';

/** The Mantine class names (`m_` and a hash) on the page's elements that no rule of its stylesheets names. */
export const unstyledMantineClasses = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const styled = new Set<string>();
    for (const sheet of document.styleSheets)
      for (const rule of sheet.cssRules)
        for (const [name] of rule.cssText.matchAll(/\bm_[0-9a-f]+\b/g)) styled.add(name);
    const shown = new Set(
      [...document.querySelectorAll('[class*="m_"]')].flatMap((node) =>
        [...node.classList].filter((name) => /^m_[0-9a-f]+$/.test(name)),
      ),
    );
    return [...shown].filter((name) => !styled.has(name)).sort();
  });
