// The real container engine the container tests run on: PENNON_TEST_DOCKER_SOCKET, else /var/run/docker.sock.
// `npm test` brings one up (scripts/container-engine-up.sh) when none answers; these tests never mock it.
import { connect, type Socket } from 'node:net';
import { DockerProvider } from '../../src/containers/docker-provider.ts';
import type { ContainerSpec } from '../../src/containers/provider.ts';

export const engineSocket = process.env.PENNON_TEST_DOCKER_SOCKET || '/var/run/docker.sock';
export const testImage = process.env.PENNON_TEST_CONTAINER_IMAGE || 'localhost/pennon-busybox:latest';

export const testProvider = () => new DockerProvider({ host: engineSocket, publishHost: '127.0.0.1' });

/** Fails with the way out when no engine answers. */
export const requireEngine = async (): Promise<void> => {
  try {
    await testProvider().docker.ping();
  } catch (error) {
    throw new Error(
      `No container engine answers on ${engineSocket} (${(error as Error).message}): run ` +
        'scripts/container-engine-up.sh as root on Debian, or set PENNON_TEST_DOCKER_SOCKET to a Docker-API socket',
    );
  }
};

export const FLAG_PORT = 9999;

/** A busybox container that tells every connection its GZCTF_FLAG. */
export const flagSpec = (flag: string, extra: Partial<ContainerSpec> = {}): ContainerSpec => ({
  image: testImage,
  env: { GZCTF_FLAG: flag, GZCTF_TEAM_ID: '7', GZCTF_CHALLENGE_ID: '3', GZCTF_GAME_ID: '1' },
  exposedPort: FLAG_PORT,
  memoryMb: 64,
  cpuCount: 5,
  processLimit: 64,
  publish: true,
  labels: { 'pennon.test': 'true' },
  command: ['sh', '-c', `while true; do echo "$GZCTF_FLAG" | nc -l -p ${FLAG_PORT}; done`],
  ...extra,
});

/** Connects and reads until the peer closes; retries while the service is still starting. */
export const readAll = async (host: string, port: number, timeoutMs = 10_000): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      const socket: Socket = connect({ host, port });
      socket.setTimeout(2_000, () => socket.destroy());
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', () => resolve(''));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    if (text !== '' || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * An image whose default command serves like a challenge: each connection gets its GZCTF_FLAG, then the first line
 * it sends echoed back as `echo:<line>`. Made once from the test image by a commit (no registry, no build).
 */
export const serviceImage = 'localhost/pennon-flag-service:latest';
export const SERVICE_PORT = 9999;

/** `image`, made once from the test image by a commit of a container running `command`. */
const ensureCommitted = async (image: string, command: string): Promise<string> => {
  const { docker } = testProvider();
  try {
    await docker.getImage(image).inspect();
    return image;
  } catch {
    // Not there yet.
  }
  const container = await docker.createContainer({ Image: testImage, Cmd: ['sh', '-c', command] });
  try {
    const [repo, tag] = image.split(/:(?=[^:]+$)/) as [string, string];
    await container.commit({ repo, tag });
  } finally {
    await container.remove({ force: true });
  }
  return image;
};

export const ensureServiceImage = (): Promise<string> =>
  ensureCommitted(
    serviceImage,
    `while true; do nc -l -p ${SERVICE_PORT} -e sh -c 'echo "$GZCTF_FLAG"; read line; echo "echo:$line"'; done`,
  );

/** An image serving on SERVICE_PORT that accepts every connection and never reads from it: a stuck challenge. */
export const ensureSinkImage = (): Promise<string> =>
  ensureCommitted('localhost/pennon-sink-service:latest', `nc -ll -p ${SERVICE_PORT} -e sleep 86400`);

/** Talks to a service from ensureServiceImage: the flag line, then the echo of `line`. Retries while it starts. */
export const converse = async (
  host: string,
  port: number,
  line: string,
  timeoutMs = 15_000,
): Promise<{ flag: string; echo: string }> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await new Promise<string>((resolve) => {
      let buffer = '';
      let sent = false;
      const socket: Socket = connect({ host, port });
      socket.setTimeout(3_000, () => socket.destroy());
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        if (!sent && buffer.includes('\n')) {
          sent = true;
          socket.write(`${line}\n`);
        }
        if (buffer.includes('echo:') && buffer.endsWith('\n')) socket.end();
      });
      socket.on('error', () => resolve(''));
      socket.on('close', () => resolve(buffer));
    });
    const [flag = '', echo = ''] = text.split('\n');
    if (echo || Date.now() > deadline) return { flag, echo };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
