// Stands in for `react` in the bundle (vite.config.ts): Preact's compat layer, a tenth of react-dom's size,
// plus what Mantine 9 takes from React 19 and Preact 10 lacks. Every module that imports `react` evaluates this
// one first, so the vnode hook below is in place before anything renders.
import { type ComponentChildren, options, type VNode } from 'preact';
import { type Context, useCallback, useContext, useInsertionEffect, useRef } from 'preact/compat';

// @ts-expect-error preact/compat's types are one CommonJS-style `export =`; the module itself has these names.
export * from 'preact/compat';
export { default } from 'preact/compat';

// React 19 passes `ref` to function components as a prop (Mantine 9 has no forwardRef); Preact keeps it on the
// vnode and would point it at the component instance. Class components (those with `render`) keep theirs.
const previousVnode = options.vnode;
options.vnode = (vnode: VNode<{ ref?: unknown }>) => {
  const { type } = vnode;
  if (typeof type === 'function' && !type.prototype?.render && vnode.ref) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null;
  }
  previousVnode?.(vnode);
};

/** React 19's `use`, for contexts: Mantine calls it unconditionally, as a hook. */
export const use = <T>(context: Context<T>): T => useContext(context);

/** React 19's `useEffectEvent`: a stable function calling the latest handler. */
export const useEffectEvent = <A extends unknown[], R>(handler: (...args: A) => R) => {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
};

/**
 * React 19's `Activity`, approximately: hidden content is unmounted where React would keep it mounted and hide it
 * (Mantine uses it only for content kept mounted while closed, which no element has).
 */
export const Activity = ({
  mode,
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) => (mode === 'hidden' ? null : children);
