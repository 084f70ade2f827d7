import { createRequire } from 'node:module';

/** The server package's version, shown in the OpenAPI document and logs. */
export const version: string = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version;
