import { createQueryClient, useCurrentUser } from '@arrendia/api-client';
import type { RemoteApp, RemoteName } from '@arrendia/remote-contract';
import { Spinner, ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

function Standalone({ App, requireUser }: { App: RemoteApp; requireUser: boolean }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (requireUser && !user) {
    return (
      <p>
        Inicia sesión para ver este módulo: <a href="/?login=1">Iniciar Sesión</a>
      </p>
    );
  }
  return <App user={user ?? null} basePath="/" />;
}

/**
 * Mounts a remote on its own page, with the providers the shell would give it: how a team works
 * on its portal alone (the page is served under /remotes/<name>/).
 */
export function mountStandalone(name: RemoteName, App: RemoteApp, { requireUser = true } = {}): void {
  const remotePath = `/remotes/${name}`;
  const basename = window.location.pathname.startsWith(remotePath) ? remotePath : '/';
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <BrowserRouter basename={basename}>
            <Standalone App={App} requireUser={requireUser} />
          </BrowserRouter>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
