import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createFederationRuntime } from './remotes/federationRuntime';
import { getRegistry, refreshRegistry } from './remotes/registry';
import { createRemoteLoader } from './remotes/remoteLoader';
import { federationName } from '@arrendia/remote-contract';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';
import { DeferredToaster } from './toasts/DeferredToaster';
import { handleQueryError } from './unauthorized';

const queryClient = createQueryClient({ onError: handleQueryError });

// Ask for the registry straight away, alongside the session probe.
void getRegistry(queryClient).catch(() => undefined);

const remoteLoader = createRemoteLoader({
  getRegistry: () => getRegistry(queryClient),
  refreshRegistry: () => refreshRegistry(queryClient),
  runtime: createFederationRuntime(federationName('shell')),
  origin: window.location.origin,
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <BrowserRouter>
          <RemoteLoaderProvider loader={remoteLoader}>
            <App />
          </RemoteLoaderProvider>
        </BrowserRouter>
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
