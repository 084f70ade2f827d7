import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `h:mm:ss` of a duration in ms (never negative). */
export const formatRemaining = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
};

/** The time left until `until` (Unix ms), ticking every second; "expired" once past. */
export function Countdown({ until, ...props }: { until: number } & TextProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = until - now;
  return (
    <Text
      component="span"
      ff="monospace"
      c={left <= 0 ? 'red' : left < 5 * 60_000 ? 'orange' : undefined}
      {...props}
    >
      {left <= 0 ? t('admin.instances.expired') : formatRemaining(left)}
    </Text>
  );
}
