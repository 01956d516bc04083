import { type ComponentType, type JSX, lazy, useState } from 'react';

export interface Preloadable<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the component's code (once); the first view calls it at boot. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * Like React.lazy, but a component whose code has already arrived renders at once. React.lazy always
 * suspends on its first render, and React then shows the boundary's fallback and holds the content back
 * for up to 300 ms after it (its reveal throttle): twice on the way to the order book. Here the code is
 * requested early (`preload`); an instance whose code is there renders it directly, one whose code is
 * still on its way goes through React.lazy (and stays with it, so it is never remounted).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level.
  function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Preloaded.preload = preload;
  return Preloaded;
}
