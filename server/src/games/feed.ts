// A game's notices and events (§4.11): stored, then pushed live through the bus.
import type { EventType, GameEvent, GameNotice, NoticeType } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';

export interface EventInput {
  type: EventType;
  values: string[];
  userName?: string;
  teamName?: string;
}

export class GameFeed {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LiveBus,
    private readonly now: () => number = Date.now,
  ) {}

  async addNotice(gameId: number, type: NoticeType, values: string[]): Promise<GameNotice> {
    const time = this.now();
    const row = await this.db
      .insertInto('game_notices')
      .values({ game_id: gameId, type, values: JSON.stringify(values), time })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice: GameNotice = { id: row.id, type, values, time };
    this.bus.publish({ hub: 'user', gameId, method: 'ReceivedGameNotice', payload: notice });
    return notice;
  }

  async addEvent(gameId: number, input: EventInput): Promise<GameEvent> {
    const event: GameEvent = {
      type: input.type,
      values: input.values,
      time: this.now(),
      user: input.userName ?? '',
      team: input.teamName ?? '',
    };
    await this.db
      .insertInto('game_events')
      .values({
        game_id: gameId,
        type: event.type,
        values: JSON.stringify(event.values),
        time: event.time,
        user_name: event.user,
        team_name: event.team,
      })
      .execute();
    this.bus.publish({ hub: 'monitor', gameId, method: 'ReceivedGameEvent', payload: event });
    return event;
  }
}
