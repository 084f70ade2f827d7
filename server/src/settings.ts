// Process settings, read once from the environment. Each variable and its default is documented in the README.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaptchaProvider, ContainerPortMappingType } from '@pennon/sdk/contract';
import type { SqliteSynchronous } from './db/database.ts';
import type { LogFormat } from './log-output.ts';
import { type ProxyTrust, trustAddresses, trustHops, trustNobody } from './proxy-trust.ts';

/** `*` for any origin, else the exact origins (`https://example.org`); none: no cross-origin answers. */
export type EmbedOrigins = '*' | readonly string[];

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

export interface EnvOidcProvider {
  /** `PENNON_OIDC_ISSUER`: the issuer URL its discovery document is found under. */
  issuer: string;
  /** `PENNON_OIDC_CLIENT_ID`. */
  clientId: string;
  /** `PENNON_OIDC_CLIENT_SECRET`; empty for a public client (PKCE alone). */
  clientSecret: string;
  /** `PENNON_OIDC_NAME`: the button's label. */
  name: string;
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

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const readPort = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const readMetricsPort = (raw: string | undefined): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PENNON_METRICS_PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const readPortMapping = (raw: string | undefined): ContainerPortMappingType => {
  if (raw === undefined || raw === '') return 'Default';
  const found = ContainerPortMappingType.enum.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!found) {
    throw new SettingsError(
      `PENNON_PORT_MAPPING must be one of ${ContainerPortMappingType.enum.join(', ')}, got "${raw}"`,
    );
  }
  return found;
};

const readCaptchaProvider = (raw: string | undefined): CaptchaProvider => {
  if (raw === undefined || raw === '') return 'None';
  const found = CaptchaProvider.enum.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!found) {
    throw new SettingsError(
      `PENNON_CAPTCHA_PROVIDER must be one of ${CaptchaProvider.enum.join(', ')}, got "${raw}"`,
    );
  }
  return found;
};

/** GZ::CTF clamps the difficulty to 8–48 rather than refusing to start. */
const readPowDifficulty = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 18;
  const bits = Number(raw);
  if (!Number.isInteger(bits)) {
    throw new SettingsError(`PENNON_CAPTCHA_POW_DIFFICULTY must be an integer, got "${raw}"`);
  }
  return Math.min(48, Math.max(8, bits));
};

/** An http(s) origin: a host name or bracketed IPv6 address, and an optional port. */
const ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d+)?$/i;

/** The origin `item` is (a trailing slash allowed), or undefined when it is not just an http(s) origin. */
const asOrigin = (item: string): string | undefined => {
  const origin = URL.canParse(item) ? new URL(item).origin : 'null';
  return ORIGIN.test(origin) && origin === item.replace(/\/+$/, '') ? origin : undefined;
};

/** `*`, or comma-separated http(s) origins such as `https://ctf.example.org`; unset: none. */
const readEmbedOrigins = (raw: string | undefined): EmbedOrigins => {
  const value = raw?.trim() ?? '';
  if (value === '*') return '*';
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = asOrigin(item);
      if (!origin) {
        throw new SettingsError(
          `PENNON_EMBED_ORIGINS must be * or comma-separated origins like https://example.org, got "${item}"`,
        );
      }
      return origin;
    });
};

/** The platform serves at the root of its host, so its public address is an origin, without a path. */
const readPublicUrl = (raw: string | undefined): string | undefined => {
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  const origin = asOrigin(value);
  if (!origin) {
    throw new SettingsError(
      `PENNON_PUBLIC_URL must be the http(s) origin players open, like https://ctf.example.org (no path), got "${value}"`,
    );
  }
  return origin;
};

const readRedisUrl = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  if (!/^rediss?:\/\//i.test(raw) || !URL.canParse(raw) || new URL(raw).hostname === '') {
    // Not echoed: the value may hold a password.
    throw new SettingsError(
      'PENNON_REDIS_URL must be a redis:// or rediss:// URL with a host, such as redis://localhost:6379',
    );
  }
  return raw;
};

/** An issuer is an http(s) URL; the server itself refuses plain http except on loopback (oidc-client.ts). */
const readOidc = (env: NodeJS.ProcessEnv): EnvOidcProvider | undefined => {
  const issuer = env.PENNON_OIDC_ISSUER?.trim() ?? '';
  const clientId = env.PENNON_OIDC_CLIENT_ID?.trim() ?? '';
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) {
    throw new SettingsError('PENNON_OIDC_ISSUER and PENNON_OIDC_CLIENT_ID are set together, or neither');
  }
  if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) {
    throw new SettingsError(`PENNON_OIDC_ISSUER must be an https URL, got "${issuer}"`);
  }
  return {
    issuer,
    clientId,
    clientSecret: env.PENNON_OIDC_CLIENT_SECRET ?? '',
    name: env.PENNON_OIDC_NAME?.trim() || 'Single sign-on',
  };
};

const readLimit = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const limit = Number(raw);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new SettingsError(`${name} must be a positive integer, got "${raw}"`);
  }
  return limit;
};

/** A switch that is on unless set to `off`. */
const readSwitch = (name: string, raw: string | undefined): boolean => {
  if (raw === undefined || raw === '' || raw.toLowerCase() === 'on') return true;
  if (raw.toLowerCase() === 'off') return false;
  throw new SettingsError(`${name} must be "on" or "off", got "${raw}"`);
};

const readSqliteSynchronous = (raw: string | undefined): SqliteSynchronous => {
  const value = (raw || 'normal').toLowerCase();
  if (value === 'normal' || value === 'full') return value;
  throw new SettingsError(`PENNON_SQLITE_SYNCHRONOUS must be "normal" or "full", got "${raw}"`);
};

const readLogFormat = (raw: string | undefined): LogFormat | undefined => {
  const value = raw?.toLowerCase();
  if (!value) return undefined;
  if (value === 'json' || value === 'pretty') return value;
  throw new SettingsError(`PENNON_LOG_FORMAT must be "json" or "pretty", got "${raw}"`);
};

/** Addresses or CIDRs, comma-separated, as proxy-addr reads them; a bad one is named. */
const readAddressList = (name: string, raw: string): ProxyTrust => {
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  try {
    return trustAddresses(list);
  } catch (err) {
    throw new SettingsError(
      `${name} must be comma-separated IP addresses or CIDRs like 10.0.0.0/8: ${(err as Error).message}`,
    );
  }
};

/**
 * What Fastify's `trustProxy` takes: a hop count, or addresses/CIDRs; unset or `false`: nobody. `true` would
 * believe every hop, so the left-most - the client's own words - would win; it is kept as one hop, with a warning.
 */
const readTrustProxy = (raw: string | undefined, warnings: string[]): ProxyTrust => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false') return trustNobody;
  if (value === 'true') {
    warnings.push(
      "PENNON_TRUST_PROXY=true is taken as 1: only the immediate peer is trusted as a proxy; set the hop count or the proxies' addresses to say so",
    );
    return trustHops(1);
  }
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  return readAddressList('PENNON_TRUST_PROXY', value);
};

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
