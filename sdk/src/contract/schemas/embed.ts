// Pennon's own embedding endpoints (not in GZ::CTF's API).
import { EmbedOriginStatus } from '../models/embed.ts';
import type { EndpointSchemas } from '../route.ts';

export const embed = {
  origin: {
    summary: "Whether the asking page's origin may embed the widgets (readable from any origin)",
    response: EmbedOriginStatus,
  },
} satisfies Record<string, EndpointSchemas>;
