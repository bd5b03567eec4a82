import type { CurrentUser } from '@arrendia/api-contract';
import { BADGE_COUNTS_KEY, useLiveEvents } from '@arrendia/api-client';
import { SkipLink, TooltipProvider } from '@arrendia/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { pageTitleFor } from './pageTitle';
import { HEADER_HEIGHT_VAR, Sidebar } from './Sidebar';
import { TopHeader } from './TopHeader';

/** The id of the main content, where the skip link jumps and focus goes after a menu navigation. */
export const MAIN_CONTENT_ID = 'main-content';

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

/* Narrow screens: dims the page behind the open drawer; a click on it closes the drawer. */
const Backdrop = styled.div`
  display: none;
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    display: block;
    position: fixed;
    inset: var(${HEADER_HEIGHT_VAR}, 64px) 0 0 0;
    z-index: ${({ theme }) => theme.zIndices.overlay - 1};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

/**
 * Sidebar, header and the content area of every signed-in page. On narrow screens the sidebar is a
 * drawer: opening it moves focus to its first link, Escape (or a click beside it) closes it and
 * gives focus back to the menu button.
 */
export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // One live stream per tab: the bell, the badges and open threads update without a reload.
  useLiveEvents(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const navigated = useRef(false);
  const title = pageTitleFor(pathname, user.role?.roleName ?? null);

  useEffect(() => {
    document.title = `${title} · Arrendia`;
  }, [title]);

  // Another page: close the drawer, and refresh the sidebar's counts (the page may have changed them).
  useEffect(() => {
    setMenuOpen(false);
    // The first render fetches them anyway.
    if (navigated.current) void queryClient.invalidateQueries({ queryKey: BADGE_COUNTS_KEY });
    navigated.current = true;
  }, [pathname, queryClient]);

  const closeMenu = useCallback((focusButton: boolean) => {
    setMenuOpen(false);
    if (focusButton) menuButtonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    firstLinkRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeMenu(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, closeMenu]);

  // The drawer sits under the header, whose height changes when it wraps on narrow screens.
  useEffect(() => {
    const header = headerRef.current;
    const frame = frameRef.current;
    if (!header || !frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => frame.style.setProperty(HEADER_HEIGHT_VAR, `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    <TooltipProvider>
      <SkipLink target={MAIN_CONTENT_ID} />
      <Frame ref={frameRef}>
        <Sidebar
          user={user}
          open={menuOpen}
          firstLinkRef={firstLinkRef}
          onNavigate={() => {
            if (menuOpen) {
              setMenuOpen(false);
              document.getElementById(MAIN_CONTENT_ID)?.focus();
            }
          }}
        />
        {menuOpen && <Backdrop aria-hidden="true" onClick={() => closeMenu(true)} />}
        <Column>
          <TopHeader ref={headerRef} user={user} title={title} menuOpen={menuOpen} menuButtonRef={menuButtonRef} onToggleMenu={() => setMenuOpen((open) => !open)} />
          <EmailVerificationBanner user={user} />
          <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
            {children}
          </Main>
        </Column>
      </Frame>
    </TooltipProvider>
  );
}
