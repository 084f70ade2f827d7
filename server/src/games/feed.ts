// A game's notices and events (§4.11): stored, then pushed live through the bus.
import type { EventType, GameEvent, GameNotice, NoticeType } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { type Column, column, prepareRows, type RowOf } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveMessage } from '../live/bus.ts';

export interface EventInput {
  type: EventType;
  values: string[];
  userName?: string;
  teamName?: string;
}

/** Messages for the hubs, published only once what they tell of is committed. */
export type NoticeMessage = Extract<LiveMessage, { method: 'ReceivedGameNotice' }>;
export type EventMessage = Extract<LiveMessage, { method: 'ReceivedGameEvent' }>;

const eventColumns = {
  game_id: column.integer,
  type: column.text as Column<EventType>,
  values: column.text,
  time: column.bigint,
  user_name: column.text,
  team_name: column.text,
};
const eventColumnNames = Object.keys(eventColumns) as (keyof typeof eventColumns)[];

export class GameFeed {
  readonly #insertEvents;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LiveBus,
    /** The clock of notices and events: read by a caller that stores them itself. */
    readonly now: () => number = Date.now,
  ) {
    this.#insertEvents = prepareRows(db, eventColumns, (db, rows) =>
      db
        .insertInto('game_events')
        .columns(eventColumnNames)
        .expression(db.selectFrom(rows).select(eventColumnNames)),
    );
  }

  async addNotice(gameId: number, type: NoticeType, values: string[]): Promise<GameNotice> {
    const message = await this.storeNotice(this.db, gameId, type, values);
    this.bus.publish(message);
    return message.payload;
  }

  async addEvent(gameId: number, input: EventInput): Promise<GameEvent> {
    const [message] = (await this.storeEvents(this.db, [{ gameId, ...input }])) as [EventMessage];
    this.bus.publish(message);
    return message.payload;
  }

  /** Stores a notice through `db` (a transaction's, say); answers the message to publish after the commit. */
  async storeNotice(
    db: Kysely<Database>,
    gameId: number,
    type: NoticeType,
    values: string[],
  ): Promise<NoticeMessage> {
    const time = this.now();
    const row = await db
      .insertInto('game_notices')
      .values({ game_id: gameId, type, values: JSON.stringify(values), time })
      .returning('id')
      .executeTakeFirstOrThrow();
    return noticeMessage(gameId, { id: row.id, type, values, time });
  }

  /** Stores events (in one statement) through `db`; answers the messages to publish after the commit. */
  async storeEvents(
    db: Kysely<Database>,
    inputs: (EventInput & { gameId: number })[],
  ): Promise<EventMessage[]> {
    if (inputs.length === 0) return [];
    const messages = this.eventMessages(inputs);
    await this.#insertEvents.run(messages.map(eventRow), db);
    return messages;
  }

  /** The messages of events happening now, for a caller that stores their rows (`eventRow`) itself. */
  eventMessages(inputs: (EventInput & { gameId: number })[]): EventMessage[] {
    const time = this.now();
    return inputs.map(
      (input): EventMessage => ({
        hub: 'monitor',
        gameId: input.gameId,
        method: 'ReceivedGameEvent',
        payload: {
          type: input.type,
          values: input.values,
          time,
          user: input.userName ?? '',
          team: input.teamName ?? '',
        },
      }),
    );
  }
}

/** The message of a stored notice. */
export const noticeMessage = (gameId: number, payload: GameNotice): NoticeMessage => ({
  hub: 'user',
  gameId,
  method: 'ReceivedGameNotice',
  payload,
});

/** The stored row of an event's message. */
export const eventRow = ({ gameId, payload }: EventMessage): RowOf<typeof eventColumns> => ({
  game_id: gameId,
  type: payload.type,
  values: JSON.stringify(payload.values),
  time: payload.time,
  user_name: payload.user,
  team_name: payload.team,
});
