// A scoreboard snapshot (scoreboard.ts keeps them): the rendered board's bytes, serialized and gzipped once for every
// read, its ETag, and its parts parsed on first use. While the game is frozen it holds two boards: the live one and
// `public`, the board as it stood at the freeze, whose ETag is its body's hash so a later solve leaves it as it was.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ChallengeInfo, ScoreboardItem, ScoreboardModel } from '@pennon/sdk/contract';
import type { Rendered } from './scoreboard-render.ts';

export interface Snapshot {
  version: number;
  game: Rendered['game'];
  /** The ScoreboardModel serialized and encoded once, for every read. */
  body: Buffer;
  /** The body gzipped once, off the event loop, before the snapshot is published; undefined if that failed. */
  gzipped: Buffer | undefined;
  etag: string;
  /** The model's `updateTimeUtc`. */
  updateTimeUtc: number;
  /** The whole model, parsed from the body when first asked for (exports and feeds). */
  model(): ScoreboardModel;
  /** A team's line, parsed from its part of the body when first asked for. */
  team(teamId: number): ScoreboardItem | undefined;
  /** Challenge id → its current value, solves and bloods. */
  challenges: Map<number, ChallengeInfo>;
  /** When the board froze, while the game is frozen. */
  frozenAt: number | undefined;
  /** What everyone but admins and monitors sees: while frozen the board as it stood at the freeze, else this one. */
  public: Snapshot;
  /** When it stops being current with nothing changed: the freeze, for a board built before it. */
  expiresAt: number;
}

const gzipAsync = promisify(gzip);

/** The snapshot of a board rendered at `version`: its bytes, compressed copy, ETag, and the public board. */
export const snapshotOf = async (gameId: number, version: number, rendered: Rendered): Promise<Snapshot> => {
  const { game, frozen } = rendered;
  const frozenAt = frozen ? (game.freezeAt as number) : undefined;
  const expiresAt = !frozen && game.freezeAt !== null ? game.freezeAt : Number.POSITIVE_INFINITY;
  const snapshotWith = (board: Board, shown?: Snapshot): Snapshot => {
    const snapshot = { ...board, version, frozenAt, expiresAt } as Snapshot;
    snapshot.public = shown ?? snapshot;
    return snapshot;
  };
  const shown =
    frozen &&
    snapshotWith(
      await boardOf(frozen, game, (body) => {
        const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
        return `W/"${gameId}-f-${hash}"`;
      }),
    );
  // The version and the freeze, not the build's time: every process building at one version agrees on the ETag, so
  // a poller that the load balancer sends to another process still gets its 304.
  const live = await boardOf(
    rendered,
    game,
    () => `W/"${gameId}-${version.toString(16)}${frozen ? `-l${(frozenAt as number).toString(16)}` : ''}"`,
  );
  return snapshotWith(live, shown);
};

type Board = Omit<Snapshot, 'version' | 'frozenAt' | 'expiresAt' | 'public'>;

/** One board of a snapshot: its bytes, compressed copy, ETag and parsed parts. */
const boardOf = async (
  rendered: Omit<Rendered, 'game' | 'frozen'>,
  game: Rendered['game'],
  etagOf: (body: Buffer) => string,
): Promise<Board> => {
  const body = Buffer.from(rendered.body.buffer, rendered.body.byteOffset, rendered.body.byteLength);
  // Compressed before it is published, in the thread pool: a read then costs no more than sending the bytes.
  const gzipped = await gzipAsync(body).catch(() => undefined);
  const spans = new Map<number, [number, number]>();
  for (let k = 0; k < rendered.spans.length; k += 3)
    spans.set(rendered.spans[k] as number, [
      rendered.spans[k + 1] as number,
      rendered.spans[k + 2] as number,
    ]);
  const teams = new Map<number, ScoreboardItem>();
  let model: ScoreboardModel | undefined;
  return {
    game,
    body,
    gzipped,
    etag: etagOf(body),
    updateTimeUtc: rendered.updateTimeUtc,
    model: () => {
      model ??= JSON.parse(body.toString()) as ScoreboardModel;
      return model;
    },
    team: (teamId) => {
      const span = spans.get(teamId);
      if (!span) return undefined;
      let item = teams.get(teamId);
      if (!item) {
        item = JSON.parse(body.toString('utf8', ...span)) as ScoreboardItem;
        teams.set(teamId, item);
      }
      return item;
    },
    challenges: new Map(rendered.challenges.map((c) => [c.id, c])),
  };
};
