import { useCurrentUser } from '@arrendia/api-client';
import { Spinner } from '@arrendia/ui';
import styled from 'styled-components';
import { SignedInLayout } from './layout/SignedInLayout';
import { SignedInContent } from './routes/SignedInContent';
import { SignedOutContent } from './routes/SignedOutContent';

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
`;

/** The session decides everything: visitors get the public site, users the layout and their portal. */
export function App() {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) {
    return (
      <Centered>
        <Spinner label="Cargando Arrendia..." size={32} />
      </Centered>
    );
  }
  if (!user) return <SignedOutContent />;
  return (
    <SignedInLayout user={user}>
      <SignedInContent user={user} />
    </SignedInLayout>
  );
}
