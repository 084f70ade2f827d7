import { Badge, Tooltip } from '@mantine/core';
import type { LiveState } from '@pennon/sdk/live';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LiveState, string> = {
  connecting: 'gray',
  connected: 'teal',
  reconnecting: 'yellow',
  polling: 'blue',
  closed: 'red',
};

/** How live updates reach the page: pushed, polled, or not at all; nothing before the page subscribes. */
export function LiveStatus({ state }: { state: LiveState | null }) {
  const { t } = useTranslation();
  if (state === null) return null;
  return (
    <Tooltip label={t(`monitor.live.${state}_hint`)} withArrow>
      <Badge
        variant="dot"
        color={COLORS[state]}
        data-testid="live-status"
        data-state={state}
        tabIndex={0}
        style={{ cursor: 'help' }}
      >
        {t(`monitor.live.${state}`)}
      </Badge>
    </Tooltip>
  );
}
