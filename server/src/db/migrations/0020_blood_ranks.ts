import { type Kysely, sql } from 'kysely';

// Each first solve keeps the blood it took when judged (1–3, null for none), and no two of a challenge's solves hold
// the same one: processes judging a challenge's first solves at once are then told apart by the database, which
// refuses all but the first to commit each blood (the others judge again). The scoreboard hands bloods out in that
// order. Solves recorded before hold the bloods the scoreboard gave them: the first three, in submit order, whose team
// was accepted and allowed to take one, inside the game and before the challenge's deadline.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('solves').addColumn('blood', 'integer').execute();
  await sql`UPDATE solves SET blood = ranked.blood FROM (
    SELECT s.submission_id, row_number() OVER (PARTITION BY s.challenge_id ORDER BY s.time, s.submission_id) AS blood
    FROM solves s
    JOIN participations p ON p.id = s.participation_id
    JOIN challenges c ON c.id = s.challenge_id
    JOIN games g ON g.id = s.game_id
    LEFT JOIN divisions d ON d.id = p.division_id
    LEFT JOIN division_challenges dc ON dc.division_id = p.division_id AND dc.challenge_id = s.challenge_id
    WHERE p.status = 'Accepted' AND coalesce(c.disable_blood_bonus, 0) = 0
      AND s.time >= g.start_time AND s.time < g.end_time
      AND (c.deadline_utc IS NULL OR s.time <= c.deadline_utc)
      AND (p.division_id IS NULL OR (coalesce(dc.permissions, d.default_permissions) & ${sql.lit(2048)}) <> 0)
  ) ranked WHERE solves.submission_id = ranked.submission_id AND ranked.blood <= 3`.execute(db);
  await db.schema
    .createIndex('solves_blood')
    .on('solves')
    .columns(['challenge_id', 'blood'])
    .unique()
    .where(sql.ref('blood'), 'is not', null)
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('solves_blood').execute();
  await db.schema.alterTable('solves').dropColumn('blood').execute();
};
