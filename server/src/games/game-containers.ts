// Game containers (§4.10): a team starts, extends and destroys the container of its instance of a container
// challenge, and admins start test containers from the edit page (container-instances.ts lists all for admins). The engine side and the
// lifetimes live in ContainerService; this decides who may do what and keeps the game's feed.
import { type ContainerInfoModel, renderFlag } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import {
  type ContainerRecord,
  type ContainerService,
  type StartOptions,
  toContainerInfo,
} from '../containers/container-service.ts';
import type { ChallengeEnv } from '../containers/provider.ts';
import { holdRow } from '../db/row-lock.ts';
import type { Database } from '../db/schema.ts';
import { BusyError } from '../errors/busy-error.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import type { ConfigStore } from '../services/config-store.ts';
import { type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import { type Challenge, isContainer } from './challenges.ts';
import { playContext, visibleChallenge } from './context.ts';
import type { DivisionService } from './divisions.ts';
import { hashSalt, teamHash } from './dynamic-flag.ts';
import type { GameFeed } from './feed.ts';
import type { Game } from './game-store.ts';
import type { Participation } from './participation.ts';

/** Per instance, a container may be created or destroyed once every 10 s (§1.7). */
export const CONTAINER_COOLDOWN_MS = 10_000;

/**
 * 429 with the seconds left in `Retry-After`: the SDK waits them out on a retriable call (a player's Destroy then
 * just takes a moment) and tells the rest when to try again.
 */
const coolingDown = (seconds: number) =>
  new BusyError('Please wait a moment before operating the container again', seconds, 429);
const TEST_TEAM_HASH = 'TestTeamHash';
const TEST_FLAG = 'flag{GZCTF_dynamic_flag_test}';
const DEFAULT_MEMORY_MB = 64;
const DEFAULT_CPU = 1;

interface Instance {
  id: number;
  flag: string | null;
  last_container_operation: number | null;
}

interface Played {
  game: Game;
  participation: Participation;
  challenge: Challenge;
  instance: Instance;
}

export class GameContainers {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly containers: ContainerService,
    private readonly config: ConfigStore,
    private readonly divisions: DivisionService,
    private readonly feed: GameFeed,
    private readonly webhooks?: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {}

  /** The context check (★), ViewChallenge and the release, the instance; then: a container challenge with something to run. */
  private async played(userId: string, gameId: number, challengeId: number): Promise<Played> {
    const { game, participation } = await playContext(this.db, gameId, userId, {
      denyAfterEnd: true,
      now: this.now(),
    });
    const challenge = await visibleChallenge(
      this.db,
      this.divisions,
      gameId,
      participation,
      challengeId,
      this.now(),
    );
    const instance = await this.db
      .selectFrom('game_instances')
      .select(['id', 'flag', 'last_container_operation'])
      .where('participation_id', '=', participation.id)
      .where('challenge_id', '=', challenge.id)
      .executeTakeFirst();
    if (!instance) throw new DomainError(404, 'Challenge not found');
    if (!isContainer(challenge.type)) throw new DomainError(400, 'This challenge has no container');
    return { game, participation, challenge, instance };
  }

  /** Whole seconds before the instance may be operated again; 0 when it may now. */
  private cooldownLeft(instance: Instance, now: number): number {
    if (instance.last_container_operation === null) return 0;
    return Math.max(0, Math.ceil((instance.last_container_operation + CONTAINER_COOLDOWN_MS - now) / 1000));
  }

  /** Claims the cooldown slot; false when another request took it since `instance` was read. */
  private async claim(instance: Instance, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('game_instances')
      .set({ last_container_operation: now })
      .where('id', '=', instance.id)
      .where((eb) =>
        instance.last_container_operation === null
          ? eb('last_container_operation', 'is', null)
          : eb('last_container_operation', '=', instance.last_container_operation),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async create(userId: string, gameId: number, challengeId: number): Promise<ContainerInfoModel> {
    const { game, participation, challenge, instance } = await this.played(userId, gameId, challengeId);
    if (!challenge.container_image.trim() || !challenge.expose_port) {
      throw new DomainError(400, 'The challenge has no container image or port');
    }
    const now = this.now();
    const wait = this.cooldownLeft(instance, now);
    if (wait > 0) throw coolingDown(wait);
    const existing = await this.containers.forInstance(instance.id);
    if (existing?.status === 'Running') throw new DomainError(400, 'A container is already running');
    if (existing?.status === 'Pending') {
      throw new DomainError(429, 'Please wait a moment before operating the container again');
    }
    if (existing) await this.containers.stop(existing.id);
    const flag =
      challenge.type === 'DynamicContainer'
        ? await this.dynamicFlag(game, participation, challenge, instance)
        : null;
    const env: ChallengeEnv = {
      GZCTF_TEAM_ID: String(participation.team_id),
      GZCTF_USER_ID: userId,
      GZCTF_CHALLENGE_ID: String(challenge.id),
      GZCTF_GAME_ID: String(game.id),
      ...(flag !== null && { GZCTF_FLAG: flag }),
    };

    // From its reservation on, the new container counts against the team's limit; every way out removes it.
    const reserved = this.containers.reservation({
      instanceId: instance.id,
      challengeId: challenge.id,
      capture: challenge.enable_traffic_capture === 1 && now >= game.start_time && now <= game.end_time,
      image: challenge.container_image.trim(),
    });
    await this.reserve(participation.id, game.container_count_limit, reserved);
    if (!(await this.claim(instance, now))) {
      await this.containers.stop(reserved.id);
      throw coolingDown(CONTAINER_COOLDOWN_MS / 1000);
    }

    const labels = { 'pennon.team': String(participation.team_id) };
    const record = await this.startFor(challenge, env, labels, { reserved });
    await this.event(game.id, 'ContainerStart', challenge, userId, participation.team_id);
    return toContainerInfo(record);
  }

  /**
   * Writes the row of a team's new container unless the team has `limit` already (0: no limit), or makes room by
   * destroying its oldest when the container policy says so: counted and written in one transaction holding the
   * participation, so that containers started at once cannot all fit under the limit.
   */
  private async reserve(participationId: number, limit: number, reserved: ContainerRecord): Promise<void> {
    const { containerPolicy } = await this.config.read();
    const evicted = await this.db.transaction().execute(async (trx) => {
      await holdRow(trx, 'participations', participationId);
      const mine =
        limit > 0
          ? await trx
              .selectFrom('containers')
              .innerJoin('game_instances', 'game_instances.id', 'containers.instance_id')
              .selectAll('containers')
              .where('game_instances.participation_id', '=', participationId)
              .orderBy('containers.started_at')
              .execute()
          : [];
      const over = mine.slice(0, Math.max(0, mine.length - limit + 1));
      if (over.length > 0) {
        if (!containerPolicy.autoDestroyOnLimitReached) {
          throw new DomainError(400, msg`Your team has reached its container limit (${limit})`);
        }
        await trx
          .deleteFrom('containers')
          .where(
            'id',
            'in',
            over.map((row) => row.id),
          )
          .execute();
      }
      await trx.insertInto('containers').values(reserved).execute();
      return over;
    });
    for (const record of evicted) await this.containers.destroyRemoved(record);
  }

  async extend(userId: string, gameId: number, challengeId: number): Promise<ContainerInfoModel> {
    const { instance } = await this.played(userId, gameId, challengeId);
    const record = await this.containers.forInstance(instance.id);
    if (record?.status !== 'Running') throw new DomainError(400, 'No container is running');
    return toContainerInfo(await this.containers.extend(record.id, this.now()));
  }

  async destroy(userId: string, gameId: number, challengeId: number): Promise<void> {
    const { game, participation, challenge, instance } = await this.played(userId, gameId, challengeId);
    const record = await this.containers.forInstance(instance.id);
    if (!record) throw new DomainError(400, 'No container is running');
    const now = this.now();
    const wait = this.cooldownLeft(instance, now);
    if (wait > 0) throw coolingDown(wait);
    if (!(await this.claim(instance, now))) {
      // Another request operated it this instant: its cooldown starts now.
      throw coolingDown(CONTAINER_COOLDOWN_MS / 1000);
    }
    try {
      await this.containers.stop(record.id);
    } catch {
      throw new DomainError(400, 'Failed to destroy the container');
    }
    await this.event(game.id, 'ContainerDestroy', challenge, userId, participation.team_id);
  }

  /** Destroys the containers of every team's instance of a challenge (disabled), and its test container (deleted). */
  async destroyForChallenge(challengeId: number, deleted = false): Promise<void> {
    if (deleted) {
      const test = await this.testContainer(challengeId);
      if (test) await this.containers.stop(test.id);
    }
    const rows = await this.db
      .selectFrom('containers')
      .innerJoin('game_instances', 'game_instances.id', 'containers.instance_id')
      .select('containers.id')
      .where('game_instances.challenge_id', '=', challengeId)
      .execute();
    for (const row of rows) await this.containers.stop(row.id);
  }

  /** The container of an instance for the challenge detail, if one exists. */
  async ofInstance(instanceId: number): Promise<ContainerRecord | undefined> {
    return this.containers.forInstance(instanceId);
  }

  // ---- Test containers (edit page) ----

  private async editable(gameId: number, challengeId: number): Promise<Challenge> {
    const challenge = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('id', '=', challengeId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!challenge) throw new DomainError(404, 'Challenge not found');
    return challenge;
  }

  async testContainer(challengeId: number): Promise<ContainerRecord | undefined> {
    return this.db
      .selectFrom('containers')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('instance_id', 'is', null)
      .executeTakeFirst();
  }

  /** Starts (replacing any previous one) the admin's test container; team label `admin`, the test flag (§4.8). */
  async createTest(userId: string, gameId: number, challengeId: number): Promise<ContainerInfoModel> {
    const challenge = await this.editable(gameId, challengeId);
    if (!isContainer(challenge.type)) throw new DomainError(400, 'This challenge has no container');
    if (!challenge.container_image.trim() || !challenge.expose_port) {
      throw new DomainError(400, 'The challenge has no container image or port');
    }
    const previous = await this.testContainer(challenge.id);
    if (previous) await this.containers.stop(previous.id);
    const flag =
      challenge.type === 'DynamicContainer'
        ? challenge.flag_template?.trim()
          ? renderFlag(challenge.flag_template, { teamHash: TEST_TEAM_HASH })
          : TEST_FLAG
        : null;
    const env: ChallengeEnv = {
      GZCTF_TEAM_ID: 'admin',
      GZCTF_USER_ID: userId,
      GZCTF_CHALLENGE_ID: String(challenge.id),
      GZCTF_GAME_ID: String(gameId),
      ...(flag !== null && { GZCTF_FLAG: flag }),
    };
    return toContainerInfo(await this.startFor(challenge, env, { 'pennon.team': 'admin' }, {}));
  }

  async destroyTest(gameId: number, challengeId: number): Promise<void> {
    const challenge = await this.editable(gameId, challengeId);
    const record = await this.testContainer(challenge.id);
    if (record) await this.containers.stop(record.id);
  }

  // ---- Helpers ----

  private async startFor(
    challenge: Challenge,
    env: ChallengeEnv,
    labels: Record<string, string>,
    options: Pick<StartOptions, 'reserved'>,
  ): Promise<ContainerRecord> {
    try {
      return await this.containers.start({
        spec: {
          image: challenge.container_image.trim(),
          env,
          exposedPort: challenge.expose_port ?? 80,
          memoryMb: challenge.memory_limit ?? DEFAULT_MEMORY_MB,
          cpuCount: challenge.cpu_count ?? DEFAULT_CPU,
          storageMb: challenge.storage_limit ?? 0,
          network: challenge.network_mode ?? 'Open',
          labels: { ...labels, 'pennon.challenge': String(challenge.id) },
        },
        challengeId: challenge.id,
        ...options,
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(400, msg`Failed to create the container: ${(error as Error).message}`);
    }
  }

  /** The team's DynamicContainer flag, generated on first use exactly as the challenge detail does. */
  private async dynamicFlag(
    game: Game,
    participation: Participation,
    challenge: Challenge,
    instance: Instance,
  ): Promise<string> {
    if (instance.flag !== null) return instance.flag;
    const flag = renderFlag(challenge.flag_template, {
      teamHash: teamHash(hashSalt(game.private_key), challenge.id, participation.token),
    });
    await this.db
      .updateTable('game_instances')
      .set({ flag })
      .where('id', '=', instance.id)
      .where('flag', 'is', null)
      .execute();
    const stored = await this.db
      .selectFrom('game_instances')
      .select('flag')
      .where('id', '=', instance.id)
      .executeTakeFirstOrThrow();
    return stored.flag ?? flag;
  }

  private async event(
    gameId: number,
    type: 'ContainerStart' | 'ContainerDestroy',
    challenge: Challenge,
    userId: string,
    teamId: number,
  ): Promise<void> {
    const [user, team] = await Promise.all([
      this.db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst(),
      this.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst(),
    ]);
    await this.feed.addEvent(gameId, {
      type,
      values: [String(challenge.id), challenge.title],
      ...(user && { userName: user.user_name }),
      ...(team && { teamName: team.name }),
    });
    await this.webhooks?.emit(
      webhookEvent(type === 'ContainerStart' ? 'instance.started' : 'instance.destroyed', gameId, {
        team: { id: teamId, name: team?.name ?? '' },
        challenge: { id: challenge.id, title: challenge.title },
      }),
    );
  }
}
