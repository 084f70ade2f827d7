// Watches the wsrx daemon: checks it on an alarm (every 30 s, Chrome's minimum) and again halfway to the
// next one (so the daemon going away is seen within 15 s plus the check's timeout, popup closed), on every
// popup poll (every 2 s while the popup is open) and whenever a watched site's page reports. Once paired
// with pennon-wsrx, also reads every site and tunnel from its control API and approves or refuses sites
// for the popup. Keeps the status in storage, sets the badge, raises notifications, and registers the
// watcher content script on the platforms the user granted.
import { isWsrxError, WSRX_OPTIONS_KEY, WsrxClient, WsrxControlError } from '@pennon/sdk/wsrx';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { CONTROL_KEY, decide, readDaemonSites } from '../lib/control.ts';
import { t } from '../lib/i18n.ts';
import { type DecideMessage, readMessage, type SiteMessage } from '../lib/messages.ts';
import { originPattern, PREFS_KEY } from '../lib/prefs.ts';
import {
  badgeFor,
  type DaemonStatus,
  type Notice,
  noticesFor,
  type Status,
  withControl,
  withDaemon,
  withTunnelHistory,
} from '../lib/status.ts';
import { loadControl, loadOptions, loadPrefs, loadStatus, saveStatus } from '../lib/storage.ts';

const ALARM = 'pennon-watch';
/** The second check between two alarms: the worker lives 30 s after an event, so this one still runs. */
const MIDWAY_MS = 15_000;
const WATCHER_ID = 'pennon-watcher';
const CHECK_TIMEOUT_MS = 3_000;

export default defineBackground(() => {
  // One change at a time: checks, site reports and option changes all read-modify-write the status.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const apply = async (
    change: (status: Status, api: string) => Promise<Status> | Status,
  ): Promise<Status> => {
    const [options, prefs] = await Promise.all([loadOptions(), loadPrefs()]);
    const prev = await loadStatus(options.api);
    const next = withTunnelHistory(prev, await change(prev, options.api));
    await saveStatus(next);
    await showBadge(next, prefs.platforms);
    for (const notice of noticesFor(prev, next, prefs)) await raise(notice);
    return next;
  };

  const probe = async (api: string): Promise<DaemonStatus> => {
    const client = new WsrxClient({ api, timeout: CHECK_TIMEOUT_MS });
    try {
      const version = await client.version();
      return { running: true, reason: null, version, api, checkedAt: Date.now() };
    } catch (error) {
      const reason = isWsrxError(error, 'daemon_version_mismatch') ? 'version_mismatch' : 'not_running';
      return { running: false, reason, version: null, api, checkedAt: Date.now() };
    }
  };

  /** The daemon's own list of sites and tunnels, when paired; what was listed before goes otherwise. */
  const readControl = async (status: Status): Promise<Status> => {
    const link = await loadControl();
    if (!link) return withControl(status, null);
    if (!status.daemon.running) return withControl(status, status.control);
    try {
      return withControl(status, 'ok', await readDaemonSites(link));
    } catch (error) {
      return withControl(status, error instanceof WsrxControlError ? error.problem : 'failed');
    }
  };

  const check = () =>
    serial(() =>
      apply(async (status, api) => {
        // A new address: what was seen at the old one says nothing about the new one.
        const base = status.daemon.api === api ? status : { ...status, sites: {} };
        return readControl(withDaemon(base, await probe(api)));
      }),
    );

  /** Approve or refuse a site through the control API, then check so the popup shows it at once. */
  const settle = async (message: DecideMessage) => {
    const link = await loadControl();
    if (!link) throw new Error('not paired');
    await decide(link, message.origin, message.approve);
    return check();
  };

  const report = (message: SiteMessage) =>
    serial(() =>
      apply(async (status, api) => {
        let next = status;
        // The page lost the daemon (or never had it): confirm before believing the page alone.
        if (message.state === 0 || !status.daemon.running) next = withDaemon(next, await probe(api));
        if (!next.daemon.running) return next;
        return {
          ...next,
          sites: {
            ...next.sites,
            [message.origin]: {
              origin: message.origin,
              title: message.title,
              state: message.state,
              instances: message.instances,
              seenAt: Date.now(),
            },
          },
        };
      }),
    );

  const showBadge = async (status: Status, platforms: readonly string[]) => {
    const badge = badgeFor(status, platforms);
    await browser.action.setBadgeText({ text: badge.text });
    await browser.action.setBadgeBackgroundColor({ color: badge.color });
  };

  const raise = async (notice: Notice) => {
    const title = t(`notice.${notice.kind}.title`, notice.vars);
    const message = t(`notice.${notice.kind}.message`, notice.vars);
    try {
      await browser.notifications.create(notice.id, {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title,
        message,
      });
    } catch (error) {
      console.warn('pennon: notification failed', error);
    }
  };

  /** The watcher runs on the watched platforms the user granted access to, and nowhere else. */
  const registerWatcher = async () => {
    const prefs = await loadPrefs();
    const granted = await Promise.all(
      prefs.platforms.map(async (origin) =>
        (await browser.permissions.contains({ origins: [originPattern(origin)] }))
          ? originPattern(origin)
          : null,
      ),
    );
    const matches = [...new Set(granted.filter((item): item is string => item !== null))];
    const existing = await browser.scripting.getRegisteredContentScripts({ ids: [WATCHER_ID] });
    if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: [WATCHER_ID] });
    if (matches.length === 0) return;
    await browser.scripting.registerContentScripts([
      {
        id: WATCHER_ID,
        matches,
        js: ['content-scripts/watcher.js'],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  };

  const ensureAlarm = async () => {
    if (!(await browser.alarms.get(ALARM))) {
      await browser.alarms.create(ALARM, { periodInMinutes: 0.5, delayInMinutes: 0.5 });
    }
  };

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== ALARM) return;
    void check();
    setTimeout(() => void check(), MIDWAY_MS);
  });

  browser.runtime.onMessage.addListener((raw, sender, sendResponse) => {
    const message = readMessage(raw);
    if (!message) return false;
    // Checks and decisions come from the extension's own pages (popup, options), never from a tab's script.
    if (message.type === 'pennon:check' || message.type === 'pennon:decide') {
      if (sender.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL('/'))) {
        return false;
      }
      const task = message.type === 'pennon:check' ? check() : settle(message);
      task.then(sendResponse, (error: unknown) => sendResponse({ error: String(error) }));
      return true;
    }
    // Only the watcher, in a page of the very origin it reports on, and only for a watched platform.
    const from = sender.tab && sender.url ? new URL(sender.url).origin : null;
    if (sender.id !== browser.runtime.id || from !== message.origin) return false;
    loadPrefs()
      .then((prefs) => (prefs.platforms.includes(message.origin) ? report(message) : null))
      .then(
        () => sendResponse({ ok: true }),
        (error: unknown) => sendResponse({ error: String(error) }),
      );
    return true;
  });

  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    if (PREFS_KEY in changes) {
      void registerWatcher().catch((error: unknown) => console.warn('pennon: watcher', error));
      void check();
    } else if (WSRX_OPTIONS_KEY in changes || CONTROL_KEY in changes) {
      void check();
    }
  });

  browser.permissions.onRemoved.addListener(() => void registerWatcher());
  browser.permissions.onAdded.addListener(() => void registerWatcher());

  void ensureAlarm();
  void registerWatcher().catch((error: unknown) => console.warn('pennon: watcher', error));
  void check();
});
