// The running-containers series (issue #29, point 5) on a real container engine: what an organiser's dashboard shows
// while a challenge container runs, and after it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { scrape, sumOf } from '../support/metrics.ts';
import { engineSocket, flagSpec, requireEngine } from './engine.ts';

beforeAll(requireEngine);

describe.each(databaseKinds())('running containers metric on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_CONTAINER_BIND_HOST: '127.0.0.1',
      PENNON_METRICS_PORT: '0',
    });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  it('counts a challenge container while it runs', async () => {
    const { publish: _publish, labels: _labels, ...spec } = flagSpec('flag{gauge}');
    expect(sumOf(await scrape(t.app), 'pennon_containers_running')).toBe(0);
    const record = await t.app.containers.start({ spec });
    try {
      expect(sumOf(await scrape(t.app), 'pennon_containers_running')).toBe(1);
    } finally {
      await t.app.containers.stop(record.id);
    }
    expect(sumOf(await scrape(t.app), 'pennon_containers_running')).toBe(0);
  });
});
