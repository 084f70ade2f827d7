import type { ReactNode } from 'react';
import { parseColorScheme, parseId, parseLocale, parseServer } from '../attributes.ts';
import { WidgetShell } from '../shell/WidgetShell.tsx';
import type { WidgetProps } from './define.ts';

const warned = new Set<string>();

/** Where an element's content lives: the platform, the game, and the element itself (for its events). */
export interface WidgetPlace {
  server: string;
  gameId: number;
  host: HTMLElement;
}

/**
 * The shell around an element's content once its server and game are usable; without them the element stays
 * empty (it cannot even load its translations) and says why in the console, once.
 */
export function WidgetFrame({
  props,
  tag,
  children,
}: {
  props: WidgetProps;
  tag: string;
  children: (place: WidgetPlace) => ReactNode;
}) {
  const server = parseServer(props.server);
  const gameId = parseId(props.game);
  const container = props.container as unknown as ShadowRoot | undefined;
  if (!server || gameId === undefined || !container) {
    if (!warned.has(tag)) {
      warned.add(tag);
      console.warn(`<${tag}> needs a server="https://…" (http or https) and a game="<id>" attribute`);
    }
    return null;
  }
  return (
    <WidgetShell
      container={container}
      server={server}
      locale={parseLocale(props.locale)}
      colorScheme={parseColorScheme(props.theme ?? props.colorScheme)}
    >
      {children({ server, gameId, host: container.host as HTMLElement })}
    </WidgetShell>
  );
}
