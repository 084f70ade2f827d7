import { useLayoutEffect, useRef, useState } from 'react';

/**
 * An element's width, measured before the browser first paints it and then followed as it resizes. Mantine's
 * `useElementSize` learns it from a ResizeObserver only after a frame, so the chart would commit empty, then paint
 * a frame without its lines, and only then render them: on a phone that is a second pass of work before the chart
 * shows.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A state update in a layout effect re-renders before the paint.
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
