// The vocabulary of Pennon's webhooks (issue #46): the events an endpoint may ask for, the formats it may be sent
// in, and the headers of a delivery. Shared by the server, the web's admin page and receivers written against the SDK.

/**
 * Every event a webhook endpoint may ask for. `solve` is each team's first correct answer to a challenge; a solve
 * that takes a blood is also `blood.first`, `blood.second` or `blood.third`. `ping` is only sent by "send a test event".
 */
export const webhookEventTypes = [
  'solve',
  'blood.first',
  'blood.second',
  'blood.third',
  'notice.published',
  'challenge.opened',
  'game.started',
  'game.ended',
  'game.frozen',
  'team.joined',
  'writeup.submitted',
  'instance.started',
  'instance.destroyed',
  'ping',
] as const;

/**
 * How a delivery's body is written: `json` is the documented generic schema (`WebhookPayload`); the others are the
 * chat services' own message formats, the text in the endpoint's locale.
 */
export const webhookFormats = ['json', 'discord', 'slack', 'telegram', 'matrix'] as const;

/** The headers of every delivery (lower case, as Node and fetch read them). */
export const webhookHeaders = {
  /** The event's id: the same for every endpoint and every attempt; receivers drop an id they have seen. */
  event: 'pennon-event-id',
  /** The event's type (one of `webhookEventTypes`). */
  type: 'pennon-event-type',
  /** This endpoint's delivery of the event: the same for every attempt. */
  delivery: 'pennon-delivery-id',
  /** Unix seconds the signature was made at. */
  timestamp: 'pennon-timestamp',
  /** `v1=` and the hex HMAC-SHA256, keyed by the endpoint's secret, of `${timestamp}.${body}`. */
  signature: 'pennon-signature',
} as const;
