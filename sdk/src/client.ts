// The SDK's entry point: one client per platform, its endpoint groups, and the generic request.
import type { RouteDef, RouteResponse } from './contract/route.ts';
import { createInfoApi, type InfoApi } from './groups/info.ts';
import {
  type RequestArgsTuple,
  type Requester,
  Transport,
  type TransportOptions,
} from './transport/transport.ts';

export type ClientOptions = TransportOptions;

export class PennonClient {
  readonly info: InfoApi;
  readonly #transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.#transport = new Transport(options);
    const request: Requester = (route, ...args) => this.#transport.request(route, ...args);
    this.info = createInfoApi(request);
  }

  /** The platform address every route path is appended to (no trailing slash). */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /** Calls any route of the contract; the groups (`client.info`, …) are thin maps over this. */
  request<R extends RouteDef>(route: R, ...args: RequestArgsTuple<R>): Promise<RouteResponse<R>> {
    return this.#transport.request(route, ...args);
  }

  /** Ends every call in flight with a `cancelled` PennonError (e.g. on sign-out). */
  cancelAll(message?: string): void {
    this.#transport.cancelAll(message);
  }
}

export const createClient = (options?: ClientOptions): PennonClient => new PennonClient(options);
