// Pennon's embedding probe: whether the platform lets the calling page's origin read the widgets' data.
import type { EmbedOriginStatus } from '../contract/models/embed.ts';
import { embed } from '../contract/routes/embed.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/** Pennon's embedding probe: whether the platform lets the calling page's origin read the widgets' data. */
export interface EmbedApi {
  /** GET /api/embed/origin: the calling page's origin and whether PENNON_EMBED_ORIGINS allows it. */
  origin(options?: CallOptions): Promise<EmbedOriginStatus>;
}

/** The embedding group over a requester (see `createRequester`), for a script that needs only it. */
export const createEmbedApi = (request: Requester): EmbedApi => ({
  origin: (options) => request(embed.origin, options),
});
