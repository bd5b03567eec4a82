import { useCurrentUser } from '@arrendia/api-client';
import { isOpenPath } from '@arrendia/permissions';
import { Skeleton } from '@arrendia/ui';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SignedOutContent } from './routes/SignedOutContent';

const SignedInPage = lazy(() => import('./routes/SignedInPage'));

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 1200px;
  min-height: 100vh;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  align-content: start;
`;

/** The page's shape while the session is checked: a bar and content blocks, announced once. */
function StartupSkeleton() {
  return (
    <Page role="status" aria-busy="true" aria-label="Cargando Arrendia...">
      <Skeleton height="2.5rem" />
      <Skeleton width="45%" height="2.5rem" />
      <Skeleton height="160px" />
      <Skeleton height="240px" />
    </Page>
  );
}

/**
 * The session decides everything: visitors get the public site, users the layout and their portal;
 * an open route (an invitation link) is the public site's for everyone.
 */
export function App() {
  const { data: user, isPending } = useCurrentUser();
  const { pathname } = useLocation();

  if (isPending) {
    return <StartupSkeleton />;
  }
  if (!user) return <SignedOutContent />;
  if (isOpenPath(pathname)) return <SignedOutContent user={user} />;
  return (
    <Suspense fallback={<StartupSkeleton />}>
      <SignedInPage user={user} />
    </Suspense>
  );
}
