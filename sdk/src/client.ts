// The SDK's entry point: one client per platform, its endpoint groups, and the generic request.

import type { Endpoint } from './contract/route.ts';
import { withPayloadEncryption } from './encryption/requester.ts';
import { type AccountApi, createAccountApi } from './groups/account.ts';
import { type AdminApi, createAdminApi } from './groups/admin.ts';
import { type AssetsApi, createAssetsApi } from './groups/assets.ts';
import { createEditApi, type EditApi } from './groups/edit.ts';
import { createGameApi, type GameApi } from './groups/game.ts';
import { createInfoApi, type InfoApi } from './groups/info.ts';
import { createProxyApi, type ProxyApi } from './groups/proxy.ts';
import { createRegistrationFieldsApi, type RegistrationFieldsApi } from './groups/registration-fields.ts';
import {
  createSecurityApi,
  createSignInAdminApi,
  createSignInApi,
  type SecurityApi,
  type SignInAdminApi,
  type SignInApi,
} from './groups/signin.ts';
import { createTeamApi, type TeamApi } from './groups/team.ts';
import { createTokensApi, type TokensApi } from './groups/tokens.ts';
import { createUserSheetsApi, type UserSheetsApi } from './groups/user-sheets.ts';
import { createWebhooksApi, type WebhooksApi } from './groups/webhooks.ts';
import { type RouteCall, withPages } from './transport/pages.ts';
import {
  type PlainRequester,
  type RequestArgsTuple,
  type Requester,
  Transport,
  type TransportOptions,
} from './transport/transport.ts';

/**
 * What a client is made with: the platform address, language, hooks, retries, timeouts and fetch
 * (see {@link TransportOptions}).
 */
export type ClientOptions = TransportOptions;

/** `request` with paging laid over it: a paged list's call is iterable too. */
const paging =
  (request: PlainRequester): Requester =>
  (route, ...args) =>
    withPages(route, args[0], request(route, ...args), (next) => request(route, ...([next] as never)));

const requesterOf = (transport: Transport): Requester =>
  paging(withPayloadEncryption((route, ...args) => transport.request(route, ...args)));

/**
 * The calls without the client: hand it to the groups a script needs (`createGameApi(request)`, …) and a
 * bundler keeps only those. Passwords and flags are encrypted as the platform asks, as with `createClient`.
 */
export const createRequester = (options?: ClientOptions): Requester => requesterOf(new Transport(options));

/**
 * A client of one platform: every API group as a property (`client.game`, `client.admin`, …), plus
 * `request` for any route. In Node, `createNodeClient` from `@pennon/sdk/node` adds cookies and a token.
 */
export class PennonClient {
  readonly account: AccountApi;
  readonly admin: AdminApi;
  readonly tokens: TokensApi;
  readonly assets: AssetsApi;
  readonly edit: EditApi;
  readonly game: GameApi;
  readonly info: InfoApi;
  /** WebSocket addresses of the container tunnels (no HTTP calls). */
  readonly proxy: ProxyApi;
  readonly team: TeamApi;
  /** Pennon's sign-in: second factors, passkeys, OpenID Connect providers. */
  readonly signIn: SignInApi;
  /** The caller's own ways to sign in. */
  readonly security: SecurityApi;
  /** The sign-in policy and providers (admin). */
  readonly signInAdmin: SignInAdminApi;
  /** Users (and teams) imported from CSV or XLSX sheets, users and teams exported as sheets (admin). */
  readonly userSheets: UserSheetsApi;
  /** The extra account fields registration and the profile ask for; admins define them. */
  readonly registrationFields: RegistrationFieldsApi;
  /** Webhook endpoints, their deliveries, redelivery and test events (admin). */
  readonly webhooks: WebhooksApi;
  readonly #transport: Transport;
  /** `request()`: the transport's calls as they are (no payload encryption), paged. */
  readonly #plain: Requester = paging((route, ...args) => this.#transport.request(route, ...args));

  constructor(options: ClientOptions = {}) {
    this.#transport = new Transport(options);
    const request = requesterOf(this.#transport);
    this.account = createAccountApi(request);
    this.admin = createAdminApi(request);
    this.tokens = createTokensApi(request);
    this.assets = createAssetsApi(request);
    this.edit = createEditApi(request);
    this.game = createGameApi(request);
    this.info = createInfoApi(request);
    this.proxy = createProxyApi(this.#transport.baseUrl);
    this.team = createTeamApi(request);
    this.signIn = createSignInApi(request);
    this.security = createSecurityApi(request);
    this.signInAdmin = createSignInAdminApi(request);
    this.userSheets = createUserSheetsApi(request);
    this.registrationFields = createRegistrationFieldsApi(request);
    this.webhooks = createWebhooksApi(request);
  }

  /** The platform address every route path is appended to (no trailing slash). */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /**
   * Calls any route of the contract; the groups (`client.info`, …) are thin maps over this. A paged list's call
   * is also an async iterable over the whole list.
   */
  request<R extends Endpoint>(route: R, ...args: RequestArgsTuple<R>): RouteCall<R> {
    return this.#plain(route, ...args);
  }

  /** Ends every call in flight with a `cancelled` PennonError (e.g. on sign-out). */
  cancelAll(message?: string): void {
    this.#transport.cancelAll(message);
  }
}

/** A {@link PennonClient}; in a browser the options may be left out (same origin, its cookies). */
export const createClient = (options?: ClientOptions): PennonClient => new PennonClient(options);
