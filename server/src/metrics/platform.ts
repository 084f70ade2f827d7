// The platform's own series: each part reports through the hooks it offers, or is read when scraped.
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema.ts';
import type { Judge } from '../games/judge.ts';
import type { Scoreboards } from '../games/scoreboard.ts';
import type { HubServer } from '../live/hubs.ts';
import type { Metrics } from './metrics.ts';

export interface Observed {
  db: Kysely<Database>;
  /** PostgreSQL's pool; SQLite's one connection has nothing worth a series. */
  pool: pg.Pool | undefined;
  judge: Judge;
  scoreboards: Scoreboards;
  hubs: HubServer;
}

export const observePlatform = (metrics: Metrics, { db, pool, judge, scoreboards, hubs }: Observed): void => {
  metrics.sample('pennon_judge_queue_depth', 'Submissions waiting for their verdict', () => judge.queueDepth);
  judge.onVerdict((verdict) => metrics.verdicts.inc({ verdict }));
  scoreboards.onBuild((seconds) => metrics.scoreboardBuild.observe(seconds));
  metrics.sampleBy('pennon_hub_connections', 'Open live (SignalR) connections, by hub', 'hub', () =>
    hubs.connectionsByHub(),
  );
  // From the database, so every process shows the platform's count; an index-free count of a small table.
  metrics.sample('pennon_containers_running', 'Challenge containers running on the platform', async () => {
    const { n } = await db
      .selectFrom('containers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'Running')
      .executeTakeFirstOrThrow();
    return Number(n);
  });
  if (!pool) return;
  metrics.sampleBy('pennon_db_pool_connections', 'Database pool connections, by state', 'state', () => [
    ['open', pool.totalCount],
    ['idle', pool.idleCount],
  ]);
  metrics.sample(
    'pennon_db_pool_waiting',
    'Queries waiting for a database connection',
    () => pool.waitingCount,
  );
};
