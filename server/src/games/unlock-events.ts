// Monitor events for the challenges a team's solves opened to it (staged release, issue #44), apart from release.ts,
// whose rules the judging cache itself reads.
import { isReleased, releaseEventMarker } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GameFeed } from './feed.ts';
import type { JudgingCache } from './judging-cache.ts';
import { solvedBy } from './release.ts';

/**
 * Tells the monitors which challenges a team's solves opened to it (their last prerequisite solved). After the
 * judge's commit and off its path: a game without prerequisites costs a look into the judging cache per solve.
 */
export class UnlockEvents {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly judging: JudgingCache,
    private readonly feed: GameFeed,
    private readonly now: () => number = Date.now,
  ) {}

  async after(
    solves: { game_id: number; participation_id: number; challenge_id: number; team_name: string }[],
  ): Promise<void> {
    for (const s of solves) {
      const waiting = [...(await this.judging.releaseRules(s.game_id))].filter(([, rule]) =>
        rule.prerequisites.includes(s.challenge_id),
      );
      if (waiting.length === 0) continue;
      const solved = await solvedBy(this.db, s.participation_id);
      const opened = waiting.filter(([, rule]) => isReleased(rule, this.now(), solved)).map(([id]) => id);
      if (opened.length === 0) continue;
      const titles = await this.db
        .selectFrom('challenges')
        .select(['id', 'title'])
        .where('id', 'in', opened)
        .execute();
      for (const c of titles) {
        await this.feed.addEvent(s.game_id, {
          type: 'Normal',
          values: [releaseEventMarker, String(c.id), c.title],
          teamName: s.team_name,
        });
      }
    }
  }
}
