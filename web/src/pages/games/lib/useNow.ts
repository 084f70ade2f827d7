import { useEffect, useState } from 'react';

/** The current time (Unix ms), ticking every `interval` ms; `0` stops the ticking. */
export const useNow = (interval = 1000): number => {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (interval <= 0) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
};
