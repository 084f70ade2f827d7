// The file name of a download, from `Content-Disposition` (RFC 6266, with RFC 8187 `filename*`).

const decodeExtValue = (value: string): string | undefined => {
  // charset'language'percent-encoded-bytes
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1' || charset === 'latin1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // malformed percent-encoding: fall back to the plain `filename`
  }
  return undefined;
};

/** The parameters of the header, names lower-cased, quoted-strings unquoted. */
const parameters = (header: string): Map<string, string> => {
  const found = new Map<string, string>();
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(param)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] === undefined ? (match[3] ?? '').trim() : match[2].replace(/\\(.)/g, '$1');
    if (!found.has(name)) found.set(name, value);
  }
  return found;
};

/**
 * The name the server gave the file (`filename*` first, then `filename`), without any directory part,
 * or undefined.
 */
export const fileNameFromContentDisposition = (header: string | null | undefined): string | undefined => {
  if (!header) return undefined;
  const params = parameters(header);
  const extended = params.get('filename*');
  const name = (extended === undefined ? undefined : decodeExtValue(extended)) ?? params.get('filename');
  return name?.replace(/^.*[\\/]/, '') || undefined;
};

/** The last segment of a URL's path, decoded: the name to use when the server gave none. */
export const fileNameFromUrl = (url: string): string => {
  const path = url.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};
