// Cache-Control for files whose address names their content (a hash in the name): any cache may keep them for good.
export const immutable = 'public, max-age=31536000, immutable';
