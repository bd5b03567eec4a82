import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteLoader } from './remoteLoader';

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** Provides the loader RemoteOutlet uses (the real one in bootstrap, a fake in tests). */
export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used inside <RemoteLoaderProvider>');
  return loader;
}
