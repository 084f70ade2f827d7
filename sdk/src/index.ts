// @pennon/sdk: a typed client for the Pennon (GZ::CTF-compatible) platform API.
export { type ClientOptions, createClient, PennonClient } from './client.ts';
export * from './contract/index.ts';
export * from './errors/index.ts';
export type { AccountApi } from './groups/account.ts';
export type { AdminApi, LogsQuery, PageQuery } from './groups/admin.ts';
export type { AssetsApi } from './groups/assets.ts';
export type { EditApi, EditGamesQuery } from './groups/edit.ts';
export type { EventsQuery, GameApi, GamePageQuery, NoticesQuery, SubmissionsQuery } from './groups/game.ts';
export type { InfoApi } from './groups/info.ts';
export { type ProxyApi, webSocketUrl } from './groups/proxy.ts';
export type { TeamApi } from './groups/team.ts';
export type { TokensApi } from './groups/tokens.ts';
export type { Upload } from './groups/upload.ts';
export { fileNameFromContentDisposition } from './transport/content-disposition.ts';
export { defaults as requestDefaults, type RetryPolicy } from './transport/defaults.ts';
export type {
  CallOptions,
  Language,
  RequestArgs,
  RequestArgsTuple,
  Requester,
} from './transport/transport.ts';
