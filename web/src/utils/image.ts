// What the server takes as an image upload (avatars, team avatars, the platform logo).

/** The server's cap on image uploads (3 MiB). */
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** The `accept` list of an image file picker. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');

/** Why a file cannot be uploaded as an image, or null when it can. */
export const imageProblem = (file: File): 'type' | 'size' | null =>
  !ACCEPTED_TYPES.includes(file.type) ? 'type' : file.size > IMAGE_MAX_BYTES ? 'size' : null;
