// Challenges and flags as admins edit them (§2.5, §4.6): defaults of a new challenge, the update rules, attachments,
// and the flag list whose last entry can't go while the challenge is enabled.
import {
  type AttachmentCreateModel,
  type ChallengeCreateInput,
  type ChallengeEditDetailModel,
  type ChallengeInfoModel,
  type ChallengeType,
  type ChallengeUpdateModel,
  type ContainerInfoModel,
  type FlagCreateModel,
  isValidTemplate,
  type TaskStatus,
} from '@pennon/sdk/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { toContainerInfo } from '../containers/container-service.ts';
import type { ChallengesTable, Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { LiveBus } from '../live/bus.ts';
import type { FileStore } from '../storage/file-store.ts';
import { Attachments } from './attachments.ts';
import { ChallengeStaging } from './challenge-staging.ts';
import { placeholderFileName } from './download-name.ts';
import type { GameFeed } from './feed.ts';
import { toMillis } from './game-store.ts';
import { Instances } from './instances.ts';
import { flagsEdited, releaseEdited } from './judging-edits.ts';

export type Challenge = Selectable<ChallengesTable>;

export const isContainer = (type: ChallengeType): boolean => type.endsWith('Container');
export const isDynamic = (type: ChallengeType): boolean => type.startsWith('Dynamic');

/** ⌊minScoreRate · originalScore⌋, the score a challenge tends to. */
const minScoreOf = (c: Challenge) => Math.floor(c.min_score_rate * c.original_score);

const toInfo = (c: Challenge, prerequisites: number[]): ChallengeInfoModel => ({
  id: c.id,
  title: c.title,
  category: c.category,
  type: c.type,
  isEnabled: c.is_enabled === 1,
  // api/games.ts replaces it with the dynamic value from the scoreboard snapshot.
  score: c.original_score,
  minScore: minScoreOf(c),
  originalScore: c.original_score,
  deadlineUtc: c.deadline_utc,
  ...releaseOf(c, prerequisites),
});

/** The staged release fields, only for a challenge that has one: a game without it reads as before. */
const releaseOf = (c: Challenge, prerequisites: number[]) => ({
  ...(c.release_at !== null && { releaseAt: c.release_at }),
  ...(prerequisites.length > 0 && { prerequisites }),
});

const sameSet = (a: string[], b: string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
};

const flag = (value: boolean | null | undefined) => (value == null ? undefined : value ? 1 : 0);

export class ChallengeService {
  private readonly attachments: Attachments;
  private readonly instances: Instances;
  private readonly staging: ChallengeStaging;
  private readonly disableListeners: Array<(challengeId: number, deleted: boolean) => Promise<void>> = [];

  constructor(
    private readonly db: Kysely<Database>,
    files: FileStore,
    /** Where NewChallenge/NewHint notices go (§4.11); without one none are made. */
    private readonly feed?: GameFeed,
    /** Where flag edits are told to every process's judge; without one, each learns within its cache's age. */
    private readonly bus?: LiveBus,
    private readonly now: () => number = Date.now,
  ) {
    this.attachments = new Attachments(db, files);
    this.instances = new Instances(db);
    this.staging = new ChallengeStaging(db, now);
  }

  /** Called when a challenge is disabled or deleted (its containers are destroyed). */
  onDisable(listener: (challengeId: number, deleted: boolean) => Promise<void>): void {
    this.disableListeners.push(listener);
  }

  async #disabled(challengeId: number, deleted = false): Promise<void> {
    for (const listener of this.disableListeners) await listener(challengeId, deleted);
  }

  async create(gameId: number, input: ChallengeCreateInput): Promise<ChallengeEditDetailModel> {
    await this.requireGame(gameId);
    const { id } = await this.db
      .insertInto('challenges')
      .values({
        game_id: gameId,
        title: input.title,
        content: '',
        category: input.category,
        type: input.type,
        hints: '[]',
        flag_template: null,
        is_enabled: 0,
        file_name: placeholderFileName,
        container_image: '',
        memory_limit: 64,
        cpu_count: 1,
        storage_limit: 256,
        expose_port: 80,
        network_mode: 'Open',
        enable_traffic_capture: 0,
        disable_blood_bonus: 0,
        submission_limit: 0,
        original_score: 1000,
        min_score_rate: 0.25,
        difficulty: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.detail(gameId, id);
  }

  async list(gameId: number): Promise<ChallengeInfoModel[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    const graph = await this.staging.graph(gameId);
    return rows.map((c) => toInfo(c, graph.get(c.id) ?? []));
  }

  async detail(gameId: number, id: number): Promise<ChallengeEditDetailModel> {
    const c = await this.get(gameId, id);
    const flags =
      c.type === 'DynamicContainer'
        ? []
        : await this.db
            .selectFrom('flags')
            .selectAll()
            .where('challenge_id', '=', id)
            .orderBy('id')
            .execute();
    const attachments = await this.attachments.models([
      c.attachment_id,
      ...flags.map((f) => f.attachment_id),
    ]);
    const attachmentOf = (attachmentId: number | null) =>
      (attachmentId !== null && attachments.get(attachmentId)) || null;
    return {
      id: c.id,
      title: c.title,
      content: c.content,
      category: c.category,
      type: c.type,
      hints: JSON.parse(c.hints) as string[],
      flagTemplate: c.flag_template,
      isEnabled: c.is_enabled === 1,
      // api/games.ts fills it in from the scoreboard snapshot.
      acceptedCount: 0,
      fileName: c.file_name,
      attachment: attachmentOf(c.attachment_id),
      testContainer: await this.testContainer(id),
      flags: flags.map((f) => ({ id: f.id, flag: f.flag, attachment: attachmentOf(f.attachment_id) })),
      containerImage: c.container_image,
      memoryLimit: c.memory_limit,
      cpuCount: c.cpu_count,
      storageLimit: c.storage_limit,
      exposePort: c.expose_port,
      networkMode: c.network_mode,
      enableTrafficCapture: c.enable_traffic_capture === null ? null : c.enable_traffic_capture === 1,
      disableBloodBonus: c.disable_blood_bonus === null ? null : c.disable_blood_bonus === 1,
      deadlineUtc: c.deadline_utc,
      submissionLimit: c.submission_limit,
      originalScore: c.original_score,
      minScoreRate: c.min_score_rate,
      difficulty: c.difficulty,
      ...releaseOf(c, (await this.staging.graph(gameId)).get(id) ?? []),
    };
  }

  /** Null fields stay unchanged; flags are untouched. Enabling hands the challenge to every accepted team. */
  async update(gameId: number, id: number, model: ChallengeUpdateModel): Promise<ChallengeEditDetailModel> {
    const game = await this.requireGame(gameId);
    const c = await this.get(gameId, id);
    if (model.enableTrafficCapture && !isContainer(c.type)) {
      throw new DomainError(400, 'Traffic capture is only for container challenges');
    }
    const template = model.flagTemplate?.trim()
      ? model.flagTemplate
      : model.flagTemplate == null
        ? undefined
        : null;
    if (template && c.type === 'DynamicContainer' && !isValidTemplate(template)) {
      throw new DomainError(
        400,
        'The flag template is too trivial: add [GUID] or [TEAM_HASH], or more letters',
      );
    }
    if (model.isEnabled && c.type !== 'DynamicContainer' && (await this.flagCount(id)) === 0) {
      throw new DomainError(400, 'A challenge needs at least one flag to be enabled');
    }
    const deadline = model.deadlineUtc == null ? undefined : toMillis(model.deadlineUtc) || null;
    const prerequisites =
      model.prerequisites == null ? undefined : await this.staging.checked(gameId, id, model.prerequisites);
    const release = await this.staging.decide(c, model, prerequisites);
    const patch: Updateable<ChallengesTable> = {
      title: model.title ?? undefined,
      content: model.content ?? undefined,
      flag_template: template,
      category: model.category ?? undefined,
      hints: model.hints ? JSON.stringify(model.hints) : undefined,
      is_enabled: flag(model.isEnabled),
      file_name: model.fileName ?? undefined,
      deadline_utc: deadline,
      submission_limit: model.submissionLimit ?? undefined,
      container_image: model.containerImage?.trim(),
      memory_limit: model.memoryLimit ?? undefined,
      cpu_count: model.cpuCount ?? undefined,
      storage_limit: model.storageLimit ?? undefined,
      expose_port: model.exposePort ?? undefined,
      network_mode: model.networkMode ?? undefined,
      enable_traffic_capture: flag(model.enableTrafficCapture),
      disable_blood_bonus: flag(model.disableBloodBonus),
      original_score: model.originalScore ?? undefined,
      min_score_rate: model.minScoreRate ?? undefined,
      difficulty: model.difficulty ?? undefined,
      release_at: release.releaseAt,
      release_announced: release.announced,
    };
    const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (Object.keys(values).length > 0) {
      await this.db.updateTable('challenges').set(values).where('id', '=', id).execute();
    }
    if (prerequisites) await this.staging.replace(id, prerequisites);
    if (release.changed) this.bus?.publish(releaseEdited(gameId));
    if (model.isEnabled && c.is_enabled === 0) await this.instances.forChallenge(id, gameId);
    if (model.isEnabled === false && c.is_enabled === 1) await this.#disabled(id);
    await this.notify(game, c, model, release.opened, release.open);
    return this.detail(gameId, id);
  }

  /**
   * §4.11: NewChallenge when an update opens it to everyone while the game runs; NewHint when the hints set of an
   * open challenge changed. A challenge still waiting for its time or prerequisites is told of by no notice here.
   */
  private async notify(
    game: { start_time: number; end_time: number },
    c: Challenge,
    model: ChallengeUpdateModel,
    opened: boolean,
    open: boolean,
  ): Promise<void> {
    const now = this.now();
    if (!this.feed || now < game.start_time || now > game.end_time) return;
    const title = model.title ?? c.title;
    // As before staged release: every update enabling an open challenge tells of it.
    if (opened || (model.isEnabled && open)) await this.feed.addNotice(c.game_id, 'NewChallenge', [title]);
    if (open && model.hints && !sameSet(model.hints, JSON.parse(c.hints) as string[])) {
      await this.feed.addNotice(c.game_id, 'NewHint', [title]);
    }
  }

  async delete(gameId: number, id: number): Promise<void> {
    const c = await this.get(gameId, id);
    const flags = await this.db
      .selectFrom('flags')
      .select('attachment_id')
      .where('challenge_id', '=', id)
      .execute();
    await this.#disabled(id, true);
    await this.db.deleteFrom('challenges').where('id', '=', id).execute();
    this.bus?.publish(flagsEdited(id));
    await this.attachments.remove([c.attachment_id, ...flags.map((f) => f.attachment_id)]);
  }

  /** The admin's test container of the challenge (§2.5), as the edit page shows it. */
  private async testContainer(challengeId: number): Promise<ContainerInfoModel | null> {
    const record = await this.db
      .selectFrom('containers')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('instance_id', 'is', null)
      .executeTakeFirst();
    return record ? toContainerInfo(record) : null;
  }

  /** Releases what every challenge of a game about to go holds: containers, captures (listeners), attachments. */
  async releaseGame(gameId: number): Promise<void> {
    const challenges = await this.db
      .selectFrom('challenges')
      .select(['id', 'attachment_id'])
      .where('game_id', '=', gameId)
      .execute();
    if (challenges.length === 0) return;
    for (const c of challenges) await this.#disabled(c.id, true);
    const flags = await this.db
      .selectFrom('flags')
      .select('attachment_id')
      .where(
        'challenge_id',
        'in',
        challenges.map((c) => c.id),
      )
      .execute();
    await this.attachments.remove([...challenges, ...flags].map((row) => row.attachment_id));
  }

  /** DynamicAttachment challenges carry their attachments on their flags instead. */
  async setAttachment(gameId: number, id: number, model: AttachmentCreateModel): Promise<void> {
    const c = await this.get(gameId, id);
    if (c.type === 'DynamicAttachment') {
      throw new DomainError(400, 'A dynamic attachment challenge takes its attachments with its flags');
    }
    const attachmentId = await this.attachments.create(model);
    await this.db
      .updateTable('challenges')
      .set({ attachment_id: attachmentId })
      .where('id', '=', id)
      .execute();
    await this.attachments.remove([c.attachment_id]);
  }

  async addFlags(gameId: number, id: number, flags: FlagCreateModel[]): Promise<void> {
    await this.get(gameId, id);
    for (const model of flags) {
      const attachmentId = await this.attachments.create(model);
      await this.db
        .insertInto('flags')
        .values({ challenge_id: id, flag: model.flag, attachment_id: attachmentId })
        .execute();
    }
    this.bus?.publish(flagsEdited(id));
  }

  async deleteFlag(gameId: number, id: number, flagId: number): Promise<TaskStatus> {
    await this.get(gameId, id);
    const removed = await this.db
      .deleteFrom('flags')
      .where('id', '=', flagId)
      .where('challenge_id', '=', id)
      .returning('attachment_id')
      .executeTakeFirst();
    if (!removed) return 'NotFound';
    this.bus?.publish(flagsEdited(id));
    await this.attachments.remove([removed.attachment_id]);
    if ((await this.flagCount(id)) === 0) {
      await this.db.updateTable('challenges').set({ is_enabled: 0 }).where('id', '=', id).execute();
    }
    return 'Success';
  }

  private async flagCount(challengeId: number): Promise<number> {
    const { total } = await this.db
      .selectFrom('flags')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('challenge_id', '=', challengeId)
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  private async requireGame(gameId: number): Promise<{ start_time: number; end_time: number }> {
    const game = await this.db
      .selectFrom('games')
      .select(['start_time', 'end_time'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) throw new DomainError(404, 'Game not found');
    return game;
  }

  private async get(gameId: number, id: number): Promise<Challenge> {
    const c = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('id', '=', id)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!c) throw new DomainError(404, 'Challenge not found');
    return c;
  }
}
