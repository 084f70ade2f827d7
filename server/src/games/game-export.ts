// A game's export (§2.5): the game, its divisions, challenges, flags and files packed as one .zip (game-package.ts),
// which an import here, on another server of ours or on a GZ::CTF server makes anew (game-transfer.ts).
import { zip } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { version } from '../version.ts';
import type { EditServices } from './edit-services.ts';
import {
  type Manifest,
  type PackageAttachment,
  type PackageChallenge,
  type PackageGame,
  packageFormat,
  permissionsToNames,
  unpackBloodBonus,
} from './game-package.ts';
import { utcStamp } from './writeups.ts';

/** The package of a game, and the name to download it as; 404 when the game does not exist. */
export const exportGame = async (
  db: Kysely<Database>,
  services: EditServices,
  files: FileStore,
  gameId: number,
  now: number,
): Promise<{ fileName: string; body: Buffer }> => {
  const info = await services.games.info(gameId);
  const game = await db
    .selectFrom('games')
    .select('poster_hash')
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const hashes = new Set<string>(game.poster_hash ? [game.poster_hash] : []);
  const attachmentOf = async (id: number | null): Promise<PackageAttachment | null> => {
    if (id === null) return null;
    const row = await db
      .selectFrom('attachments')
      .leftJoin('files', 'files.hash', 'attachments.file_hash')
      .select([
        'attachments.type',
        'attachments.file_hash',
        'attachments.remote_url',
        'files.name',
        'files.size',
      ])
      .where('attachments.id', '=', id)
      .executeTakeFirst();
    if (row?.type === 'Remote' && row.remote_url) {
      // GZ::CTF asks a name of links too: the last part of the path.
      const fileName = row.remote_url.split(/[?#]/)[0]?.split('/').pop() || 'attachment';
      return { type: 'Remote', remoteUrl: row.remote_url, fileName };
    }
    if (row?.type !== 'Local' || !row.file_hash) return null;
    hashes.add(row.file_hash);
    return { type: 'Local', hash: row.file_hash, fileName: row.name ?? 'attachment', fileSize: row.size };
  };
  const iso = (ms: number) => new Date(ms).toISOString();

  const rows = await db
    .selectFrom('challenges')
    .select(['id', 'attachment_id'])
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
  const packed: PackageChallenge[] = [];
  for (const row of rows) {
    const c = await services.challenges.detail(gameId, row.id);
    const flags = await db
      .selectFrom('flags')
      .select(['flag', 'attachment_id'])
      .where('challenge_id', '=', c.id)
      .orderBy('id')
      .execute();
    const costedHints = await db
      .selectFrom('challenge_hints')
      .selectAll()
      .where('challenge_id', '=', c.id)
      .orderBy('id')
      .execute();
    const isContainer = c.type.endsWith('Container');
    packed.push({
      id: c.id,
      title: c.title,
      content: c.content,
      category: c.category,
      type: c.type,
      enabled: c.isEnabled,
      scoring: { original: c.originalScore, minRate: c.minScoreRate, difficulty: c.difficulty },
      limits: { submission: c.submissionLimit, deadline: c.deadlineUtc ? iso(c.deadlineUtc) : null },
      flags: {
        disableBloodBonus: c.disableBloodBonus,
        enableTrafficCapture: c.enableTrafficCapture,
        template: c.flagTemplate,
        static: await Promise.all(
          flags.map(async (f) => ({ value: f.flag, attachment: await attachmentOf(f.attachment_id) })),
        ),
      },
      attachment: await attachmentOf(row.attachment_id),
      hints: c.hints.length > 0 ? c.hints : null,
      ...(costedHints.length > 0 && {
        costedHints: costedHints.map((h) => ({
          title: h.title,
          content: h.content,
          costKind: h.cost_kind,
          cost: h.cost,
          releaseTime: h.release_time === null ? null : iso(h.release_time),
        })),
      }),
      ...(c.releaseAt != null && { releaseAt: iso(c.releaseAt) }),
      ...(c.prerequisites?.length && { prerequisites: c.prerequisites }),
      container: isContainer
        ? {
            image: c.containerImage ?? '',
            memoryLimit: c.memoryLimit ?? 64,
            cpuCount: c.cpuCount ?? 1,
            storageLimit: c.storageLimit ?? 256,
            exposePort: c.exposePort ?? 80,
            fileName: c.fileName,
            networkMode: c.networkMode,
          }
        : null,
      fileName: isContainer ? null : c.fileName,
    });
  }
  const divisions = await services.divisions.list(gameId);
  const packedGame: PackageGame = {
    title: info.title,
    summary: info.summary,
    content: info.content,
    hidden: info.hidden,
    practiceMode: info.practiceMode,
    acceptWithoutReview: info.acceptWithoutReview,
    inviteCode: info.inviteCode,
    teamMemberCountLimit: info.teamMemberCountLimit,
    containerCountLimit: info.containerCountLimit,
    startTime: iso(info.start),
    endTime: iso(info.end),
    writeup:
      info.writeupRequired || info.writeupDeadline !== 0
        ? {
            required: info.writeupRequired,
            deadline: iso(info.writeupDeadline),
            note: info.writeupNote || null,
          }
        : null,
    bloodBonus: unpackBloodBonus(info.bloodBonus),
    posterHash: game.poster_hash,
    divisions: divisions.map((d) => ({
      name: d.name,
      inviteCode: d.inviteCode,
      defaultPermissions: permissionsToNames(d.defaultPermissions),
      challengeConfig: d.challengeConfigs.map((config) => ({
        challengeId: config.challengeId,
        permissions: permissionsToNames(config.permissions),
      })),
    })),
  };

  const entries: Record<string, Uint8Array> = {};
  let totalFileSize = 0;
  for (const hash of hashes) {
    const stream = await files.open(hash);
    if (!stream) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries[`files/${hash}`] = Buffer.concat(chunks);
    totalFileSize += (entries[`files/${hash}`] as Uint8Array).length;
  }
  const manifest: Manifest = {
    ...packageFormat,
    exportedAt: iso(now),
    exporterVersion: `Pennon ${version}`,
    game: { id: gameId, title: info.title },
    statistics: {
      challengeCount: packed.length,
      divisionCount: divisions.length,
      totalFlags: packed.reduce(
        (n, c) => n + (c.flags?.template ? 1 : 0) + (c.flags?.static?.length ?? 0),
        0,
      ),
      totalFiles: Object.keys(entries).length,
      totalFileSize,
    },
  };
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
  entries['manifest.json'] = json(manifest);
  entries['game.json'] = json(packedGame);
  for (const c of packed) entries[`challenges/challenge-${c.id}.json`] = json(c);
  const body = await new Promise<Buffer>((resolve, reject) =>
    zip(entries, { level: 6 }, (error, bytes) => (error ? reject(error) : resolve(Buffer.from(bytes)))),
  );
  const fileName = `${info.title}-export-${utcStamp(now).replaceAll('.', '')}.zip`;
  return { fileName: fileName.replace(/[/\\]/g, '_'), body };
};
