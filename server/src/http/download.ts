// Files sent for saving (exports, archives, assets): the name the browser saves them as, in any script.

/** The Content-Disposition of a download named `fileName` (RFC 6266, UTF-8 encoded). */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
