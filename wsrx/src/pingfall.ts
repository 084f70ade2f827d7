// The latency worker and pingfall: every interval, an HTTP OPTIONS probe of each tunnel's remote
// (scheme swapped to http/https). A 2xx sets the latency to half the round trip; anything else sets -1.
// For scopes with the `pingfall` feature and settings, a failed probe may delete the tunnel.
import type { Logger } from './log.ts';
import type { TunnelPool } from './pool.ts';
import { probeUrl } from './remote.ts';
import { pingfallSettings, type Scope } from './scopes.ts';
import type { Tunnel } from './tunnel.ts';
import { USER_AGENT } from './version.ts';

export const DEFAULT_PROBE_INTERVAL_MS = 5_000;

export type ProbeResult =
  | { ok: true; ms: number }
  | { ok: false; status: number }
  | { ok: false; error: string };

export const probe = async (remote: string, timeoutMs: number): Promise<ProbeResult> => {
  const started = performance.now();
  try {
    const response = await fetch(probeUrl(remote), {
      method: 'OPTIONS',
      headers: { 'User-Agent': USER_AGENT },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, ms: performance.now() - started };
    }
    return { ok: false, status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { ok: false, error: cause ?? (error as Error).message };
  }
};

/** Whether a probe result deletes a tunnel of `scope`. */
export const shouldDrop = (scope: Scope | undefined, result: ProbeResult): boolean => {
  if (!scope || result.ok || !scope.features.includes('pingfall')) return false;
  const settings = pingfallSettings(scope);
  if (!settings) return false;
  if ('status' in result) return settings.status.length === 0 || settings.status.includes(result.status);
  return settings.drop_unknown;
};

export interface PingfallOptions {
  pool: TunnelPool;
  scope: (host: string) => Scope | undefined;
  log: Logger;
  intervalMs?: number;
  timeoutMs?: number;
}

export class PingfallWorker {
  readonly #inFlight = new Set<Tunnel>();
  /** The last outcome per tunnel, so only changes are logged. */
  readonly #lastOk = new WeakMap<Tunnel, boolean>();
  readonly #timer: NodeJS.Timeout;
  readonly #timeoutMs: number;
  #stopped = false;

  constructor(private readonly options: PingfallOptions) {
    const intervalMs = options.intervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
    this.#timeoutMs = options.timeoutMs ?? Math.max(200, Math.min(intervalMs, 5_000));
    this.#timer = setInterval(() => this.probeAll(), intervalMs);
    this.#timer.unref();
  }

  probeAll(): void {
    for (const tunnel of this.options.pool.list()) void this.probeTunnel(tunnel);
  }

  async probeTunnel(tunnel: Tunnel): Promise<void> {
    if (this.#stopped || this.#inFlight.has(tunnel)) return;
    this.#inFlight.add(tunnel);
    try {
      const result = await probe(tunnel.remote, this.#timeoutMs);
      if (this.#stopped || this.options.pool.get(tunnel.local) !== tunnel) return;
      tunnel.latency = result.ok ? Math.round(result.ms / 2) : -1;
      if (this.#lastOk.get(tunnel) !== result.ok) {
        this.#lastOk.set(tunnel, result.ok);
        const outcome = result.ok
          ? { latency: tunnel.latency }
          : 'status' in result
            ? { status: result.status }
            : { error: result.error };
        this.options.log.info(result.ok ? 'probe.up' : 'probe.down', { local: tunnel.local, ...outcome });
      }
      if (!result.ok && shouldDrop(this.options.scope(tunnel.scopeHost), result)) {
        const why = 'status' in result ? `probe answered ${result.status}` : `probe failed: ${result.error}`;
        await this.options.pool.remove(tunnel.local, `pingfall (${why})`);
      }
    } finally {
      this.#inFlight.delete(tunnel);
    }
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }
}
