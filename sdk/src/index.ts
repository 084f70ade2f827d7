// @pennon/sdk: a typed client for the Pennon (GZ::CTF-compatible) platform API.
export { type ClientOptions, createClient, PennonClient } from './client.ts';
// The contract's runtime part only (no TypeBox): routes, enum value lists, flags and defaults. Its schemas
// (models, enums, `schemas`) are re-exported as types; @pennon/sdk/contract has them as values.
export * from './contract/defaults.ts';
export * from './contract/enum-values.ts';
export type * from './contract/enums.ts';
export type * from './contract/models/account.ts';
export type * from './contract/models/admin.ts';
export type * from './contract/models/assets.ts';
export type * from './contract/models/edit.ts';
export type * from './contract/models/game.ts';
export type * from './contract/models/info.ts';
export type * from './contract/models/team.ts';
export type * from './contract/models/tokens.ts';
export * from './contract/route.ts';
export { routes } from './contract/routes/index.ts';
export type * from './contract/schema.ts';
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
