// Links in organisers' notices, shown on someone else's site: only absolute http(s) addresses, resolved against
// the game's server (a relative link means a page of the platform, not of the host site). DOMPurify already
// removed script URLs; this also drops mailto:, tel:, data: and the like.
import { type RefObject, useEffect } from 'react';

/** The http(s) address a link or image source stands for, or null. */
export const safeUrl = (value: string, server: string): string | null => {
  try {
    const url = new URL(value, `${server}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

const fix = (root: ParentNode, server: string) => {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const href = safeUrl(link.getAttribute('href') ?? '', server);
    if (href === null) link.removeAttribute('href');
    else if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  }
  for (const image of root.querySelectorAll<HTMLImageElement>('img[src]')) {
    const src = safeUrl(image.getAttribute('src') ?? '', server);
    if (src === null) image.remove();
    else if (image.getAttribute('src') !== src) image.setAttribute('src', src);
  }
};

/** Keeps every link and image under `ref` to safe absolute addresses, also in Markdown rendered later. */
export const useSafeLinks = (ref: RefObject<HTMLElement | null>, server: string): void => {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    fix(root, server);
    const observer = new MutationObserver(() => fix(root, server));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['href', 'src'],
    });
    return () => observer.disconnect();
  }, [ref, server]);
};
