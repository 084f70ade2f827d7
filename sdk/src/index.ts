// @pennon/sdk: a typed client for the Pennon (GZ::CTF-compatible) platform API.
export { type ClientOptions, createClient, PennonClient } from './client.ts';
export * from './contract/index.ts';
export * from './errors/index.ts';
export type { InfoApi } from './groups/info.ts';
export { fileNameFromContentDisposition } from './transport/content-disposition.ts';
export { defaults as requestDefaults, type RetryPolicy } from './transport/defaults.ts';
export type {
  CallOptions,
  Language,
  RequestArgs,
  RequestArgsTuple,
  Requester,
} from './transport/transport.ts';
