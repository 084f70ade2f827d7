// Models of Pennon's webhooks (issue #46): the endpoints admins add, their deliveries, and the generic JSON payload.
import Type, { type Static } from 'typebox';
import { SUPPORTED_LOCALES } from '../../locales.ts';
import { webhookEventTypes, webhookFormats } from '../rules/webhooks.ts';
import { Id, Nullable, StringEnum, Timestamp } from '../schema.ts';

/**
 * Pennon only: what a webhook delivery reports: a solve, a blood, a notice, a game or instance change,
 * or `ping` (the test event).
 */
export const WebhookEventType = StringEnum('WebhookEventType', [...webhookEventTypes]);
export type WebhookEventType = (typeof webhookEventTypes)[number];
/**
 * Pennon only: the body an endpoint gets: `json` (the generic schema), or a `discord`, `slack`,
 * `telegram` or `matrix` message.
 */
export const WebhookFormat = StringEnum('WebhookFormat', [...webhookFormats]);
export type WebhookFormat = (typeof webhookFormats)[number];
/** Pennon only: the language of a chat-format endpoint's messages. */
export const WebhookLocale = StringEnum('WebhookLocale', [...SUPPORTED_LOCALES]);

/** What an admin sets on an endpoint. */
export const WebhookEndpointInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    /** http(s) URL. Telegram: `…/bot<token>/sendMessage?chat_id=<chat>`; Matrix: `…/rooms/<room>/send/m.room.message`. */
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    /** The signing key (Matrix: the access token). Left out on creation: one is generated. */
    secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
    format: WebhookFormat,
    /** The chat formats' language. */
    locale: Type.Optional(WebhookLocale),
    events: Type.Array(WebhookEventType, {
      minItems: 1,
      maxItems: webhookEventTypes.length,
      uniqueItems: true,
    }),
    /** Only this game's events; null: every game's. */
    gameId: Type.Optional(Nullable(Id)),
    enabled: Type.Boolean(),
  },
  { title: 'WebhookEndpointInput' },
);
export type WebhookEndpointInput = Static<typeof WebhookEndpointInput>;

/** Pennon only: a webhook endpoint, as an admin lists it (`GET /api/admin/webhooks`). */
export const WebhookEndpoint = Type.Object(
  {
    id: Id,
    name: Type.String(),
    url: Type.String(),
    /** The signing key (Matrix: the access token). */
    secret: Type.String(),
    format: WebhookFormat,
    locale: WebhookLocale,
    /** The event types it gets. */
    events: Type.Array(WebhookEventType),
    /** Only events of this game; null: every game. */
    gameId: Nullable(Id),
    /** A disabled endpoint gets nothing (its queue waits). */
    enabled: Type.Boolean(),
    createdAt: Timestamp,
    /** Deliveries waiting or being retried. */
    pending: Type.Integer(),
  },
  { title: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** `pending` waits (or is retried at `nextAt`), `delivered` got a 2xx answer, `failed` gave up after a day. */
export const WebhookDeliveryState = StringEnum('WebhookDeliveryState', ['pending', 'delivered', 'failed']);

/** Pennon only: one event's delivery to an endpoint, as its delivery log shows it. */
export const WebhookDelivery = Type.Object(
  {
    id: Id,
    eventId: Type.String(),
    type: WebhookEventType,
    state: WebhookDeliveryState,
    /** Attempts so far. */
    attempts: Type.Integer(),
    createdAt: Timestamp,
    /** When the next attempt is due (pending ones). */
    nextAt: Timestamp,
    /** The last attempt's HTTP status; null before any, or when no answer came (see `response`). */
    responseStatus: Nullable(Type.Integer()),
    /** The last attempt's duration in milliseconds. */
    latency: Nullable(Type.Integer()),
    /** The start of the last answer's body, or why no answer came. */
    response: Type.String(),
    lastAttemptAt: Nullable(Timestamp),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

const Named = Type.Object({ id: Id, name: Type.String() });
const Challenge = Type.Object({ id: Id, title: Type.String() });

/** What each event type carries in `data`. */
export const WebhookEventData = Type.Object(
  {
    team: Type.Optional(Named),
    challenge: Type.Optional(Challenge),
    /** The solver's user name (solves and bloods). */
    user: Type.Optional(Nullable(Type.String())),
    /** 1–3 for bloods, 0 for other solves. */
    blood: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    /** A published notice's text. */
    notice: Type.Optional(Type.Object({ id: Id, content: Type.String() })),
    message: Type.Optional(Type.String()),
  },
  { title: 'WebhookEventData' },
);
export type WebhookEventData = Static<typeof WebhookEventData>;

/**
 * The generic (`json`) delivery's body. Stable: fields are only ever added. `id` is the event's, the same in every
 * endpoint's delivery of it; `time` is when it happened (Unix ms).
 */
export const WebhookPayload = Type.Object(
  {
    id: Type.String(),
    type: WebhookEventType,
    time: Timestamp,
    game: Nullable(Type.Object({ id: Id, title: Type.String() })),
    data: WebhookEventData,
  },
  { title: 'WebhookPayload' },
);
export type WebhookPayload = Static<typeof WebhookPayload>;
