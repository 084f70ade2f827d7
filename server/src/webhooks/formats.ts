// A delivery's request in its endpoint's format: the generic JSON payload, or a chat service's message with the
// event told in a sentence of the endpoint's locale (the server's catalogs translate it).

import type { WebhookEventType, WebhookFormat, WebhookPayload } from '@pennon/sdk/contract';
import type { Locale } from '@pennon/sdk/locales';
import { translate } from '../i18n/catalogs.ts';
import { type Message, msg } from '../i18n/message.ts';
import type { OutboundRequest } from './outbound.ts';

/** Text as it is, for chats that render none of it as markup. */
const asTyped = (text: string) => text;

/** The event in one sentence, without its game; names go through `name` (a chat's escaping). */
const sentence = ({ type, data }: WebhookPayload, name: (text: string) => string): Message => {
  const team = name(data.team?.name ?? '');
  const challenge = name(data.challenge?.title ?? '');
  const sentences: { [T in WebhookEventType]: () => Message } = {
    solve: () => msg`${team} solved ${challenge}`,
    'blood.first': () => msg`First blood: ${team} solved ${challenge}`,
    'blood.second': () => msg`Second blood: ${team} solved ${challenge}`,
    'blood.third': () => msg`Third blood: ${team} solved ${challenge}`,
    'notice.published': () => msg`Notice: ${data.notice?.content ?? ''}`,
    'challenge.opened': () => msg`New challenge: ${challenge}`,
    'game.started': () => msg`The game has started`,
    'game.ended': () => msg`The game has ended`,
    'game.frozen': () => msg`The scoreboard is frozen`,
    'team.joined': () => msg`${team} joined the game`,
    'writeup.submitted': () => msg`${team} submitted a writeup`,
    'instance.started': () => msg`${team} started an instance of ${challenge}`,
    'instance.destroyed': () => msg`The instance of ${challenge} of ${team} was destroyed`,
    ping: () => msg`A test event from Pennon`,
  };
  return sentences[type]();
};

/**
 * The chat line of an event: its game's title in brackets, then the sentence. A notice's content is the organiser's
 * Markdown and stays so; the names teams and organisers chose go through `name`.
 */
const chatText = (payload: WebhookPayload, locale: Locale, name: (text: string) => string): string => {
  const text = translate(sentence(payload, name), locale);
  return payload.game ? `[${name(payload.game.title)}] ${text}` : text;
};

/** The longest message each chat takes (Discord's `content`, Telegram's `text`): a longer one is refused. */
const maxChars = { discord: 2_000, telegram: 4_096 } as const;

/** The text cut to `max` characters (whole code points), an ellipsis last when cut. */
const clip = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** Matrix's `/send/m.room.message` URL, to which the transaction id is added (v3, or r0 of older servers). */
export const matrixSendPath = /\/_matrix\/client\/(v3|r0)\/rooms\/[^/]+\/send\/m\.room\.message\/?$/;

// Discord renders Markdown in a message (emphasis, spoilers, code, masked links, quotes and headings at a line's
// start, <@…> mentions); a backslash before a punctuation mark shows the mark as typed.
const discordEscape = (text: string) => text.replace(/[\\*_~`|<>#[\]()-]/g, '\\$&');

// Slack reads &, < and > as markup (links, mentions): a team named <!channel> must stay text.
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface EndpointTarget {
  url: string;
  secret: string;
  format: WebhookFormat;
  locale: Locale;
}

/**
 * The request of one delivery, unsigned. Telegram and Matrix get plain text (no `parse_mode`, no `format`), so a
 * team's name shows as typed, never as markup. Matrix's send endpoint takes a PUT with a transaction id, unique to
 * the delivery (its event's id too: ids are kept per access token, which another platform may share), so that a
 * retried delivery posts one message; its access token is the endpoint's secret.
 */
export const formatDelivery = (
  endpoint: EndpointTarget,
  payload: WebhookPayload,
  deliveryId: number,
): OutboundRequest => {
  const headers = { 'content-type': 'application/json', 'user-agent': 'Pennon-Webhooks' };
  const json = (body: unknown): OutboundRequest => ({
    method: 'POST',
    url: endpoint.url,
    headers,
    body: JSON.stringify(body),
  });
  const { format } = endpoint;
  if (format === 'json') return json(payload);
  // Discord alone renders Markdown in names; Slack's markup is escaped over the whole line below.
  const text = chatText(payload, endpoint.locale, format === 'discord' ? discordEscape : asTyped);
  switch (format) {
    // No mention is ever pinged, whatever a team names itself, and a name's Markdown shows as typed.
    case 'discord':
      return json({
        content: clip(text, maxChars.discord),
        allowed_mentions: { parse: [] },
      });
    case 'slack':
      return json({ text: slackEscape(text) });
    // The chat is the URL's `chat_id`, as Telegram's own links write it; sent in the body, where the API reads it.
    case 'telegram':
      return json({
        chat_id: new URL(endpoint.url).searchParams.get('chat_id'),
        text: clip(text, maxChars.telegram),
        link_preview_options: { is_disabled: true },
      });
    case 'matrix':
      return {
        method: 'PUT',
        url: `${endpoint.url.replace(/\/+$/, '')}/${encodeURIComponent(`pennon.${payload.id}.${deliveryId}`)}`,
        headers: { ...headers, authorization: `Bearer ${endpoint.secret}` },
        body: JSON.stringify({ msgtype: 'm.notice', body: text }),
      };
  }
};
