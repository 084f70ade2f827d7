// Who may open a hub (§1.9), asked at negotiate and again at the upgrade (clients may skip negotiation, and another
// process may have answered it): where the request comes from, the caller's role, then the game. A browser page of
// another origin never rides the session cookie here (raw-request/cross-site.ts): the embedding sites' widgets open the user
// hub without it, other pages are refused. An admitted caller comes with the credential that spoke for it, so that
// revoking the credential closes the connection (hub-credentials.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { type Role, roleRank } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { GameStore } from '../games/game-store.ts';
import type { Text } from '../i18n/message.ts';
import { crossSiteRefusal, fromElsewhere } from '../raw-request/cross-site.ts';
import { cookieName, sessionCookie } from '../raw-request/session-cookie.ts';
import type { ApiTokenService } from '../services/api-tokens.ts';
import type { SessionStore } from '../services/sessions.ts';
import type { EmbedOrigins } from '../settings.ts';
import type { Holder } from './hub-credentials.ts';

export type HubName = 'user' | 'monitor' | 'admin';

const minimumRole: Record<HubName, Role | null> = { user: null, monitor: 'Monitor', admin: 'Admin' };

/** The parts of a request (negotiate or upgrade) that say who is calling, from where, and for which game. */
export interface Credentials {
  headers: IncomingHttpHeaders;
  /** The platform's origin as this request sees it (raw-request/cross-site.ts). */
  ownOrigin: () => string;
  /** Whether the platform is https for this request (raw-request/session-cookie.ts `overHttps`): the session cookie's name. */
  https: boolean;
  query: URLSearchParams;
  ip: string;
}

/** Admitted (with who holds the connection, null for an anonymous one), or why not. */
export type Verdict =
  | { ok: true; gameId: number | null; holder: Holder | null }
  | { ok: false; status: number; title: Text };

export const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

const bearerOf = (authorization: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

export interface AdmissionOptions {
  db: Kysely<Database>;
  sessions: SessionStore;
  apiTokens: ApiTokenService;
  /** PENNON_EMBED_ORIGINS: sites whose pages may open the user hub, without credentials. */
  embedOrigins?: EmbedOrigins | undefined;
}

export class HubAdmission {
  readonly #games: GameStore;

  constructor(private readonly options: AdmissionOptions) {
    this.#games = new GameStore(options.db);
  }

  /** The API token the request carries, in its header or (from a browser's WebSocket) in the query. */
  #bearer(credentials: Credentials): string | undefined {
    return bearerOf(credentials.headers.authorization) ?? credentials.query.get('access_token') ?? undefined;
  }

  #cookie(credentials: Credentials): string | undefined {
    return cookieValue(credentials.headers.cookie, cookieName(sessionCookie, credentials.https));
  }

  /** Who the request's token or session cookie speaks for; 'refused' for a token presented and refused. */
  async holder(credentials: Credentials, withCookie: boolean): Promise<Holder | null | 'refused'> {
    const bearer = this.#bearer(credentials);
    if (bearer) {
      const check = await this.options.apiTokens.authenticate(bearer);
      if ('failure' in check) return 'refused';
      return { caller: check.caller, credential: { kind: 'token', id: check.token.id } };
    }
    const token = withCookie ? this.#cookie(credentials) : undefined;
    if (!token) return null;
    const session = await this.options.sessions.resolve(token, credentials.ip);
    return session && { caller: session.caller, credential: { kind: 'session', id: session.sessionId } };
  }

  /**
   * Whether the session cookie may speak for the caller: always, unless a page of another origin made the
   * request. An embedding site's page opens the user hub without it; any other page that sends it is refused.
   */
  #cookieUse(hub: HubName, credentials: Credentials): 'use' | 'ignore' | 'refuse' {
    if (!fromElsewhere(credentials.headers, credentials.ownOrigin)) return 'use';
    const { embedOrigins = [] } = this.options;
    const origin = credentials.headers.origin ?? '';
    if (hub === 'user' && (embedOrigins === '*' || embedOrigins.includes(origin))) return 'ignore';
    const riding = this.#cookie(credentials) && !this.#bearer(credentials);
    return riding ? 'refuse' : 'ignore';
  }

  /**
   * Whether this caller may connect to `hub`: where the request comes from, the role, then the game. The user hub
   * takes anyone; a credential it comes with that speaks for nobody leaves it anonymous.
   */
  async admit(hub: HubName, credentials: Credentials): Promise<Verdict> {
    const cookieUse = this.#cookieUse(hub, credentials);
    if (cookieUse === 'refuse') return { ok: false, status: 403, title: crossSiteRefusal };
    const holder = await this.holder(credentials, cookieUse === 'use');
    const role = minimumRole[hub];
    if (role) {
      if (holder === null || holder === 'refused')
        return { ok: false, status: 401, title: 'Sign in to continue' };
      if (roleRank(holder.caller.role) < roleRank(role)) {
        return { ok: false, status: 403, title: 'You are not allowed to do this' };
      }
    }
    const held = holder === 'refused' ? null : holder;
    if (hub === 'admin') return { ok: true, gameId: null, holder: held };
    const game = credentials.query.get('game') ?? '';
    const gameId = /^\d{1,9}$/.test(game) ? Number(game) : Number.NaN;
    if (!Number.isSafeInteger(gameId) || !(await this.#games.byId(gameId))) {
      return { ok: false, status: 404, title: 'Game not found' };
    }
    return { ok: true, gameId, holder: held };
  }
}
