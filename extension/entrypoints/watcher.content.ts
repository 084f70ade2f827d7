// Runs in the pages of the platforms the user chose to watch (registered at runtime by the background,
// only for origins the user granted). From the page it asks the daemon what it would tell the site:
// GET /connect and GET /pool carry the page's Origin, which is the scope the site's tunnels live in.
// It only reads: it never registers the site nor opens or closes tunnels.
import { readWsrxOptions, WSRX_OPTIONS_KEY, WsrxClient, WsrxState } from '@pennon/sdk/wsrx';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { SiteMessage } from '../lib/messages.ts';
import { loadOptions, loadPrefs } from '../lib/storage.ts';

const POLL_MS = 3_000;

/** Firefox runs content-script `fetch` with the extension's principal; `content.fetch` is the page's. */
const pageFetch = (): typeof fetch => {
  const content = (globalThis as { content?: { fetch?: typeof fetch } }).content;
  return content?.fetch ? content.fetch.bind(content) : fetch.bind(globalThis);
};

/**
 * The companion's daemon address and LAN choice become the site's own wsrx options (its `wsrx-options` in
 * localStorage, which Pennon's and GZ::CTF's web clients read when they load), keeping the site's name.
 */
const shareOptions = async () => {
  try {
    const { api, allowLan } = await loadOptions();
    const current = readWsrxOptions(JSON.parse(localStorage.getItem(WSRX_OPTIONS_KEY) ?? 'null'));
    if (current.api === api && (current.allowLan ?? false) === allowLan) return;
    localStorage.setItem(WSRX_OPTIONS_KEY, JSON.stringify({ ...current, api, allowLan }));
  } catch {
    // Storage blocked or unreadable: the site keeps its own settings.
  }
};

export default defineContentScript({
  registration: 'runtime',
  async main(ctx) {
    const origin = location.origin;
    if (!(await loadPrefs()).platforms.includes(origin)) return;

    await shareOptions();

    let busy = false;
    const look = async () => {
      if (busy || ctx.isInvalid) return;
      busy = true;
      try {
        const options = await loadOptions();
        const client = new WsrxClient({ api: options.api, fetch: pageFetch(), timeout: POLL_MS });
        const state = await client.connectState();
        const instances = state === WsrxState.Usable ? [...(await client.pool().catch(() => []))] : [];
        const message: SiteMessage = { type: 'pennon:site', origin, title: document.title, state, instances };
        await browser.runtime.sendMessage(message);
      } catch {
        // The extension was reloaded or the daemon failed mid-way: the next look tries again.
      } finally {
        busy = false;
      }
    };
    void look();
    ctx.setInterval(() => void look(), POLL_MS);
  },
});
