// The configuration a client shows before the server's arrives, from the defaults the schemas declare too.
import { configDefaults } from './defaults.ts';
import type { ClientConfig } from './models/info.ts';

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
