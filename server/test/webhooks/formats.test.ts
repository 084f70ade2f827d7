// The chat formats' requests, checked against the services' documented APIs: Telegram's sendMessage (POST, JSON
// `chat_id` and `text`, no `parse_mode`, so nothing in it is markup) and Matrix's
// `PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}` (an `m.notice` with a plain `body`, the access
// token as a bearer). A team naming itself in Markdown, HTML or mentions shows as typed; a long notice is cut to
// what the chat takes.
import type { WebhookPayload } from '@pennon/sdk/contract';
import { describe, expect, it } from 'vitest';
import { type EndpointTarget, formatDelivery } from '../../src/webhooks/formats.ts';

const hostile = '<b>*Gulls*</b> _[win](https://evil.example)_ `x` @everyone <!channel> &amp;';
const payload: WebhookPayload = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  type: 'blood.first',
  time: 1_767_225_600_000,
  game: { id: 3, title: 'Harbour CTF' },
  data: {
    team: { id: 12, name: hostile },
    challenge: { id: 40, title: 'Lantern' },
    user: 'skipper',
    blood: 1,
  },
};
const sentence = `[Harbour CTF] First blood: ${hostile} solved Lantern`;
const target = (format: EndpointTarget['format'], url: string): EndpointTarget => ({
  url,
  secret: 'syt_matrix_token',
  format,
  locale: 'en-US',
});
const bodyOf = (format: EndpointTarget['format'], url: string, p = payload, delivery = 7) => {
  const request = formatDelivery(target(format, url), p, delivery);
  return { request, body: JSON.parse(request.body) };
};

describe('chat formats', () => {
  it('sends Telegram plain text to the chat of the URL, with no link preview', () => {
    const url = 'https://api.telegram.org/bot123:ABC/sendMessage?chat_id=-1001234';
    const { request, body } = bodyOf('telegram', url);
    expect(request).toMatchObject({ method: 'POST', url });
    expect(request.headers['content-type']).toBe('application/json');
    expect(body).toEqual({
      chat_id: '-1001234',
      text: sentence,
      link_preview_options: { is_disabled: true },
    });
  });

  it('puts a Matrix notice with a transaction id per delivery, unique across platforms', () => {
    const url = 'https://matrix.example/_matrix/client/v3/rooms/!harbour:matrix.example/send/m.room.message';
    const { request, body } = bodyOf('matrix', url);
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${url}/pennon.${payload.id}.7`);
    expect(request.headers.authorization).toBe('Bearer syt_matrix_token');
    expect(body).toEqual({ msgtype: 'm.notice', body: sentence });
    // A retry of the delivery is the same transaction (one message); a redelivery, a new one.
    expect(bodyOf('matrix', url).request.url).toBe(request.url);
    expect(bodyOf('matrix', url, payload, 8).request.url).not.toBe(request.url);
  });

  it("pings no one on Discord, shows a name's Markdown there as typed, and escapes Slack markup", () => {
    const discord = bodyOf('discord', 'https://discord.com/api/webhooks/1/x').body;
    const escaped = String.raw`\<b\>\*Gulls\*\</b\> \_\[win\]\(https://evil.example\)\_ \`x\` @everyone \<!channel\> &amp;`;
    expect(discord).toEqual({
      content: `[Harbour CTF] First blood: ${escaped} solved Lantern`,
      allowed_mentions: { parse: [] },
    });
    // An organiser's notice is Markdown on purpose, and stays so.
    const notice = {
      ...payload,
      type: 'notice.published',
      data: { notice: { id: 1, content: '**Hint** out' } },
    };
    expect(
      bodyOf('discord', 'https://discord.com/api/webhooks/1/x', notice as WebhookPayload).body.content,
    ).toBe('[Harbour CTF] Notice: **Hint** out');
    const slack = bodyOf('slack', 'https://hooks.slack.com/services/x').body;
    expect(slack.text).toContain('&lt;!channel&gt; &amp;amp;');
  });

  it('cuts a notice longer than Discord or Telegram takes', () => {
    const notice = {
      ...payload,
      type: 'notice.published',
      data: { notice: { id: 1, content: '🌊'.repeat(5_000) } },
    };
    const discord = bodyOf('discord', 'https://discord.com/api/webhooks/1/x', notice as WebhookPayload).body;
    expect([...discord.content]).toHaveLength(2_000);
    expect(discord.content.endsWith('🌊…')).toBe(true);
    const telegram = bodyOf(
      'telegram',
      'https://api.telegram.org/bot1:x/sendMessage?chat_id=1',
      notice as WebhookPayload,
    );
    expect([...telegram.body.text]).toHaveLength(4_096);
    const matrix = bodyOf(
      'matrix',
      'https://m.example/_matrix/client/v3/rooms/!r:m.example/send/m.room.message',
      notice as WebhookPayload,
    );
    expect(matrix.body.body).toContain('🌊'.repeat(5_000));
  });
});
