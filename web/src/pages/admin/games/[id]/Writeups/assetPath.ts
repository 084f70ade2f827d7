/** The hash and file name of an `/assets/{hash}/{name}` URL, or null for any other URL. */
export const assetOf = (url: string): { hash: string; fileName: string } | null => {
  const match = /^\/assets\/([^/]+)\/([^/]+)$/.exec(url);
  return match ? { hash: match[1] as string, fileName: decodeURIComponent(match[2] as string) } : null;
};
