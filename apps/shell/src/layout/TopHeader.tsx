import type { CurrentUser } from '@arrendia/api-contract';
import { Icon } from '@arrendia/ui';
import { forwardRef, type Ref } from 'react';
import styled from 'styled-components';
import { HeaderSearch } from './HeaderSearch';
import { HeaderTabs } from './HeaderTabs';
import { IconButton } from './IconButton';
import { NotificationsMenu } from './NotificationsMenu';
import { HEADER_HEIGHT, SIDEBAR_ID } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-height: ${HEADER_HEIGHT}px;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
    /* Narrow screens: title and buttons on the first line, the search box under them. */
    & > [role='search'] {
      order: 10;
      flex: 1 1 100%;
      max-width: none;
    }
  }
`;

/* Not a heading: the page's h1 belongs to the remote's content, the header only says where you are. */
const Title = styled.p`
  flex: 1 1 8rem;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const MenuButton = styled(IconButton)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

interface TopHeaderProps {
  user: CurrentUser;
  title: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * The bar above every signed-in page (spec §2): menu button (narrow screens), page title, the tabs
 * Resumen / Análisis / Informes, the search box, the theme switch, the notifications bell and the
 * user menu.
 */
export const TopHeader = forwardRef<HTMLElement, TopHeaderProps>(function TopHeader({ user, title, menuOpen, onToggleMenu, menuButtonRef }, ref) {
  const roleName = user.role?.roleName ?? null;
  return (
    <Bar ref={ref}>
      <MenuButton
        ref={menuButtonRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
        onClick={onToggleMenu}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
      </MenuButton>
      <Title>{title}</Title>
      <HeaderTabs roleName={roleName} />
      <HeaderSearch />
      <Actions>
        <ThemeToggle />
        <NotificationsMenu roleName={roleName} />
        <UserMenu user={user} />
      </Actions>
    </Bar>
  );
});
