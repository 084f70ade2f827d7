// A request the browser blocks for CORS fails like any network error. When one fails so, the platform's probe
// (readable from every origin) says whether it refuses this page's origin, and the error becomes that refusal,
// which the element explains to the site's owner in place of "Network error".
import { createEmbedApi, createRequester, type EmbedOriginStatus, isPennonError } from '@pennon/sdk';

/** The platform at `server` does not let this page's origin read its data (PENNON_EMBED_ORIGINS). */
export class EmbedRefused extends Error {
  override readonly name = 'EmbedRefused';
  readonly origin: string;
  readonly server: string;

  constructor(origin: string, server: string) {
    super(`${server} does not let ${origin} embed its widgets (PENNON_EMBED_ORIGINS)`);
    this.origin = origin;
    this.server = server;
  }
}

/** One probe per server while it answers; a failed probe is asked again at the next failure. */
const probes = new Map<string, Promise<EmbedOriginStatus | undefined>>();

const probe = (server: string): Promise<EmbedOriginStatus | undefined> => {
  let status = probes.get(server);
  if (!status) {
    status = createEmbedApi(createRequester({ baseUrl: server }))
      .origin({ retry: 0 })
      .catch(() => {
        probes.delete(server);
        return undefined;
      });
    probes.set(server, status);
  }
  return status;
};

/** `error`, or the refusal behind it when it is a network failure and the platform refuses this origin. */
export const explainFailure = async (server: string, error: unknown): Promise<unknown> => {
  if (!isPennonError(error, 'network')) return error;
  const status = await probe(server);
  return status && !status.allowed ? new EmbedRefused(status.origin ?? location.origin, server) : error;
};
