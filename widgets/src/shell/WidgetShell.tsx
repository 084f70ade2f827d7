import { MantineProvider, mergeThemeOverrides, Skeleton } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import type { Locale } from '@pennon/sdk/locales';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { theme } from '../../../web/src/theme.ts';
import type { ColorScheme } from '../attributes.ts';
import { watchDictionary } from '../i18n/dictionary.ts';
import { I18nextProvider } from '../i18n/react-i18next.tsx';
import type { Translator } from '../i18n/translator.ts';

export interface WidgetShellProps {
  /** The element's shadow root (r2wc's `container`). */
  container: ShadowRoot;
  server: string;
  locale: Locale;
  colorScheme: ColorScheme;
  children: ReactNode;
}

/**
 * Mantine and the translations inside an element's shadow root. All the theme's variables go on the root element
 * (with a selector other than `:root`, MantineProvider writes every one, so the bundle needs no stylesheet of
 * defaults). The colour scheme goes on the root, for the variables and the component rules that look for it on
 * an ancestor, and on the host, where Mantine would otherwise mark the page's `<html>`. Every portal (a popover,
 * should a shared component add one) goes into a node inside the shadow root, where the styles are.
 */
export function WidgetShell({ container, server, locale, colorScheme, children }: WidgetShellProps) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  const [i18n, setI18n] = useState<Translator>();
  const system = useColorScheme('light');
  const scheme = colorScheme === 'auto' ? system : colorScheme;
  const host = container.host as HTMLElement;

  useEffect(() => watchDictionary(server, locale, setI18n), [server, locale]);

  const widgetTheme = useMemo(
    () =>
      portal && mergeThemeOverrides(theme, { components: { Portal: { defaultProps: { target: portal } } } }),
    [portal],
  );

  return (
    <div ref={setRoot} className="pennon-root" data-mantine-color-scheme={scheme} lang={locale}>
      {root && widgetTheme && (
        <MantineProvider
          theme={widgetTheme}
          cssVariablesSelector=".pennon-root"
          getRootElement={() => host}
          forceColorScheme={scheme}
        >
          {i18n ? (
            <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
          ) : (
            <Skeleton height={96} aria-busy />
          )}
        </MantineProvider>
      )}
      <div ref={setPortal} />
    </div>
  );
}
