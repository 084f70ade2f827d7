// Versioned migrations, applied in name order at start. Never edit a released one: add the next.
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_config.ts';
import * as m0002 from './0002_users.ts';
import * as m0003 from './0003_teams.ts';
import * as m0004 from './0004_assets_posts.ts';
import * as m0005 from './0005_tokens_logs.ts';
import * as m0006 from './0006_games.ts';
import * as m0007 from './0007_containers.ts';
import * as m0008 from './0008_feed.ts';
import * as m0009 from './0009_submissions.ts';
import * as m0010 from './0010_writeups.ts';
import * as m0011 from './0011_capture.ts';
import * as m0012 from './0012_unjudged_index.ts';
import * as m0013 from './0013_solvers.ts';
import * as m0014 from './0014_solves_by_submission.ts';
import * as m0015 from './0015_token_minter.ts';
import * as m0016 from './0016_file_types.ts';
import * as m0017 from './0017_bus_messages.ts';
import * as m0018 from './0018_sign_in.ts';
import * as m0019 from './0019_team_names.ts';
import * as m0020 from './0020_blood_ranks.ts';
import * as m0021 from './0021_score_adjustments.ts';
import * as m0022 from './0022_hint_costs.ts';
import * as m0023 from './0023_staged_release.ts';
import * as m0024 from './0024_scoreboard_freeze.ts';
import * as m0025 from './0025_user_fields.ts';
import * as m0026 from './0026_webhooks.ts';
import * as m0027 from './0027_hint_release_notices.ts';
import * as m0028 from './0028_team_notices.ts';

export const migrations: Record<string, Migration> = {
  '0001_config': m0001,
  '0002_users': m0002,
  '0003_teams': m0003,
  '0004_assets_posts': m0004,
  '0005_tokens_logs': m0005,
  '0006_games': m0006,
  '0007_containers': m0007,
  '0008_feed': m0008,
  '0009_submissions': m0009,
  '0010_writeups': m0010,
  '0011_capture': m0011,
  '0012_unjudged_index': m0012,
  '0013_solvers': m0013,
  '0014_solves_by_submission': m0014,
  '0015_token_minter': m0015,
  '0016_file_types': m0016,
  '0017_bus_messages': m0017,
  '0018_sign_in': m0018,
  '0019_team_names': m0019,
  '0020_blood_ranks': m0020,
  '0021_score_adjustments': m0021,
  '0022_hint_costs': m0022,
  '0023_staged_release': m0023,
  '0024_scoreboard_freeze': m0024,
  '0025_user_fields': m0025,
  '0026_webhooks': m0026,
  '0027_hint_release_notices': m0027,
  '0028_team_notices': m0028,
};
