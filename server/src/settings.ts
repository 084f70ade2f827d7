// Process settings, read once from the environment. Each variable and its default is documented in the README.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaptchaProvider, ContainerPortMappingType } from '@pennon/sdk/contract';
import type { SqliteSynchronous } from './db/database.ts';
import type { LogFormat } from './log-output.ts';
import type { ProxyTrust } from './proxy-trust.ts';
import {
  type EmbedOrigins,
  type EnvOidcProvider,
  readAddressList,
  readCaptchaProvider,
  readEmbedOrigins,
  readLimit,
  readLogFormat,
  readMetricsPort,
  readOidc,
  readPort,
  readPortMapping,
  readPowDifficulty,
  readPublicUrl,
  readRedisUrl,
  readSqliteSynchronous,
  readSwitch,
  readTrustProxy,
  SettingsError,
} from './settings-values.ts';

export { type EmbedOrigins, type EnvOidcProvider, SettingsError };

export interface Settings {
  host: string;
  port: number;
  dataDir: string;
  /** `sqlite:<file>` or a `postgres://` URL. */
  databaseUrl: string;
  /** `redis://` or `rediss://`: the live push between server processes goes through Redis instead of the database. */
  redisUrl: string | undefined;
  logLevel: string;
  /** `PENNON_LOG_FORMAT`: `json` or `pretty`; unset: pretty on a terminal, JSON otherwise. */
  logFormat: LogFormat | undefined;
  /** The built web client; served with SPA fallback when it exists. */
  webDir: string;
  /** The built widgets (widgets/dist), served at /widgets/ when they exist. */
  widgetsDir: string;
  /** `PENNON_EMBED_ORIGINS`: the sites whose pages may read the public endpoints (embedded widgets). */
  embedOrigins: EmbedOrigins;
  portMapping: ContainerPortMappingType;
  /** `PENNON_TRUST_PROXY`: the proxies whose X-Forwarded-* headers count (Fastify's `trustProxy`). */
  trustProxy: ProxyTrust;
  /** The password of the `admin` account created on first start; generated and shown once when unset. */
  adminPassword: string | undefined;
  /**
   * `PENNON_PUBLIC_URL`, an origin: where links in mails point. Unset: mails with links are sent only for requests
   * to a loopback host (then linking to it), and refused otherwise.
   */
  publicUrl: string | undefined;
  /** `smtp://user:pass@host:587` (or `smtps://`); unset: mails are written to `{dataDir}/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: CaptchaSettings;
  /** `PENNON_RATE_LIMIT=off` turns the §1.7 limits off. */
  rateLimit: boolean;
  /** `PENNON_SQLITE_SYNCHRONOUS`: `full` syncs every SQLite commit to disk; `normal` (default) at checkpoints. */
  sqliteSynchronous: SqliteSynchronous;
  /** `PENNON_SQLITE_QUICK_CHECK=off` skips SQLite's check of the whole file at start (very large databases). */
  sqliteQuickCheck: boolean;
  /** `PENNON_RATE_LIMIT_EXEMPT`: client addresses the rate limits skip (none by default, loopback included). */
  rateLimitExempt: (address: string) => boolean;
  containers: ContainerSettings;
  hubLimits: HubLimits;
  metrics: MetricsSettings;
  /** `PENNON_OIDC_*`: one OpenID Connect provider set by the environment (more are added in the settings). */
  oidc: EnvOidcProvider | undefined;
  webhooks: {
    /** `PENNON_WEBHOOK_ALLOW_PRIVATE=on`: endpoints may be on private, loopback and link-local addresses. */
    allowPrivate: boolean;
    /** `PENNON_WEBHOOK_TIMEOUT_MS`: how long one delivery may take (default 10 s). */
    timeoutMs: number;
    /** `PENNON_WEBHOOK_WORKER=off`: this process queues deliveries but leaves sending them to others. */
    worker: boolean;
    /**
     * `PENNON_WEBHOOK_KEEP_DAYS` (default 7) and `PENNON_WEBHOOK_KEEP_DELIVERIES` (default 1,000): how long, and
     * how many per endpoint at most, delivered and failed deliveries are kept to show.
     */
    keep: { ms: number; perEndpoint: number };
  };
  /** `PENNON_REQUEST_ID_HEADER`: a request header whose id is taken (set by a trusted proxy); unset: ids are generated. */
  requestIdHeader: string | undefined;
  /** Settings that work but are likely a mistake, for the log at start. */
  warnings: string[];
}

/** Prometheus metrics at `/metrics` on a port of their own. */
export interface MetricsSettings {
  /** `PENNON_METRICS_PORT`; unset: no metrics. */
  port: number | undefined;
  /** `PENNON_METRICS_HOST`: loopback unless said otherwise, so the metrics are never public by default. */
  host: string;
}

/** Open hub connections (`/hub/*` WebSockets) allowed at once. */
export interface HubLimits {
  /** `PENNON_HUB_MAX_PER_ADDRESS`: from one client address. */
  perAddress: number;
  /** `PENNON_HUB_MAX_TOTAL`: on this server process in all. */
  total: number;
}

export interface ContainerSettings {
  /** `PENNON_DOCKER_HOST`: the engine's socket path or `tcp://host:port`. */
  dockerHost: string;
  /** `PENNON_CONTAINER_BIND_HOST`: the host address published ports listen on (port mapping Default). */
  publishHost: string;
  /** `PENNON_CONTAINER_PUBLIC_HOST`: the address players are told for published ports. */
  publicHost: string | undefined;
  /** `PENNON_DOCKER_CUSTOM_NETWORK`: the engine network of challenges whose network mode is Custom. */
  customNetwork: string | undefined;
  /** `PENNON_CONTAINER_STORAGE_LIMITS=on`: apply challenges' storage limits (needs engine support). */
  storageLimits: boolean;
}

export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
  secretKey: string;
  /** Leading zero bits a HashPow answer needs (8–48). */
  powDifficulty: number;
  turnstileVerifyUrl: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether two host names (or addresses) name the same host, as browsers compare them for cookies. */
const sameHost = (a: string, b: string): boolean => {
  const bare = (host: string) =>
    host
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
  return bare(a) === bare(b);
};

export const readSettings = (env: NodeJS.ProcessEnv = process.env): Settings => {
  const dataDir = path.resolve(env.PENNON_DATA_DIR || './data');
  const warnings: string[] = [];
  const publicUrl = readPublicUrl(env.PENNON_PUBLIC_URL);
  const smtpUrl = env.PENNON_SMTP_URL || undefined;
  const rateLimitExempt = readAddressList('PENNON_RATE_LIMIT_EXEMPT', env.PENNON_RATE_LIMIT_EXEMPT ?? '');
  const portMapping = readPortMapping(env.PENNON_PORT_MAPPING);
  const containerHost = env.PENNON_CONTAINER_PUBLIC_HOST || undefined;
  if (
    portMapping === 'Default' &&
    publicUrl &&
    containerHost &&
    sameHost(containerHost, new URL(publicUrl).hostname)
  ) {
    warnings.push(
      `PENNON_CONTAINER_PUBLIC_HOST is the platform's own host name (${containerHost}): whatever their port, challenges there receive the session cookies browsers hold for the platform. Give challenges a host name of their own, e.g. challenges.${containerHost} (SECURITY.md)`,
    );
  }
  if (smtpUrl && !publicUrl) {
    warnings.push(
      'PENNON_SMTP_URL is set without PENNON_PUBLIC_URL: confirmation, password reset and e-mail change mails are refused (except for requests to a loopback host) until PENNON_PUBLIC_URL is set',
    );
  }
  return {
    host: env.HOST || '0.0.0.0',
    port: readPort(env.PORT),
    dataDir,
    databaseUrl: env.PENNON_DATABASE_URL || `sqlite:${path.join(dataDir, 'pennon.db')}`,
    redisUrl: readRedisUrl(env.PENNON_REDIS_URL),
    logLevel: env.PENNON_LOG_LEVEL || 'info',
    logFormat: readLogFormat(env.PENNON_LOG_FORMAT),
    webDir: path.resolve(env.PENNON_WEB_DIR || path.join(repoRoot, 'web/dist')),
    widgetsDir: path.resolve(env.PENNON_WIDGETS_DIR || path.join(repoRoot, 'widgets/dist')),
    embedOrigins: readEmbedOrigins(env.PENNON_EMBED_ORIGINS),
    portMapping,
    trustProxy: readTrustProxy(env.PENNON_TRUST_PROXY, warnings),
    adminPassword: env.PENNON_ADMIN_PASSWORD || undefined,
    publicUrl,
    smtpUrl,
    mailFrom: env.PENNON_MAIL_FROM || 'Pennon <noreply@pennon.invalid>',
    captcha: {
      provider: readCaptchaProvider(env.PENNON_CAPTCHA_PROVIDER),
      siteKey: env.PENNON_CAPTCHA_SITE_KEY ?? '',
      secretKey: env.PENNON_CAPTCHA_SECRET_KEY ?? '',
      powDifficulty: readPowDifficulty(env.PENNON_CAPTCHA_POW_DIFFICULTY),
      turnstileVerifyUrl:
        env.PENNON_TURNSTILE_VERIFY_URL || 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    },
    rateLimit: readSwitch('PENNON_RATE_LIMIT', env.PENNON_RATE_LIMIT),
    sqliteSynchronous: readSqliteSynchronous(env.PENNON_SQLITE_SYNCHRONOUS),
    sqliteQuickCheck: readSwitch('PENNON_SQLITE_QUICK_CHECK', env.PENNON_SQLITE_QUICK_CHECK),
    rateLimitExempt: (address) => rateLimitExempt(address, 0),
    containers: {
      dockerHost: env.PENNON_DOCKER_HOST || '/var/run/docker.sock',
      publishHost: env.PENNON_CONTAINER_BIND_HOST || '0.0.0.0',
      publicHost: containerHost,
      customNetwork: env.PENNON_DOCKER_CUSTOM_NETWORK || undefined,
      storageLimits: ['on', 'true', '1'].includes(env.PENNON_CONTAINER_STORAGE_LIMITS ?? ''),
    },
    // A browser tab holds one or two hub connections, so 100 fits a classroom behind one NAT address, while
    // one address holds at most 1% of the total; 10,000 idle sockets stay far below usual descriptor limits.
    hubLimits: {
      perAddress: readLimit('PENNON_HUB_MAX_PER_ADDRESS', env.PENNON_HUB_MAX_PER_ADDRESS, 100),
      total: readLimit('PENNON_HUB_MAX_TOTAL', env.PENNON_HUB_MAX_TOTAL, 10_000),
    },
    metrics: {
      port: readMetricsPort(env.PENNON_METRICS_PORT),
      host: env.PENNON_METRICS_HOST || '127.0.0.1',
    },
    requestIdHeader: env.PENNON_REQUEST_ID_HEADER?.toLowerCase() || undefined,
    oidc: readOidc(env),
    webhooks: {
      allowPrivate: readSwitch('PENNON_WEBHOOK_ALLOW_PRIVATE', env.PENNON_WEBHOOK_ALLOW_PRIVATE || 'off'),
      timeoutMs: readLimit('PENNON_WEBHOOK_TIMEOUT_MS', env.PENNON_WEBHOOK_TIMEOUT_MS, 10_000),
      worker: readSwitch('PENNON_WEBHOOK_WORKER', env.PENNON_WEBHOOK_WORKER),
      keep: {
        ms: readLimit('PENNON_WEBHOOK_KEEP_DAYS', env.PENNON_WEBHOOK_KEEP_DAYS, 7) * 86_400_000,
        perEndpoint: readLimit('PENNON_WEBHOOK_KEEP_DELIVERIES', env.PENNON_WEBHOOK_KEEP_DELIVERIES, 1_000),
      },
    },
    warnings,
  };
};
