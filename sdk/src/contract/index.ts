// @pennon/sdk/contract: the whole wire contract, for the server and for tests. Two layers, one source of truth:
// - runtime, TypeBox-free: `routes` (method, path, auth, response kind, …), enum value lists and flags
//   (enum-values.ts), configuration defaults, the pure rules both ends apply (rules/: dynamic score, flag
//   templates), and the types (route.ts). This is all the client (`@pennon/sdk`,
//   src/index.ts) loads at runtime; it re-exports everything else here as types only.
// - schemas: `schemas` (per endpoint, keyed as `routes`), the models and enums as TypeBox schemas, and
//   `schemasOf`/`route()` (lookup.ts) that the server's `mount` uses. Importing any of these pulls in TypeBox.
export * from './default-client-config.ts';
export * from './defaults.ts';
export * from './enum-values.ts';
export * from './enums.ts';
export * from './hub-methods.ts';
export * from './lookup.ts';
export * from './models/account.ts';
export * from './models/admin.ts';
export * from './models/assets.ts';
export * from './models/edit.ts';
export * from './models/embed.ts';
export * from './models/game.ts';
export * from './models/info.ts';
export * from './models/registration-fields.ts';
export * from './models/signin.ts';
export * from './models/team.ts';
export * from './models/tokens.ts';
export * from './models/user-sheets.ts';
export * from './models/webhooks.ts';
export * from './route.ts';
export { embed as embedRoutes } from './routes/embed.ts';
export { routes } from './routes/index.ts';
export { PROXY_MAX_MESSAGE_BYTES } from './routes/proxy.ts';
export { registrationFields as registrationFieldsRoutes } from './routes/registration-fields.ts';
export {
  security as securityRoutes,
  signIn as signInRoutes,
  signInAdmin as signInAdminRoutes,
} from './routes/signin.ts';
export { userSheets as userSheetsRoutes } from './routes/user-sheets.ts';
export { webhooks as webhooksRoutes } from './routes/webhooks.ts';
export * from './rules/authored-limits.ts';
export * from './rules/challenge-value.ts';
export * from './rules/flag-template.ts';
export * from './rules/registration-fields.ts';
export * from './rules/release.ts';
export * from './rules/sign-in.ts';
export * from './rules/user-name.ts';
export * from './rules/user-sheet.ts';
export * from './rules/verdict-notices.ts';
export * from './rules/webhooks.ts';
export * from './schema.ts';
export { type ContractKeysMatch, schemas } from './schemas/index.ts';
