import type { CurrentUser } from '@arrendia/api-contract';
import type { RemoteName } from '@arrendia/remote-contract';
import { Skeleton, Spinner } from '@arrendia/ui';
import { Suspense, use, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { useRemoteLoader } from './RemoteLoaderContext';

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xs} 0;
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

function RemoteSkeleton() {
  return (
    <Loading aria-busy="true">
      <Spinner label="Cargando sección..." size={20} />
      <Skeleton width="40%" height="2rem" />
      <Cards>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="96px" />
        ))}
      </Cards>
      <Skeleton height="220px" />
    </Loading>
  );
}

interface RemoteSlotProps {
  name: RemoteName;
  user: CurrentUser | null;
}

interface RemoteOutletProps extends RemoteSlotProps {
  /** Wraps the skeleton and the fallback (not the remote): a full-page remote brings its own <main>. */
  wrap?: (content: ReactNode) => ReactNode;
}

const asIs = (content: ReactNode) => content;

function RemoteApp({ name, user }: RemoteSlotProps) {
  const loader = useRemoteLoader();
  const { default: App } = use(loader.load(name));
  return <App user={user} basePath="/" />;
}

/**
 * Renders a remote's exposed App, with a skeleton while it loads and the Spanish fallback when it
 * cannot be loaded; the next navigation (or Reintentar) tries again.
 */
export function RemoteOutlet({ name, user, wrap = asIs }: RemoteOutletProps) {
  const { pathname } = useLocation();
  const loader = useRemoteLoader();
  return (
    <RemoteErrorBoundary
      resetKey={pathname}
      onReset={() => loader.forgetFailure(name)}
      fallback={(retry) => wrap(<RemoteFallback onRetry={retry} />)}
    >
      <Suspense fallback={wrap(<RemoteSkeleton />)}>
        <RemoteApp name={name} user={user} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
