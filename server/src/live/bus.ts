// What the hubs push (§1.9), as one stream of messages: services publish, the hub layer delivers to the
// connections of the right hub and game. In one process this is enough; a transport between processes
// (PostgreSQL LISTEN/NOTIFY) plugs in behind the same interface.
import type {
  AnswerResult,
  GameEvent,
  GameNotice,
  LogMessageModel,
  Submission,
  TeamNotice,
} from '@pennon/sdk/contract';

/** A judged submission: id, game, challenge, submitter, verdict (games/recent-verdicts.ts). */
export type Verdict = [
  id: number,
  gameId: number,
  challengeId: number,
  userId: string | null,
  status: AnswerResult,
];

export type LiveMessage =
  | { hub: 'user'; gameId: number; method: 'ReceivedGameNotice'; payload: GameNotice }
  // Only to the user hub connections of these users (a team's members).
  | { hub: 'user'; gameId: number; method: 'ReceivedTeamNotice'; payload: TeamNotice; users: string[] }
  | { hub: 'monitor'; gameId: number; method: 'ReceivedGameEvent'; payload: GameEvent }
  | { hub: 'monitor'; gameId: number; method: 'ReceivedSubmissions'; payload: Submission }
  | { hub: 'admin'; method: 'ReceivedLog'; payload: LogMessageModel }
  // Between server processes only, no client hub delivers these: verdicts (games/recent-verdicts.ts), edits of
  // what judging compares answers with, by challenge id or game id (games/judging-cache.ts), edits of the
  // platform's configuration (services/config-store.ts), changes to a user's sessions or caller, by user id
  // (services/sessions.ts), revoked or deleted API tokens, by token id (services/api-tokens.ts), and a game's
  // changed or just frozen scoreboard, by game id (live/scoreboard-push.ts).
  | { hub: 'verdicts'; method: 'Judged'; payload: Verdict[] }
  | { hub: 'scoreboards'; method: 'Changed' | 'Frozen'; payload: number }
  | { hub: 'judging'; method: 'FlagsEdited' | 'DivisionsEdited' | 'ReleaseEdited'; payload: number }
  | { hub: 'config'; method: 'ConfigEdited'; payload: null }
  | { hub: 'sessions'; method: 'UserChanged'; payload: string }
  | { hub: 'tokens'; method: 'TokenRevoked'; payload: string };

export type LiveListener = (message: LiveMessage) => void;

export interface LiveBus {
  publish(message: LiveMessage): void;
  /**
   * Resolves once what was published so far has left for the other processes (at once where there are none): the
   * transport took it, so it reaches them before anything this process answers afterwards.
   */
  delivered(): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(listener: LiveListener): () => void;
  /**
   * This process has monitor or admin hub clients: bring those hubs' messages from the other processes too, until
   * the function returned is called. Processes without such clients are not sent them (every flag makes two).
   */
  watch(): () => void;
}

/** Whether a message is only for the monitor or admin hubs' clients, which `watch` asks for. */
export const forWatchers = (message: LiveMessage): boolean =>
  message.hub === 'monitor' || message.hub === 'admin';

/** Delivers within this process; a listener that throws cannot stop the others. */
export class LocalBus implements LiveBus {
  readonly #listeners = new Set<LiveListener>();

  publish(message: LiveMessage): void {
    for (const listener of this.#listeners) {
      try {
        listener(message);
      } catch {
        // a broken subscriber is its own problem; the publisher and the others go on
      }
    }
  }

  delivered(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(listener: LiveListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Everything is delivered here anyway. */
  watch(): () => void {
    return () => {};
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one bus of this server: services publish to it, the hubs deliver from it. */
    bus: LiveBus;
  }
}
