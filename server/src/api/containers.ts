// Containers of §2.6 (a team's container, traffic capture for monitors), §2.2 (admin instances) and §2.5 (test
// containers on the edit page).
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TrafficCapture } from '../containers/capture.ts';
import type { Database } from '../db/schema.ts';
import type { ContainerInstances } from '../games/container-instances.ts';
import type { GameContainers } from '../games/game-containers.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import { avatarUrl } from '../services/users.ts';

export interface ContainersApiOptions {
  db: Kysely<Database>;
  gameContainers: GameContainers;
  instances: ContainerInstances;
  captures: TrafficCapture;
}

const stamp = (time: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${time.getUTCFullYear()}${pad(time.getUTCMonth() + 1)}${pad(time.getUTCDate())}-` +
    `${pad(time.getUTCHours())}.${pad(time.getUTCMinutes())}.${pad(time.getUTCSeconds())}Z`
  );
};

export const containersApi = async (app: FastifyInstance, options: ContainersApiOptions) => {
  const { db, gameContainers, instances, captures } = options;
  const { game, admin, edit } = routes;

  // ---- A team's container (★) ----
  mount(app, game.createContainer, async (request) =>
    gameContainers.create(callerOf(request).id, request.params.id, request.params.challengeId),
  );
  mount(app, game.extendContainer, async (request) =>
    gameContainers.extend(callerOf(request).id, request.params.id, request.params.challengeId),
  );
  mount(app, game.deleteContainer, async (request) => {
    await gameContainers.destroy(callerOf(request).id, request.params.id, request.params.challengeId);
    return undefined;
  });

  // ---- Admin: instances ----
  mount(app, admin.instances, async () => {
    const data = await instances.list();
    return { data, length: data.length, total: data.length };
  });
  mount(app, admin.deleteInstance, async (request) => {
    await instances.destroy(request.params.id);
    await audit(request, 'Information', `Destroyed container ${request.params.id}`);
    return undefined;
  });

  // ---- Edit: test containers ----
  mount(app, edit.createTestContainer, async (request) =>
    gameContainers.createTest(callerOf(request).id, request.params.id, request.params.cId),
  );
  mount(app, edit.deleteTestContainer, async (request) => {
    await gameContainers.destroyTest(request.params.id, request.params.cId);
    return undefined;
  });

  // ---- Traffic capture (monitor) ----
  mount(app, game.captures, async (request) => {
    const challenges = await db
      .selectFrom('challenges')
      .selectAll()
      .where('game_id', '=', request.params.id)
      .where('enable_traffic_capture', '=', 1)
      .orderBy('id')
      .execute();
    return Promise.all(
      challenges.map(async (c) => ({
        id: c.id,
        title: c.title,
        category: c.category,
        type: c.type,
        isEnabled: c.is_enabled === 1,
        count: (await captures.participations(c.id)).length,
      })),
    );
  });
  mount(app, game.captureTeams, async (request) => {
    const { challengeId } = request.params;
    const ids = await captures.participations(challengeId);
    if (ids.length === 0) throw new HttpError(404, 'No traffic was captured for this challenge');
    const rows = await db
      .selectFrom('participations')
      .innerJoin('teams', 'teams.id', 'participations.team_id')
      .leftJoin('divisions', 'divisions.id', 'participations.division_id')
      .select([
        'participations.id as id',
        'teams.id as teamId',
        'teams.name as name',
        'teams.avatar_hash as avatarHash',
        'divisions.name as division',
      ])
      .where('participations.id', 'in', ids)
      .orderBy('participations.id')
      .execute();
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        teamId: row.teamId,
        name: row.name,
        division: row.division,
        avatar: avatarUrl(row.avatarHash),
        count: (await captures.files(challengeId, row.id)).length,
      })),
    );
  });
  mount(app, game.captureFiles, async (request) =>
    captures.files(request.params.challengeId, request.params.partId),
  );
  mount(app, game.downloadCaptures, async (request, reply) => {
    const { challengeId, partId } = request.params;
    const tarball = await captures.tarball(challengeId, partId);
    if (!tarball) throw new HttpError(404, 'No capture files');
    const name = `Capture-${challengeId}-${partId}-${stamp(new Date())}.tar.gz`;
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(tarball);
  });
  mount(app, game.deleteCaptures, async (request) => {
    try {
      await captures.removeAll(request.params.challengeId, request.params.partId);
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
    return undefined;
  });
  mount(app, game.captureFile, async (request, reply) => {
    const { challengeId, partId, filename } = request.params;
    const file = captures.filePath(challengeId, partId, filename);
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info?.isFile()) throw new HttpError(404, 'File not found', 400);
    return reply
      .type('application/octet-stream')
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(createReadStream(file));
  });
  mount(app, game.deleteCaptureFile, async (request) => {
    const { challengeId, partId, filename } = request.params;
    const file = captures.filePath(challengeId, partId, filename);
    if (
      !file ||
      !(await unlink(file).then(
        () => true,
        () => false,
      ))
    ) {
      throw new HttpError(404, 'File not found', 400);
    }
    return undefined;
  });
};
