// Every team's containers as admins see them (§2.2): listed with their team and challenge, and stopped by id.
import type { ContainerInstanceModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { ContainerService } from '../containers/container-service.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { avatarUrl } from '../services/users.ts';

export class ContainerInstances {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly containers: ContainerService,
  ) {}

  /** Containers bound to a game instance, by start time (§2.2). */
  async list(): Promise<ContainerInstanceModel[]> {
    const rows = await this.db
      .selectFrom('containers')
      .innerJoin('game_instances', 'game_instances.id', 'containers.instance_id')
      .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
      .innerJoin('teams', 'teams.id', 'participations.team_id')
      .innerJoin('challenges', 'challenges.id', 'game_instances.challenge_id')
      .selectAll('containers')
      .select([
        'teams.id as team_id',
        'teams.name as team_name',
        'teams.avatar_hash as team_avatar',
        'challenges.title as challenge_title',
        'challenges.category as challenge_category',
        'game_instances.challenge_id as instance_challenge_id',
      ])
      .where('containers.status', '!=', 'Pending')
      .orderBy('containers.started_at')
      .execute();
    return rows.map((row) => ({
      team: { id: row.team_id, name: row.team_name, avatar: avatarUrl(row.team_avatar) },
      challenge: {
        id: row.instance_challenge_id,
        title: row.challenge_title,
        category: row.challenge_category,
      },
      image: row.image,
      containerGuid: row.id,
      containerId: row.runtime_id,
      startedAt: row.started_at,
      expectStopAt: row.expect_stop_at,
      ip: row.public_ip ?? row.ip,
      port: row.public_port ?? row.port,
    }));
  }

  /** Stops a container by its id, whatever game it is of (§2.2). */
  async destroy(guid: string): Promise<void> {
    const record = await this.containers.get(guid.toLowerCase());
    if (!record) throw new DomainError(404, 'Container not found');
    try {
      await this.containers.stop(record.id);
    } catch {
      throw new DomainError(400, 'Failed to destroy the container');
    }
  }
}
