// browser.storage.local access shared by the pages, the background and the watcher.
import {
  readWsrxOptions,
  WSRX_OPTIONS_KEY,
  type WsrxControlLink,
  type WsrxOptions,
  type WsrxOptionsStorage,
  wsrxDefaultOptions,
} from '@pennon/sdk/wsrx';
import { browser } from 'wxt/browser';
import { CONTROL_KEY, readControlLink } from './control.ts';
import { PREFS_KEY, type Prefs, readPrefs, STATUS_KEY } from './prefs.ts';
import { readStatus, type Status } from './status.ts';

/** The SDK's options storage backed by browser.storage (the same `wsrx-options` key the web client uses). */
export const optionsStorage: WsrxOptionsStorage = {
  load: async () => (await browser.storage.local.get(WSRX_OPTIONS_KEY))[WSRX_OPTIONS_KEY],
  save: (options) => browser.storage.local.set({ [WSRX_OPTIONS_KEY]: options }),
};

export const loadOptions = async (): Promise<WsrxOptions> => ({
  ...wsrxDefaultOptions,
  ...readWsrxOptions(await optionsStorage.load()),
});

export const saveOptions = async (patch: Partial<WsrxOptions>): Promise<WsrxOptions> => {
  const next = { ...(await loadOptions()), ...readWsrxOptions(patch) };
  await optionsStorage.save(next);
  return next;
};

export const loadPrefs = async (): Promise<Prefs> =>
  readPrefs((await browser.storage.local.get(PREFS_KEY))[PREFS_KEY]);

export const savePrefs = (prefs: Prefs): Promise<void> => browser.storage.local.set({ [PREFS_KEY]: prefs });

export const loadStatus = async (api: string): Promise<Status> =>
  readStatus((await browser.storage.local.get(STATUS_KEY))[STATUS_KEY], api);

export const saveStatus = (status: Status): Promise<void> =>
  browser.storage.local.set({ [STATUS_KEY]: status });

export const loadControl = async (): Promise<WsrxControlLink | null> =>
  readControlLink((await browser.storage.local.get(CONTROL_KEY))[CONTROL_KEY]);

export const saveControl = (link: WsrxControlLink | null): Promise<void> =>
  link ? browser.storage.local.set({ [CONTROL_KEY]: link }) : browser.storage.local.remove(CONTROL_KEY);
