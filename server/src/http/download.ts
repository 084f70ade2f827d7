// Files sent for saving (exports, archives, assets): the name the browser saves them as, in any script.
import { create } from 'content-disposition';

/** The Content-Disposition of a download named `fileName` (RFC 6266, with an ASCII fallback name). */
export const attachmentDisposition = (fileName: string): string => create(fileName);
