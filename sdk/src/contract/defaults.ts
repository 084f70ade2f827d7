// Configuration defaults (client-spec §9, gzctf-api.md §2.10): the schemas' `default`s and the client's
// fallback before the server answers both come from here.
import type { ClientConfig } from './models/info.ts';

export const configDefaults = {
  title: 'Pennon',
  slogan: 'Raise your flag, one challenge at a time',
  description: 'An open-source capture-the-flag platform',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
} as const;

/** What a client shows until the server's configuration arrives. */
export const defaultClientConfig: ClientConfig = {
  title: configDefaults.title,
  slogan: configDefaults.slogan,
  footerInfo: null,
  customTheme: null,
  logoUrl: null,
  portMapping: 'Default',
  defaultLifetime: configDefaults.defaultLifetime,
  extensionDuration: configDefaults.extensionDuration,
  renewalWindow: configDefaults.renewalWindow,
};
