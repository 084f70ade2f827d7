// The webhook events of a judged batch's first solves (issue #46), queued in the verdicts' transaction by the judge.
import type { WebhookEventType } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type WebhookEvent, type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import { noticesEnd } from './freeze.ts';
import type { BatchOutcome } from './verdict-records.ts';
import type { Pending } from './verdict-rules.ts';

const bloodEvents: WebhookEventType[] = ['blood.first', 'blood.second', 'blood.third'];

/**
 * The webhook events of a batch's first solves: each a `solve`, and a blood's also its `blood.*`; none once the
 * game's board is frozen, as with blood notices (a chat relaying them would tell of hidden solves), nor while no
 * endpoint is on as `trx` sees it (read here, not from a cache, so an endpoint just added elsewhere counts).
 */
export const solveEvents = async (
  trx: Kysely<Database>,
  webhooks: WebhookQueue,
  rows: Pending[],
  outcome: BatchOutcome,
  time: number,
): Promise<WebhookEvent[]> => {
  const solved = rows.filter((s) => outcome.firsts.has(s.id) && time < noticesEnd(s));
  if (solved.length === 0 || !(await webhooks.anyEnabled(trx))) return [];
  // The submit path reads no team id (the participation stands for the team): read here, for the events only.
  const teams = new Map(
    (
      await trx
        .selectFrom('participations')
        .select(['id', 'team_id'])
        .where(
          'id',
          'in',
          solved.map((s) => s.participation_id),
        )
        .execute()
    ).map((p) => [p.id, p.team_id]),
  );
  return solved.flatMap((s) => {
    const blood = outcome.firsts.get(s.id) ?? 0;
    const data = {
      team: { id: teams.get(s.participation_id) ?? 0, name: s.team_name },
      challenge: { id: s.challenge_id, title: s.title },
      user: s.user_name,
      blood,
    };
    const solve = webhookEvent('solve', s.game_id, data, time);
    const bloodEvent = bloodEvents[blood - 1];
    return bloodEvent ? [solve, webhookEvent(bloodEvent, s.game_id, data, time)] : [solve];
  });
};
