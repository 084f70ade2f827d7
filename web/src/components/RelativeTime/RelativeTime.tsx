import { Text, type TextProps, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFull, formatRelative } from './relativeTime.ts';

export interface RelativeTimeProps extends TextProps {
  /** Unix milliseconds. */
  time: number;
}

/** A `<time>` reading "2 hours ago", its full date on hover; kept current once a minute. */
export function RelativeTime({ time, ...props }: RelativeTimeProps) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const full = formatFull(time, locale);
  return (
    <Tooltip label={full} openDelay={300}>
      <Text component="time" dateTime={new Date(time).toISOString()} aria-label={full} {...props}>
        {formatRelative(time, now, locale)}
      </Text>
    </Tooltip>
  );
}
