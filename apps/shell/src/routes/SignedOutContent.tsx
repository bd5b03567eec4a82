import type { CurrentUser } from '@arrendia/api-contract';
import { isPublicPath } from '@arrendia/permissions';
import { NotFound } from '@arrendia/ui';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { RemoteOutlet } from '../remotes/RemoteOutlet';

const Page = styled.div`
  min-height: 100vh;
`;

const Main = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
`;

/**
 * A visitor: the public paths are the public-site remote's, full page (it draws its own header,
 * main and footer); any other path is the shell's 404 page. A signed-in user comes here only for
 * the open routes (an invitation link), and the public site gets that user.
 */
export function SignedOutContent({ user = null }: { user?: CurrentUser | null }) {
  const { pathname } = useLocation();
  if (isPublicPath(pathname)) {
    return (
      <Page>
        <RemoteOutlet name="public-site" user={user} wrap={(content) => <Main>{content}</Main>} />
      </Page>
    );
  }
  return (
    <Main>
      <NotFound action={<Link to="/">Volver al inicio</Link>} />
    </Main>
  );
}
