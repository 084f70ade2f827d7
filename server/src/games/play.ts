// What a playing team sees (§2.6 ★): the challenge list of its division and one challenge with the team's own
// flag context, allocated on first access (§4.8).
import { randomInt } from 'node:crypto';
import {
  ChallengeCategoryValues,
  type ChallengeDetailModel,
  type ChallengeInfo,
  type ChallengesByCategory,
  type GameDetailModel,
  GamePermission,
  isReleased,
  renderFlag,
  type ScoreboardItem,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { toContainerInfo } from '../containers/container-service.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { avatarUrl, isUniqueViolation } from '../services/users.ts';
import type { FileStore } from '../storage/file-store.ts';
import { Attachments } from './attachments.ts';
import type { Challenge } from './challenges.ts';
import { playContext, visibleChallenge } from './context.ts';
import type { DivisionService } from './divisions.ts';
import { teamFileName } from './download-name.ts';
import { hashSalt, teamHash } from './dynamic-flag.ts';
import { flagFormat } from './flag-format.ts';
import { ownLine } from './freeze.ts';
import type { Game } from './game-store.ts';
import { teamHints } from './hints.ts';
import type { Participation } from './participation.ts';
import { may } from './permissions.ts';
import { readReleaseRules, solvedBy } from './release.ts';
import type { Scoreboards } from './scoreboard.ts';
import { noSolveTime } from './scoring.ts';
import { attemptsOf } from './submission-statements.ts';

/** Picking a free flag may collide with another team's pick; this many tries are plenty. */
const allocationTries = 5;

export class PlayService {
  private readonly attachments: Attachments;

  constructor(
    private readonly db: Kysely<Database>,
    files: FileStore,
    private readonly divisions: DivisionService,
    private readonly scoreboards: Scoreboards,
    private readonly now: () => number = Date.now,
  ) {
    this.attachments = new Attachments(db, files);
  }

  async details(userId: string, gameId: number): Promise<GameDetailModel> {
    const { game, participation } = await playContext(this.db, gameId, userId, {
      denyAfterEnd: true,
      now: this.now(),
    });
    const rules = await this.divisions.rules(participation.division_id);
    const release = await readReleaseRules(this.db, gameId);
    const solved = [...release.values()].some((r) => r.prerequisites.length > 0)
      ? await solvedBy(this.db, participation.id)
      : new Set<number>();
    const now = this.now();
    const visible = (
      await this.db
        .selectFrom('challenges')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('is_enabled', '=', 1)
        .orderBy('title')
        .orderBy('id')
        .execute()
    ).filter(
      (c) => may(rules, c.id, GamePermission.ViewChallenge) && isReleased(release.get(c.id), now, solved),
    );
    // A player sees the values and counts as they stood at a freeze, and only its own solves since.
    const snapshot = await this.scoreboards.get(gameId);
    const shown = snapshot?.public;
    const challenges: ChallengesByCategory = {};
    for (const category of ChallengeCategoryValues) {
      const inCategory = visible
        .filter((c) => c.category === category)
        .map((c) => shown?.challenges.get(c.id) ?? toChallengeInfo(c));
      if (inCategory.length > 0) challenges[category] = inCategory;
    }
    return {
      challenges,
      challengeCount: visible.length,
      rank: (snapshot && ownLine(snapshot, participation.team_id)) ?? (await this.rankStub(participation)),
      teamToken: participation.token,
      writeupRequired: game.writeup_required === 1,
      writeupDeadline: game.writeup_deadline,
    };
  }

  async challenge(userId: string, gameId: number, challengeId: number): Promise<ChallengeDetailModel> {
    const { game, participation } = await playContext(this.db, gameId, userId, {
      denyAfterEnd: false,
      now: this.now(),
    });
    const c = await visibleChallenge(this.db, this.divisions, gameId, participation, challengeId, this.now());
    const context = await this.flagContext(game, participation, c);
    const score =
      (await this.scoreboards.get(gameId))?.public.challenges.get(c.id)?.score ?? c.original_score;
    const costedHints = await teamHints(this.db, c.id, participation.id, score, this.now());
    // GZ::CTF's client knows plain strings only: it gets the free titled hints' contents, never a locked one's.
    const freeHints = costedHints.filter((h) => h.cost === 0 && h.unlocked).map((h) => h.content as string);
    return {
      id: c.id,
      title: c.title,
      content: c.content,
      category: c.category,
      hints: [...(JSON.parse(c.hints) as string[]), ...freeHints],
      score,
      type: c.type,
      context,
      limit: c.submission_limit,
      attempts: await attemptsOf(this.db, participation.id, c.id),
      deadline: c.deadline_utc,
      flagFormat: flagFormat(c.type, c.flag_template, await this.flagsOf(c.id)),
      ...(costedHints.length > 0 && { costedHints }),
    };
  }

  private async flagsOf(challengeId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('flags')
      .select('flag')
      .where('challenge_id', '=', challengeId)
      .execute();
    return rows.map((row) => row.flag);
  }

  /** The team's attachment (its own flag's for DynamicAttachment); containers fill in the rest later. */
  private async flagContext(game: Game, participation: Participation, c: Challenge) {
    const instance = await this.db
      .selectFrom('game_instances')
      .selectAll()
      .where('participation_id', '=', participation.id)
      .where('challenge_id', '=', c.id)
      .executeTakeFirst();
    if (!instance) throw new DomainError(404, 'Challenge not found');
    let attachmentId = c.attachment_id;
    let ownFile = false;
    if (c.type === 'DynamicContainer' && instance.flag === null) {
      const flag = renderFlag(c.flag_template, {
        teamHash: teamHash(hashSalt(game.private_key), c.id, participation.token),
      });
      // Only the first access writes: a concurrent one keeps the flag already stored.
      await this.db
        .updateTable('game_instances')
        .set({ flag })
        .where('id', '=', instance.id)
        .where('flag', 'is', null)
        .execute();
    }
    if (c.type === 'DynamicAttachment') {
      const flagId = instance.flag_id ?? (await this.allocateFlag(instance.id, c.id));
      const flag = await this.db
        .selectFrom('flags')
        .select('attachment_id')
        .where('id', '=', flagId)
        .executeTakeFirstOrThrow();
      attachmentId = flag.attachment_id;
      ownFile = true;
    }
    const attachment =
      attachmentId === null ? undefined : (await this.attachments.models([attachmentId])).get(attachmentId);
    let url = attachment?.url ?? null;
    // A team's own file is downloaded under the challenge's file name, so it doesn't tell whose it is.
    if (url && ownFile && attachment?.type === 'Local') {
      const stored = url.slice(url.lastIndexOf('/') + 1);
      url = url.replace(/[^/]*$/, encodeURIComponent(teamFileName(c.file_name, c.title, stored)));
    }
    const container = c.type.endsWith('Container')
      ? await this.db
          .selectFrom('containers')
          .selectAll()
          .where('instance_id', '=', instance.id)
          .where('status', '=', 'Running')
          .executeTakeFirst()
      : undefined;
    return {
      closeTime: container?.expect_stop_at ?? null,
      instanceEntry: container ? toContainerInfo(container).entry : null,
      url,
      fileSize: attachment?.fileSize ?? null,
    };
  }

  /** Hands the instance a random flag no other team holds (the unique index on flag_id settles races). */
  private async allocateFlag(instanceId: number, challengeId: number): Promise<number> {
    for (let attempt = 0; attempt < allocationTries; attempt++) {
      const current = await this.db
        .selectFrom('game_instances')
        .select('flag_id')
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow();
      if (current.flag_id !== null) return current.flag_id;
      const free = await this.db
        .selectFrom('flags')
        .select('id')
        .where('challenge_id', '=', challengeId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('game_instances')
            .select('flag_id')
            .where('flag_id', 'is not', null)
            .$narrowType<{ flag_id: number }>(),
        )
        .execute();
      if (free.length === 0) throw new DomainError(404, 'No attachment is left for your team');
      const chosen = free[randomInt(free.length)] as { id: number };
      try {
        await this.db
          .updateTable('game_instances')
          .set({ flag_id: chosen.id })
          .where('id', '=', instanceId)
          .where('flag_id', 'is', null)
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new DomainError(404, 'No attachment is left for your team');
  }

  /** A team not on the scoreboard yet (accepted since its last rebuild): nothing solved, not ranked. */
  private async rankStub(participation: Participation): Promise<ScoreboardItem> {
    const team = await this.db
      .selectFrom('teams')
      .select(['name', 'bio', 'avatar_hash'])
      .where('id', '=', participation.team_id)
      .executeTakeFirstOrThrow();
    return {
      id: participation.team_id,
      name: team.name,
      bio: team.bio,
      divisionId: participation.division_id,
      avatar: avatarUrl(team.avatar_hash),
      score: 0,
      rank: 0,
      divisionRank: null,
      lastSubmissionTime: noSolveTime,
      solvedChallenges: [],
      solvedCount: 0,
    };
  }
}

const toChallengeInfo = (c: Challenge): ChallengeInfo => ({
  id: c.id,
  title: c.title,
  category: c.category,
  score: c.original_score,
  solved: 0,
  deadline: c.deadline_utc,
  bloods: [],
  disableBloodBonus: c.disable_blood_bonus === 1,
});
