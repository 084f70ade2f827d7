import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUID_LABEL } from '../../src/containers/provider.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { engineSocket, flagSpec, readAll, requireEngine } from './engine.ts';

const spec = (flag: string) => {
  const { publish: _publish, labels: _labels, ...rest } = flagSpec(flag);
  return rest;
};

beforeAll(requireEngine);

describe.each(databaseKinds())('container bookkeeping on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_CONTAINER_BIND_HOST: '127.0.0.1',
      PENNON_CONTAINER_PUBLIC_HOST: 'ctf.example.com',
    });
    await t.app.ready();
  });
  afterAll(async () => {
    const rows = await t.connection.db.selectFrom('containers').select('id').execute();
    await Promise.all(rows.map((row) => t.app.containers.stop(row.id)));
    await t.close();
  });

  it('starts a published container with the default lifetime and stops it', async () => {
    const flag = `flag{${randomUUID()}}`;
    const started = Date.now();
    const record = await t.app.containers.start({ spec: spec(flag), instanceId: 42 });
    expect(record.is_proxy).toBe(0);
    expect(record.public_ip).toBe('ctf.example.com');
    expect(record.instance_id).toBe(42);
    expect(record.expect_stop_at - record.started_at).toBe(120 * 60_000);
    expect(record.started_at).toBeGreaterThanOrEqual(started);
    expect((await readAll('127.0.0.1', record.public_port ?? 0)).trim()).toBe(flag);
    expect(await t.app.containers.forInstance(42)).toMatchObject({ id: record.id });

    await t.app.containers.stop(record.id);
    expect(await t.app.containers.get(record.id)).toBeUndefined();
    expect(await t.app.containers.provider.inspect(record.runtime_id)).toBe('gone');
  });

  it('extends only inside the renewal window, from the current stop time', async () => {
    const record = await t.app.containers.start({ spec: spec('flag{extend}') });
    await expect(t.app.containers.extend(record.id)).rejects.toMatchObject({ status: 400 });
    const soon = Date.now() + 5 * 60_000;
    await t.connection.db
      .updateTable('containers')
      .set({ expect_stop_at: soon })
      .where('id', '=', record.id)
      .execute();
    const extended = await t.app.containers.extend(record.id);
    expect(extended.expect_stop_at).toBe(soon + 120 * 60_000);
    expect((await t.app.containers.get(record.id))?.expect_stop_at).toBe(soon + 120 * 60_000);
    await expect(t.app.containers.extend(randomUUID())).rejects.toMatchObject({ status: 404 });
    await t.app.containers.stop(record.id);
  });

  it('reaps: destroys expired containers, also in a server started later, and marks lost ones', async () => {
    const [expired, lost, healthy] = await Promise.all([
      t.app.containers.start({ spec: spec('flag{expired}') }),
      t.app.containers.start({ spec: spec('flag{lost}') }),
      t.app.containers.start({ spec: spec('flag{healthy}') }),
    ]);
    await t.connection.db
      .updateTable('containers')
      .set({ expect_stop_at: Date.now() - 1 })
      .where('id', '=', expired.id)
      .execute();
    // Removed behind the platform's back.
    await t.app.containers.provider.destroy(lost.runtime_id);

    // A server started afterwards (as after a restart) reaps once at start.
    const other = await t.reopen();
    await other.ready();
    const result = await other.containers.reap();
    expect(result.destroyed).toContain(expired.id);
    expect(result.lost).toContain(lost.id);
    expect(result.destroyed).not.toContain(healthy.id);
    expect(result.lost).not.toContain(healthy.id);

    expect(await t.app.containers.get(expired.id)).toBeUndefined();
    expect(await t.app.containers.provider.inspect(expired.runtime_id)).toBe('gone');
    expect((await t.app.containers.get(lost.id))?.status).toBe('Lost');
    expect((await t.app.containers.get(healthy.id))?.status).toBe('Running');
    expect(await t.app.containers.provider.inspect(healthy.runtime_id)).toBe('running');

    // The owner destroys a lost container like any other.
    await t.app.containers.stop(lost.id);
    await t.app.containers.stop(healthy.id);
  });

  it('removes a start whose process ended before the engine answered, and ends a start whose row went', async () => {
    // A reservation whose start was abandoned (its process killed): the reaper takes its row once the start is overdue.
    const abandoned = t.app.containers.reservation(
      { image: 'never-started', instanceId: 43 },
      Date.now() - 11 * 60_000,
    );
    await t.connection.db.insertInto('containers').values(abandoned).execute();
    expect((await t.app.containers.reap()).destroyed).toContain(abandoned.id);
    expect(await t.app.containers.get(abandoned.id)).toBeUndefined();
    // Destroyed before the engine answered (here: before it was asked): the start ends with an error and leaves no
    // engine container behind.
    const reserved = t.app.containers.reservation({ image: spec('').image, instanceId: 44 });
    await t.connection.db.insertInto('containers').values(reserved).execute();
    await t.app.containers.stop(reserved.id);
    await expect(t.app.containers.start({ spec: spec('flag{late}'), reserved })).rejects.toMatchObject({
      status: 400,
    });
    const left = await t.app.containers.provider.list({ [GUID_LABEL]: reserved.id });
    expect(left).toEqual([]);
  });
});
