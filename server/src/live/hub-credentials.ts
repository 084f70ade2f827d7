// Revoking a credential revokes the live connections it opened (issue #43). A hub connection opened with a session
// cookie or an API token is checked again whenever the live bus says its user changed (sign-out, password change or
// reset, role, ban, deletion; from any process or the CLI: services/sessions.ts) or that a token was revoked
// (services/api-tokens.ts), and every minute besides, for a message lost while the processes were apart. It stays
// open while its credential speaks for the same user with the same role, and is closed otherwise.
import type { ApiTokenService } from '../services/api-tokens.ts';
import type { Caller, SessionStore } from '../services/sessions.ts';
import type { LiveMessage } from './bus.ts';

/** What a connection was opened with. */
export type Credential = { kind: 'session'; id: string } | { kind: 'token'; id: string };

/** Who holds a connection: the caller its credential spoke for when it was admitted. */
export interface Holder {
  credential: Credential;
  caller: Caller;
}

export interface CredentialSources {
  sessions: Pick<SessionStore, 'current'>;
  apiTokens: Pick<ApiTokenService, 'current'>;
}

export class HubCredentials<C> {
  readonly #held = new Map<C, Holder>();
  readonly #byUser = new Map<string, Set<C>>();
  /** Changes heard so far: a connection admitted before one and held after it is checked at once. */
  #heard = 0;

  constructor(
    private readonly sources: CredentialSources,
    /** Closes a connection whose credential no longer holds. */
    private readonly revoke: (connection: C) => void,
  ) {}

  /** Taken before a credential is checked, and given to `hold` with the connection it admitted. */
  get mark(): number {
    return this.#heard;
  }

  hold(connection: C, holder: Holder, mark: number): void {
    this.#held.set(connection, holder);
    const mine = this.#byUser.get(holder.caller.id) ?? new Set<C>();
    this.#byUser.set(holder.caller.id, mine);
    mine.add(connection);
    // A change heard between the admission and now may be the one that revoked it.
    if (mark !== this.#heard) void this.#check([connection]);
  }

  release(connection: C): void {
    const holder = this.#held.get(connection);
    if (!holder) return;
    this.#held.delete(connection);
    const mine = this.#byUser.get(holder.caller.id);
    mine?.delete(connection);
    if (mine?.size === 0) this.#byUser.delete(holder.caller.id);
  }

  /** Checks the connections a bus message may have revoked. */
  heard(message: LiveMessage): void {
    if (message.hub === 'sessions') {
      this.#heard++;
      void this.#check([...(this.#byUser.get(message.payload) ?? [])]);
    } else if (message.hub === 'tokens') {
      // The message names the token revoked, not those minted from it that went with it.
      this.#heard++;
      void this.#check([...this.#held].filter(([, h]) => h.credential.kind === 'token').map(([c]) => c));
    }
  }

  /** Checks every connection held. */
  sweep(): Promise<void> {
    return this.#check([...this.#held.keys()]);
  }

  async #check(connections: C[]): Promise<void> {
    await Promise.all(
      connections.map(async (connection) => {
        const holder = this.#held.get(connection);
        if (!holder) return;
        const { credential } = holder;
        // A database that does not answer decides nothing: the connection is checked again at the next sweep.
        const now = await (credential.kind === 'session'
          ? this.sources.sessions.current(credential.id)
          : this.sources.apiTokens.current(credential.id)
        ).catch(() => holder.caller);
        if (!this.#held.has(connection)) return;
        if (now?.id !== holder.caller.id || now.role !== holder.caller.role) {
          this.release(connection);
          this.revoke(connection);
        }
      }),
    );
  }
}
