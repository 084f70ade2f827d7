// Bookkeeping of challenge containers (§4.10): start with a lifetime from ContainerPolicy, extend inside the
// renewal window, destroy; a reaper removes expired containers and marks those the engine lost.
// The game layer decides who may start what; this only keeps the engine and the `containers` table in step. A
// container's row is written before the engine is asked (`Pending`), so that a team's count includes the containers
// still starting; it turns `Running` once the engine answers, and goes if the engine fails or the start is abandoned.
import { randomUUID } from 'node:crypto';
import type { ContainerInfoModel, ContainerPortMappingType } from '@pennon/sdk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ContainersTable, Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { ConfigStore } from '../services/config-store.ts';
import { type ContainerProvider, type ContainerSpec, GUID_LABEL, MANAGED_LABEL } from './provider.ts';

export type ContainerRecord = Selectable<ContainersTable>;

const MINUTE = 60_000;
/** A start still `Pending` after this long is taken for abandoned (its process ended): the reaper removes its row. */
const START_TIMEOUT_MS = 10 * MINUTE;

export interface StartOptions {
  /** Without `publish`, `labels` and `name`: the service decides those from the port mapping and the GUID. */
  spec: Omit<ContainerSpec, 'publish' | 'labels' | 'name'> & { labels?: Record<string, string> };
  /** The game instance it serves; omitted for an admin test container. */
  instanceId?: number;
  /** The challenge it runs. */
  challengeId?: number;
  /** Record its proxied connections (§4.16); only honoured in PlatformProxy mode. */
  capture?: boolean;
  /** The row `reservation` made for it and the caller wrote (counting it); else one is written here. */
  reserved?: ContainerRecord;
}

export type ReservationOptions = Pick<StartOptions, 'instanceId' | 'challengeId' | 'capture'> & {
  image: string;
};

/** What players (and the edit page) see of a container (§2.10 ContainerInfoModel). */
export const toContainerInfo = (record: ContainerRecord): ContainerInfoModel => ({
  status: record.status === 'Running' ? 'Running' : 'Destroyed',
  startedAt: record.started_at,
  expectStopAt: record.expect_stop_at,
  entry: record.is_proxy
    ? record.id
    : `${record.public_ip ?? record.ip}:${record.public_port ?? record.port}`,
});

export interface ReapResult {
  destroyed: string[];
  lost: string[];
}

export class ContainerService {
  private readonly destroyListeners: Array<(guid: string) => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private reaping: Promise<ReapResult> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ConfigStore,
    readonly provider: ContainerProvider,
    readonly portMapping: ContainerPortMappingType,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Called with the GUID of every container destroyed or lost (the proxy forgets it). */
  onDestroy(listener: (guid: string) => void): void {
    this.destroyListeners.push(listener);
  }

  /** The `Pending` row of a container about to start, for the caller to write where it counts containers. */
  reservation(
    { instanceId, challengeId, capture, image }: ReservationOptions,
    now = Date.now(),
  ): ContainerRecord {
    const isProxy = this.portMapping === 'PlatformProxy';
    return {
      id: randomUUID(),
      runtime_id: '',
      image,
      ip: '',
      port: 0,
      public_ip: null,
      public_port: null,
      started_at: now,
      expect_stop_at: now + START_TIMEOUT_MS,
      status: 'Pending',
      instance_id: instanceId ?? null,
      is_proxy: isProxy ? 1 : 0,
      challenge_id: challengeId ?? null,
      traffic_capture: isProxy && capture ? 1 : 0,
    };
  }

  async start({ spec, reserved, ...options }: StartOptions): Promise<ContainerRecord> {
    const pending = reserved ?? this.reservation({ ...options, image: spec.image });
    if (!reserved) await this.db.insertInto('containers').values(pending).execute();
    const created = await this.provider
      .create({
        ...spec,
        publish: !pending.is_proxy,
        name: `pennon-${pending.id}`,
        labels: {
          ...spec.labels,
          [GUID_LABEL]: pending.id,
          ...(pending.instance_id !== null && { 'pennon.instance': String(pending.instance_id) }),
        },
      })
      .catch(async (error: unknown) => {
        await this.db.deleteFrom('containers').where('id', '=', pending.id).execute();
        throw error;
      });
    const { containerPolicy } = await this.config.read();
    const now = Date.now();
    const running = {
      runtime_id: created.id,
      ip: created.ip,
      port: created.port,
      public_ip: created.publicIp ?? null,
      public_port: created.publicPort ?? null,
      started_at: now,
      expect_stop_at: now + containerPolicy.defaultLifetime * MINUTE,
      status: 'Running' as const,
    };
    try {
      // Destroyed while it started (its row is gone): the engine's container goes too.
      const { numUpdatedRows } = await this.db
        .updateTable('containers')
        .set(running)
        .where('id', '=', pending.id)
        .where('status', '=', 'Pending')
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new DomainError(400, 'The container was destroyed while it started');
    } catch (error) {
      await this.provider.destroy(created.id).catch(() => undefined);
      throw error;
    }
    return { ...pending, ...running };
  }

  async get(guid: string): Promise<ContainerRecord | undefined> {
    return this.db.selectFrom('containers').selectAll().where('id', '=', guid).executeTakeFirst();
  }

  async forInstance(instanceId: number): Promise<ContainerRecord | undefined> {
    return this.db
      .selectFrom('containers')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .executeTakeFirst();
  }

  /** Destroys the container on the engine and forgets it; an unknown GUID is a no-op. */
  async stop(guid: string): Promise<void> {
    const record = await this.get(guid);
    if (!record) return;
    // One still starting has no engine container yet: the start that finds its row gone destroys what it made.
    if (record.runtime_id) await this.provider.destroy(record.runtime_id);
    const { numDeletedRows } = await this.db
      .deleteFrom('containers')
      .where('id', '=', guid)
      .where('runtime_id', '=', record.runtime_id)
      .executeTakeFirst();
    // It started meanwhile: destroy what runs now.
    if (numDeletedRows === 0n) return this.stop(guid);
    this.emitDestroyed(guid);
  }

  /** Destroys on the engine the container of a row the caller deleted (to make room in one decision). */
  async destroyRemoved(record: ContainerRecord): Promise<void> {
    if (record.runtime_id) await this.provider.destroy(record.runtime_id);
    this.emitDestroyed(record.id);
  }

  /**
   * Adds `extensionDuration` to the current `expectStopAt`, allowed only when at most `renewalWindow`
   * minutes remain (§4.10). Returns the updated record.
   */
  async extend(guid: string, now = Date.now()): Promise<ContainerRecord> {
    const record = await this.get(guid);
    if (record?.status !== 'Running') throw new DomainError(404, 'Container does not exist');
    const { containerPolicy } = await this.config.read();
    if (record.expect_stop_at - now > containerPolicy.renewalWindow * MINUTE) {
      throw new DomainError(400, 'The container cannot be extended yet');
    }
    const expectStopAt = record.expect_stop_at + containerPolicy.extensionDuration * MINUTE;
    await this.db
      .updateTable('containers')
      .set({ expect_stop_at: expectStopAt })
      .where('id', '=', guid)
      .execute();
    return { ...record, expect_stop_at: expectStopAt };
  }

  /**
   * Destroys expired containers and marks as `Lost` those the engine no longer runs. Safe to run from several
   * processes at once: destroying twice is a no-op. Never throws; failures are logged and retried next round.
   */
  reap(now = Date.now()): Promise<ReapResult> {
    this.reaping ??= this.reapOnce(now).finally(() => {
      this.reaping = undefined;
    });
    return this.reaping;
  }

  private async reapOnce(now: number): Promise<ReapResult> {
    const result: ReapResult = { destroyed: [], lost: [] };
    try {
      const rows = await this.db.selectFrom('containers').selectAll().execute();
      if (rows.length === 0) return result;
      for (const row of rows.filter((r) => r.expect_stop_at <= now)) {
        try {
          await this.stop(row.id);
          result.destroyed.push(row.id);
        } catch (error) {
          this.log?.warn({ err: error, container: row.id }, 'destroying an expired container failed');
        }
      }
      const live = rows.filter((r) => r.expect_stop_at > now && r.status === 'Running');
      if (live.length === 0) return result;
      const running = new Set(
        (await this.provider.list({ [MANAGED_LABEL]: 'true' }))
          .filter((c) => c.state === 'running')
          .map((c) => c.id),
      );
      for (const row of live) {
        if (running.has(row.runtime_id)) continue;
        // A container created after the listing is not lost: ask about it alone.
        if ((await this.provider.inspect(row.runtime_id)) === 'running') continue;
        await this.db.updateTable('containers').set({ status: 'Lost' }).where('id', '=', row.id).execute();
        result.lost.push(row.id);
        this.emitDestroyed(row.id);
        this.log?.warn({ container: row.id, runtimeId: row.runtime_id }, 'the engine lost a container');
      }
    } catch (error) {
      this.log?.warn({ err: error }, 'container reaper round failed');
    }
    return result;
  }

  /** Reaps now and then every `intervalMs` (default one minute) until `stopReaper`. */
  startReaper(intervalMs = MINUTE): void {
    this.stopReaper();
    void this.reap();
    this.timer = setInterval(() => void this.reap(), intervalMs);
    this.timer.unref();
  }

  async stopReaper(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.reaping;
  }

  private emitDestroyed(guid: string): void {
    for (const listener of this.destroyListeners) listener(guid);
  }
}
