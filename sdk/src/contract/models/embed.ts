// Models of Pennon's own embedding endpoints (not in GZ::CTF's API).
import Type, { type Static } from 'typebox';
import { Nullable } from '../schema.ts';

/**
 * Pennon only: whether the asking page's origin may embed the platform's widgets
 * (`GET /api/embed/origin`), so a refused widget can say why.
 */
export const EmbedOriginStatus = Type.Object(
  {
    origin: Nullable(Type.String({ description: "The asking page's origin (its Origin header), if sent" })),
    allowed: Type.Boolean({
      description: 'Whether PENNON_EMBED_ORIGINS lets that origin read the widgets’ data',
    }),
  },
  { title: 'EmbedOriginStatus' },
);
export type EmbedOriginStatus = Static<typeof EmbedOriginStatus>;
