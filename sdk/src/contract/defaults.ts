// Configuration defaults (client-spec §9, gzctf-api.md §2.10): the schemas' `default`s and the client's
// fallback before the server answers (default-client-config.ts) both come from here.

/**
 * The platform's default title, slogan and description, and the container lifetimes in minutes: what a
 * new platform starts with and what a client shows before the server's config arrives.
 */
export const configDefaults = {
  title: 'Pennon',
  slogan: 'Raise your flag, one challenge at a time',
  description: 'An open-source capture-the-flag platform',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
} as const;
