// Brings up what the tests need beyond npm: a Chromium and a Firefox for puppeteer-core, a PostgreSQL server, a Redis
// server and a container engine. On Debian as root, missing packages are installed with apt and throwaway PostgreSQL
// and Redis servers are started; elsewhere this says exactly what is missing and which variable points the tests at an
// existing one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';

const isRoot = process.getuid?.() === 0;
const isDebian = existsSync('/etc/debian_version');
const canInstall = isRoot && isDebian;

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { stdio: 'pipe', encoding: 'utf8', ...options });

let aptUpdated = false;
const aptInstall = (packages) => {
  console.log(`[test-env] installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    run('apt-get', ['update', '-q'], { env });
    aptUpdated = true;
  }
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { env });
};

const chromiumCandidates = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

const findChromium = () => chromiumCandidates.find((file) => existsSync(file));

const ensureChromium = (missing) => {
  if (process.env.PENNON_TEST_CHROMIUM) return;
  let found = findChromium();
  if (!found && canInstall) {
    aptInstall(['chromium', 'fonts-noto-core']);
    found = findChromium();
  }
  if (found) process.env.PENNON_TEST_CHROMIUM = found;
  else
    missing.push(
      'Chromium: install it (Debian: apt-get install chromium) or set PENNON_TEST_CHROMIUM=/path/to/chrome',
    );
};

const firefoxCandidates = ['/usr/lib/firefox-esr/firefox-esr', '/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** Debian's firefox-esr for the extension's Firefox e2e (puppeteer-core over WebDriver BiDi). */
const ensureFirefox = (missing) => {
  if (process.env.PENNON_TEST_FIREFOX) return;
  let found = firefoxCandidates.find((file) => existsSync(file));
  if (!found && canInstall) {
    aptInstall(['firefox-esr']);
    found = firefoxCandidates.find((file) => existsSync(file));
  }
  if (found) process.env.PENNON_TEST_FIREFOX = found;
  else
    missing.push(
      'Firefox: install it (Debian: apt-get install firefox-esr) or set PENNON_TEST_FIREFOX=/path/to/firefox',
    );
};

const pgBinDir = () => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => `${root}/${v}/bin`).find((dir) => existsSync(`${dir}/initdb`));
};

const PG_PORT = Number(process.env.PENNON_TEST_POSTGRES_PORT || 54329);
const PG_DIR = '/tmp/pennon-test-postgres';

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A cluster of our own under /tmp, trust auth on loopback: nothing to configure, nothing shared. */
const startCluster = async (bin) => {
  if (await portOpen(PG_PORT)) return;
  const asPostgres = (args) => run('runuser', ['-u', 'postgres', '--', ...args]);
  if (!existsSync(`${PG_DIR}/PG_VERSION`)) {
    mkdirSync(PG_DIR, { recursive: true });
    run('chown', ['postgres:postgres', PG_DIR]);
    asPostgres([`${bin}/initdb`, '-D', PG_DIR, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  }
  asPostgres([
    `${bin}/pg_ctl`,
    '-D',
    PG_DIR,
    '-l',
    `${PG_DIR}/server.log`,
    '-o',
    `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-w',
    'start',
  ]);
};

const ensurePostgres = async (missing) => {
  if (process.env.PENNON_TEST_POSTGRES_URL) return;
  let bin = pgBinDir();
  if (!bin && canInstall) {
    aptInstall(['postgresql']);
    bin = pgBinDir();
  }
  if (bin && isRoot) {
    await startCluster(bin);
    process.env.PENNON_TEST_POSTGRES_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
    return;
  }
  missing.push(
    'PostgreSQL: set PENNON_TEST_POSTGRES_URL=postgres://user:password@host:port/db (a role that may CREATE DATABASE), ' +
      'or run the tests as root on Debian so a throwaway cluster is installed and started',
  );
};

const REDIS_PORT = Number(process.env.PENNON_TEST_REDIS_PORT || 63799);
const REDIS_SERVER = '/usr/bin/redis-server';

/** A Redis of our own on loopback, in memory only (no snapshots, no log). */
const ensureRedis = async (missing) => {
  if (process.env.PENNON_TEST_REDIS_URL) return;
  if (!existsSync(REDIS_SERVER) && canInstall) aptInstall(['redis-server']);
  if (existsSync(REDIS_SERVER)) {
    if (!(await portOpen(REDIS_PORT))) {
      run(REDIS_SERVER, [
        '--port',
        String(REDIS_PORT),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
        '--logfile',
        '/tmp/pennon-test-redis.log',
      ]);
      for (let tries = 0; tries < 50 && !(await portOpen(REDIS_PORT)); tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.env.PENNON_TEST_REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
    return;
  }
  missing.push(
    'Redis: set PENNON_TEST_REDIS_URL=redis://host:port, or run the tests as root on Debian so redis-server is installed and started',
  );
};

const DOCKER_SOCKET = '/var/run/docker.sock';

const enginePing = (socket) => {
  try {
    run('curl', ['-sf', '--max-time', '2', '--unix-socket', socket, 'http://engine/_ping']);
    return true;
  } catch {
    return false;
  }
};

/** Whether the engine holds the container tests' image (an engine that answers may have lost it to a prune). */
const testImagePresent = (socket) => {
  try {
    run('curl', [
      '-sf',
      '--max-time',
      '5',
      '--unix-socket',
      socket,
      'http://engine/images/localhost/pennon-busybox:latest/json',
    ]);
    return true;
  } catch {
    return false;
  }
};

/** A Docker-API engine for the container tests: the one named, one on the default socket, or podman brought up here. */
const ensureContainerEngine = (missing) => {
  if (process.env.PENNON_TEST_DOCKER_SOCKET) return;
  if ((!enginePing(DOCKER_SOCKET) || !testImagePresent(DOCKER_SOCKET)) && canInstall) {
    console.log('[test-env] bringing up a container engine (scripts/container-engine-up.sh)…');
    run('bash', [new URL('./container-engine-up.sh', import.meta.url).pathname], {
      env: { ...process.env, PENNON_ENGINE_SOCKET: DOCKER_SOCKET },
    });
  }
  if (enginePing(DOCKER_SOCKET)) process.env.PENNON_TEST_DOCKER_SOCKET = DOCKER_SOCKET;
  else
    missing.push(
      'A container engine (Docker API): start Docker or podman and set PENNON_TEST_DOCKER_SOCKET=/path/to/socket ' +
        '(with the image localhost/pennon-busybox:latest, see scripts/container-engine-up.sh), ' +
        'or run the tests as root on Debian so scripts/container-engine-up.sh sets one up',
    );
};

/** tshark reads the traffic captures back in the container tests; without it that one assertion is skipped. */
const ensureTshark = () => {
  if (existsSync('/usr/bin/tshark') || !canInstall) return;
  aptInstall(['tshark']);
};

/** HAProxy balances the server processes of the multi-process test (tests/e2e/multi-process.test.ts). */
const ensureHaproxy = (missing) => {
  if (existsSync('/usr/sbin/haproxy')) return;
  if (canInstall) aptInstall(['haproxy']);
  else missing.push('HAProxy: install it (Debian: apt-get install haproxy) for the multi-process test');
};

/** mmdebstrap builds the image test's Node base from Debian packages where no image registry is reachable. */
const ensureMmdebstrap = () => {
  if (existsSync('/usr/bin/mmdebstrap') || !canInstall) return;
  aptInstall(['mmdebstrap']);
};

/** stress-ng loads every core beside the suite in `npm run test:stress`; returns its path, or undefined. */
export const ensureStressNg = () => {
  const binary = '/usr/bin/stress-ng';
  if (!existsSync(binary) && canInstall) aptInstall(['stress-ng']);
  return existsSync(binary) ? binary : undefined;
};

/** Fills PENNON_TEST_* variables in process.env; returns the list of what could not be provided. */
export const prepareTestEnvironment = async () => {
  const missing = [];
  ensureChromium(missing);
  ensureFirefox(missing);
  await ensurePostgres(missing);
  await ensureRedis(missing);
  ensureContainerEngine(missing);
  ensureTshark();
  ensureHaproxy(missing);
  ensureMmdebstrap();
  return missing;
};
