import type { CurrentUser } from '@arrendia/api-contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { pageTitleFor } from './pageTitle';
import { Sidebar } from './Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopHeader } from './TopHeader';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
`;

const Main = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xl};
  &:focus { outline: none; }
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

/** Sidebar, header and the content area of every signed-in page. */
export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = pageTitleFor(pathname, user.role?.roleName ?? null);

  useEffect(() => {
    document.title = `${title} · Arrendia`;
  }, [title]);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <>
      <SkipLink />
      <Frame>
        <Sidebar user={user} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <Column>
          <TopHeader title={title} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
          <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
            {children}
          </Main>
        </Column>
      </Frame>
    </>
  );
}
