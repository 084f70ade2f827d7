// What `push` would change on the platform, challenge by challenge (matched by name), and the applying of it.
// `diff` prints the same plan and stops there.
import type { PennonClient } from '@pennon/sdk';
import type {
  Attachment,
  AttachmentCreateModel,
  ChallengeEditDetailModel,
  ChallengeInfoModel,
  ChallengeUpdateModel,
  FlagCreateModel,
  HintEditModel,
} from '@pennon/sdk/contract';
import { type Field, fields, getPath, sameValue } from './fields.ts';
import { InvalidFiles, type LocalAttachment, type LocalChallenge, type LocalFile } from './folder.ts';
import { type HintPlan, plainHints, planHints, titledHints } from './hints.ts';
import { cyclesOf } from './prerequisites.ts';

export interface ChallengePlan {
  local: LocalChallenge;
  remote?: ChallengeEditDetailModel;
  /** The settings to write (isEnabled apart: it goes last, once the flags and files are there). */
  update: ChallengeUpdateModel;
  enable?: boolean;
  addFlags: { flag: string; attachment?: LocalAttachment }[];
  removeFlags: { id: number; flag: string }[];
  /** Set when the challenge's own attachment changes. */
  attachment?: LocalAttachment | null;
  hints: HintPlan;
  /** The prerequisites to set, by name: ids once the push has created the challenges they name. */
  prerequisites?: string[];
  /**
   * The platform's prerequisites the new set keeps, when it drops some: set first, so that no step of the push
   * closes a cycle on the way (the server refuses one).
   */
  keepPrerequisites?: number[];
  /** Lines for people, one per change. */
  changes: string[];
}

export interface Plan {
  challenges: ChallengePlan[];
  /** Challenges of the game no file names: left as they are. */
  untouched: string[];
}

const assetHash = (url: string | null) => /^\/assets\/([0-9a-f]{64})\//.exec(url ?? '')?.[1];

const remoteKey = (a: Attachment | null): string =>
  !a || a.type === 'None' ? 'none' : a.type === 'Remote' ? `url ${a.url}` : `sha256 ${assetHash(a.url)}`;
const localKey = (a: LocalAttachment | null | undefined): string =>
  !a ? 'none' : a.kind === 'url' ? `url ${a.url}` : `sha256 ${a.local.sha256}`;

const describeRemote = (a: Attachment | null): string =>
  !a || a.type === 'None' ? '(none)' : (a.url ?? '(none)');
const describeLocal = (a: LocalAttachment | null | undefined): string =>
  !a
    ? '(none)'
    : a.kind === 'url'
      ? a.url
      : `${a.local.file} (sha256 ${a.local.sha256.slice(0, 12)}…, ${a.local.size} bytes)`;

const shown = (value: unknown): string =>
  typeof value === 'string' && (value.includes('\n') || value.length > 72)
    ? `(${value.length} characters)`
    : JSON.stringify(value);

/** A text's change as the lines that went and came. */
const textChange = (path: string, from: string, to: string): string => {
  const before = from.split('\n');
  const after = to.split('\n');
  const gone = before.filter((line) => !after.includes(line)).map((line) => `      - ${line}`);
  const come = after.filter((line) => !before.includes(line)).map((line) => `      + ${line}`);
  return [`${path}:`, ...gone, ...come].join('\n');
};

const fieldChange = (field: Field, local: unknown, remote: unknown): string => {
  const before = remote == null ? null : (field.fromWire?.(remote) ?? remote);
  if (
    typeof local === 'string' &&
    typeof before === 'string' &&
    (local.includes('\n') || before.includes('\n'))
  )
    return textChange(field.path, before, local);
  return `${field.path}: ${shown(before)} → ${shown(local)}`;
};

const flagKey = (flag: string, attachment: string) => `${flag}\u0000${attachment}`;

const planOne = (
  local: LocalChallenge,
  remote: ChallengeEditDetailModel | undefined,
  remoteHints: HintEditModel[],
): ChallengePlan => {
  const plan: ChallengePlan = {
    local,
    remote,
    update: {},
    addFlags: [],
    removeFlags: [],
    hints: planHints(titledHints(local.spec.hints ?? []), remoteHints),
    changes: [],
  };
  if (!remote) plan.changes.push(`create: ${local.spec.category}, ${local.type}`);
  for (const field of fields) {
    const value = getPath(local.spec, field.path);
    // A new challenge is created with its category.
    if (value === undefined || (!remote && field.key === 'category')) continue;
    const wire = field.toWire ? field.toWire(value) : value;
    const current = remote?.[field.key];
    const cleared = field.none !== undefined && wire === field.none && current == null;
    if (remote && (cleared || sameValue(wire, current))) continue;
    if (field.key === 'isEnabled') plan.enable = wire as boolean;
    else (plan.update as Record<string, unknown>)[field.key] = wire;
    plan.changes.push(remote ? fieldChange(field, value, current) : `${field.path}: ${shown(value)}`);
  }
  if (local.spec.hints) {
    const plain = plainHints(local.spec.hints);
    if (remote ? !sameValue(plain, remote.hints) : plain.length > 0) {
      plan.update.hints = plain;
      plan.changes.push(
        remote ? `hints: ${shown(remote.hints)} → ${shown(plain)}` : `hints: ${shown(plain)}`,
      );
    }
  }
  plan.changes.push(...plan.hints.changes);
  if (
    local.attachment !== undefined &&
    localKey(local.attachment) !== remoteKey(remote?.attachment ?? null)
  ) {
    plan.attachment = local.attachment;
    plan.changes.push(
      `attachment: ${remote ? `${describeRemote(remote.attachment)} → ` : ''}${describeLocal(local.attachment)}`,
    );
  }
  if (local.flags) {
    const wanted = new Map(local.flags.map((f) => [flagKey(f.flag, localKey(f.attachment)), f]));
    const present = new Set<string>();
    for (const flag of remote?.flags ?? []) {
      const key = flagKey(flag.flag, remoteKey(flag.attachment));
      if (wanted.has(key) && !present.has(key)) present.add(key);
      else plan.removeFlags.push({ id: flag.id, flag: flag.flag });
    }
    plan.addFlags = [...wanted].filter(([key]) => !present.has(key)).map(([, f]) => f);
    for (const f of plan.removeFlags) plan.changes.push(`flags: - ${JSON.stringify(f.flag)}`);
    for (const f of plan.addFlags)
      plan.changes.push(
        `flags: + ${JSON.stringify(f.flag)}${f.attachment ? ` with ${describeLocal(f.attachment)}` : ''}`,
      );
  }
  return plan;
};

/** The plan of a folder against a game; a challenge whose type differs from the platform's is a problem. */
export const makePlan = async (
  client: PennonClient,
  gameId: number,
  locals: LocalChallenge[],
): Promise<Plan> => {
  const list = await client.edit.challenges(gameId);
  const byTitle = new Map<string, number[]>();
  for (const c of list) byTitle.set(c.title, [...(byTitle.get(c.title) ?? []), c.id]);
  const problems: string[] = [];
  const challenges: ChallengePlan[] = [];
  for (const local of locals) {
    const ids = byTitle.get(local.spec.name) ?? [];
    if (ids.length > 1) {
      problems.push(`${local.file}: name: the game has ${ids.length} challenges named ${local.spec.name}`);
      continue;
    }
    const remote = ids[0] === undefined ? undefined : await client.edit.challenge(gameId, ids[0]);
    if (remote && remote.type !== local.type) {
      problems.push(
        `${local.file}: type: ${local.type}, but the platform's is ${remote.type} (fixed once created: delete it there to change it)`,
      );
      continue;
    }
    const remoteHints = remote && local.spec.hints ? await client.edit.hints(gameId, remote.id) : [];
    challenges.push(planOne(local, remote, remoteHints));
  }
  if (problems.length === 0) problems.push(...planPrerequisites(list, challenges));
  if (problems.length > 0) throw new InvalidFiles(problems);
  const named = new Set(locals.map((l) => l.spec.name));
  return { challenges, untouched: list.filter((c) => !named.has(c.title)).map((c) => c.title) };
};

/**
 * Resolves each file's prerequisites to the game's challenges (a challenge this push creates too) and plans the ones
 * that change; problems for a name that is no challenge's, and for a cycle with the game's own prerequisites.
 */
const planPrerequisites = (list: ChallengeInfoModel[], challenges: ChallengePlan[]): string[] => {
  const problems: string[] = [];
  const titles = new Map<string, number[]>();
  for (const c of list) titles.set(c.title, [...(titles.get(c.title) ?? []), c.id]);
  // Challenges still to create get ids below zero until they exist.
  const ids = new Map([...titles].flatMap(([title, [id, ...more]]) => (more.length ? [] : [[title, id]])));
  challenges.forEach((c, i) => {
    if (!c.remote) ids.set(c.local.spec.name, -1 - i);
  });
  const name = new Map([...ids].map(([title, id]) => [id, title]));
  const graph = new Map(list.map((c) => [c.id, c.prerequisites ?? []]));
  for (const c of challenges) {
    if (!c.local.prerequisites) continue;
    const wanted: number[] = [];
    for (const title of c.local.prerequisites) {
      const id = ids.get(title);
      if (id !== undefined) wanted.push(id);
      else
        problems.push(
          `${c.local.file}: prerequisites: ${
            titles.has(title)
              ? `the game has ${titles.get(title)?.length} challenges named ${title}`
              : `no challenge named ${title} in the folder or the game`
          }`,
        );
    }
    const id = c.remote?.id ?? (ids.get(c.local.spec.name) as number);
    graph.set(id, wanted);
    const before = c.remote?.prerequisites ?? [];
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    if (sameValue(sorted(wanted), sorted(before))) continue;
    c.prerequisites = c.local.prerequisites;
    const kept = before.filter((p) => wanted.includes(p));
    if (kept.length < before.length) c.keepPrerequisites = kept;
    const names = (values: number[]) => values.map((p) => name.get(p) ?? `#${p}`);
    c.changes.push(
      c.remote
        ? `prerequisites: ${shown(names(before))} → ${shown(names(wanted))}`
        : `prerequisites: ${shown(names(wanted))}`,
    );
  }
  for (const cycle of cyclesOf(graph, (id) => name.get(id) ?? `#${id}`))
    problems.push(`prerequisites: a cycle: ${cycle.text}`);
  return problems;
};

export const pendingChanges = (plan: Plan) => plan.challenges.filter((c) => c.changes.length > 0);

/** The plan as `diff` and `push` print it. */
export const formatPlan = (plan: Plan): string => {
  const lines: string[] = [];
  for (const c of plan.challenges) {
    if (c.changes.length === 0) continue;
    lines.push(`${c.remote ? '~' : '+'} ${c.local.spec.name} (${c.local.file})`);
    for (const change of c.changes) lines.push(`    ${change}`);
  }
  const pending = pendingChanges(plan);
  const created = pending.filter((c) => !c.remote).length;
  const unchanged = plan.challenges.length - pending.length;
  if (plan.untouched.length > 0)
    lines.push(`  not in the folder, left as they are: ${plan.untouched.join(', ')}`);
  lines.push(
    pending.length === 0
      ? `No changes: ${plan.challenges.length} challenge${plan.challenges.length === 1 ? ' matches' : 's match'} the platform.`
      : `Plan: ${created} to create, ${pending.length - created} to update, ${unchanged} unchanged.`,
  );
  return lines.join('\n');
};

/** Uploads each file once (by hash) in a push; the upload's own reference is dropped once attachments hold theirs. */
class Uploads {
  readonly #done = new Map<string, Promise<string>>();
  constructor(
    private readonly client: PennonClient,
    private readonly report: (line: string) => void,
  ) {}

  hash(local: LocalFile): Promise<string> {
    let done = this.#done.get(local.sha256);
    if (!done) {
      done = local.read().then(async (content) => {
        const [stored] = await this.client.assets.upload(new File([content], local.name), {
          filename: local.name,
        });
        if (!stored) throw new Error(`${local.file}: the platform stored nothing`);
        this.report(`uploaded ${local.file} (${local.size} bytes)`);
        return stored.hash;
      });
      this.#done.set(local.sha256, done);
    }
    return done;
  }

  async release(): Promise<void> {
    for (const done of this.#done.values()) {
      const hash = await done.catch(() => undefined);
      if (hash) await this.client.assets.delete(hash);
    }
  }
}

const attachmentModel = async (
  uploads: Uploads,
  a: LocalAttachment | null | undefined,
): Promise<AttachmentCreateModel> =>
  !a
    ? { attachmentType: 'None' }
    : a.kind === 'url'
      ? { attachmentType: 'Remote', remoteUrl: a.url }
      : { attachmentType: 'Local', fileHash: await uploads.hash(a.local) };

/** Applies the plan, challenge by challenge, reporting each as it is done. */
export const applyPlan = async (
  client: PennonClient,
  gameId: number,
  plan: Plan,
  report: (line: string) => void,
): Promise<void> => {
  const uploads = new Uploads(client, report);
  const pending = pendingChanges(plan);
  // Prerequisites name challenges by title; those this push creates are known once created.
  const ids = new Map((await client.edit.challenges(gameId)).map((c) => [c.title, c.id]));
  try {
    for (const c of pending) {
      const { id } =
        c.remote ??
        (await client.edit.createChallenge(gameId, {
          title: c.local.spec.name,
          category: c.local.spec.category,
          type: c.local.type,
        }));
      ids.set(c.local.spec.name, id);
      if (Object.keys(c.update).length > 0) await client.edit.updateChallenge(gameId, id, c.update);
      for (const hint of c.hints.remove) await client.edit.deleteHint(gameId, id, hint.id);
      for (const { id: hintId, input } of c.hints.update)
        await client.edit.updateHint(gameId, id, hintId, input);
      for (const input of c.hints.create) await client.edit.createHint(gameId, id, input);
      for (const flag of c.removeFlags) await client.edit.deleteFlag(gameId, id, flag.id);
      if (c.addFlags.length > 0) {
        const flags: FlagCreateModel[] = [];
        for (const f of c.addFlags)
          flags.push({ flag: f.flag, ...(await attachmentModel(uploads, f.attachment)) });
        await client.edit.addFlags(gameId, id, flags);
      }
      if (c.attachment !== undefined)
        await client.edit.updateAttachment(gameId, id, await attachmentModel(uploads, c.attachment));
    }
    for (const c of pending)
      if (c.keepPrerequisites)
        await client.edit.updateChallenge(gameId, ids.get(c.local.spec.name) as number, {
          prerequisites: c.keepPrerequisites,
        });
    // Last, once every challenge and its prerequisites are there: a challenge opens with all of them in place.
    for (const c of pending) {
      const id = ids.get(c.local.spec.name) as number;
      if (c.prerequisites) {
        const prerequisites = c.prerequisites.map((title) => ids.get(title) as number);
        await client.edit.updateChallenge(gameId, id, { prerequisites });
      }
      if (c.enable !== undefined) await client.edit.updateChallenge(gameId, id, { isEnabled: c.enable });
      report(`${c.remote ? 'updated' : 'created'} ${c.local.spec.name} (#${id})`);
    }
  } finally {
    await uploads.release();
  }
};
