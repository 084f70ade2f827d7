// @pennon/sdk: a typed client for the Pennon (GZ::CTF-compatible) platform API.
export { type ClientOptions, createClient, createRequester, PennonClient } from './client.ts';
// The contract's runtime part only (no TypeBox): routes, enum value lists, flags, defaults and rules. Its schemas
// (models, enums, `schemas`) are re-exported as types; @pennon/sdk/contract has them as values.
export * from './contract/default-client-config.ts';
export * from './contract/defaults.ts';
export * from './contract/enum-values.ts';
export type * from './contract/enums.ts';
export type * from './contract/models/account.ts';
export type * from './contract/models/admin.ts';
export type * from './contract/models/assets.ts';
export type * from './contract/models/edit.ts';
export type * from './contract/models/embed.ts';
export type * from './contract/models/game.ts';
export type * from './contract/models/info.ts';
export type * from './contract/models/registration-fields.ts';
export type * from './contract/models/signin.ts';
export type * from './contract/models/team.ts';
export type * from './contract/models/tokens.ts';
export type * from './contract/models/user-sheets.ts';
export type * from './contract/models/webhooks.ts';
export * from './contract/route.ts';
export { embed as embedRoutes } from './contract/routes/embed.ts';
export { routes } from './contract/routes/index.ts';
export { registrationFields as registrationFieldsRoutes } from './contract/routes/registration-fields.ts';
export {
  security as securityRoutes,
  signIn as signInRoutes,
  signInAdmin as signInAdminRoutes,
} from './contract/routes/signin.ts';
export { userSheets as userSheetsRoutes } from './contract/routes/user-sheets.ts';
export { webhooks as webhooksRoutes } from './contract/routes/webhooks.ts';
export * from './contract/rules/authored-limits.ts';
export * from './contract/rules/challenge-value.ts';
export * from './contract/rules/flag-template.ts';
export * from './contract/rules/registration-fields.ts';
export * from './contract/rules/release.ts';
export * from './contract/rules/sign-in.ts';
export * from './contract/rules/user-name.ts';
export * from './contract/rules/user-sheet.ts';
export * from './contract/rules/verdict-notices.ts';
export * from './contract/rules/webhooks.ts';
export type * from './contract/schema.ts';
export { encryptPayload, importPlatformKey } from './encryption/payload.ts';
export * from './errors/index.ts';
export { type AccountApi, createAccountApi } from './groups/account.ts';
export {
  type AdminApi,
  createAdminApi,
  type LogsQuery,
  type PageQuery,
  type UsersQuery,
} from './groups/admin.ts';
export { type AssetsApi, createAssetsApi } from './groups/assets.ts';
export { createEditApi, type EditApi, type EditGamesQuery } from './groups/edit.ts';
export { createEmbedApi, type EmbedApi } from './groups/embed.ts';
export {
  createGameApi,
  type EventsQuery,
  type GameApi,
  type GamePageQuery,
  type NoticesQuery,
  type SubmissionsQuery,
} from './groups/game.ts';
export { createInfoApi, type InfoApi } from './groups/info.ts';
export { createProxyApi, type ProxyApi, webSocketUrl } from './groups/proxy.ts';
export { createRegistrationFieldsApi, type RegistrationFieldsApi } from './groups/registration-fields.ts';
export {
  createSecurityApi,
  createSignInAdminApi,
  createSignInApi,
  type SecurityApi,
  type SignInAdminApi,
  type SignInApi,
} from './groups/signin.ts';
export { createTeamApi, type TeamApi } from './groups/team.ts';
export { createTokensApi, type TokensApi } from './groups/tokens.ts';
export type { Upload } from './groups/upload.ts';
export { createUserSheetsApi, type UserSheetsApi } from './groups/user-sheets.ts';
export { createWebhooksApi, type WebhooksApi } from './groups/webhooks.ts';
export { fileNameFromContentDisposition } from './transport/content-disposition.ts';
export { defaults as requestDefaults, type RetryPolicy } from './transport/defaults.ts';
export type { PagedCall, PageItem, RouteCall } from './transport/pages.ts';
export type {
  AfterResponseHook,
  BeforeRequestHook,
  BeforeRetryHook,
  CallOptions,
  HookContext,
  HookResult,
  Hooks,
  Language,
  PlainRequester,
  RequestArgs,
  RequestArgsTuple,
  Requester,
  TransportOptions,
} from './transport/transport.ts';
