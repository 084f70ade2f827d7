// Shared page setup: Mantine, dark by default, and a hook that follows a browser.storage key.
import { createTheme, MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';

const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'md' });

export const mount = (app: ReactNode) => {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="dark">
        {app}
      </MantineProvider>
    </StrictMode>,
  );
};

/** The value under `key` in browser.storage.local, read through `read`, kept current. */
export const useStored = <T,>(key: string, read: (value: unknown) => T): T | undefined => {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    void browser.storage.local.get(key).then((items) => {
      if (live) setValue(read(items[key]));
    });
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === 'local' && key in changes) setValue(read(changes[key]?.newValue));
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, [key, read]);
  return value;
};
