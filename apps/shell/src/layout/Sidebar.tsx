import type { BadgeCounts, CurrentUser } from '@arrendia/api-contract';
import { useBadgeCounts } from '@arrendia/api-client';
import { canAccessRoute, LOGOUT_LABEL, menuFor, roleLabel, routeOf, SETTINGS_LABEL, type MenuBadge } from '@arrendia/permissions';
import { Avatar, Icon, initialsOf, isIconName, VisuallyHidden } from '@arrendia/ui';
import { type Ref, useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { displayName } from './displayName';
import { LogoutDialog } from './LogoutDialog';

export { displayName } from './displayName';
export { LOGOUT_QUESTION } from './LogoutDialog';

export const SIDEBAR_ID = 'app-sidebar';
/** CSS variable the layout keeps equal to the header's real height (it wraps on narrow screens). */
export const HEADER_HEIGHT_VAR = '--shell-header-height';
export const HEADER_HEIGHT = 64;

const Aside = styled.aside<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  width: 264px;
  flex-shrink: 0;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  position: sticky;
  top: 0;
  height: 100vh;
  overflow-y: auto;

  /* Small screens: a drawer under the header (its menu button stays reachable to close it). */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    position: fixed;
    inset: var(${HEADER_HEIGHT_VAR}, ${HEADER_HEIGHT}px) auto 0 0;
    height: auto;
    max-width: calc(100vw - 48px);
    z-index: ${({ theme }) => theme.zIndices.overlay};
    box-shadow: ${({ theme }) => theme.shadows.lg};
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
  }
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Logo = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Tagline = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Profile = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const ProfileText = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Role = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  flex: 1;
  gap: ${({ theme }) => theme.space.lg};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Footer = styled(List)`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentSoftText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const ItemLink = styled(Link)`
  ${itemStyles}
`;

const ItemButton = styled.button`
  ${itemStyles}
`;

/* The number is drawn for the eye; the link's description says what it counts. */
const Count = styled.span`
  margin-left: auto;
  min-width: 22px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 22px;
  text-align: center;
`;

/** How a badge is read out: '3 abiertas', '1 sin leer'. */
const BADGE_DESCRIPTIONS: Readonly<Record<MenuBadge, (n: number) => string>> = {
  openIncidents: (n) => `${n} ${n === 1 ? 'abierta' : 'abiertas'}`,
  unreadMessages: (n) => `${n} sin leer`,
};

interface MenuLinkProps {
  path: string;
  label: string;
  icon: string;
  current: boolean;
  /** A live count; nothing is drawn for 0 or while it loads. */
  count?: number;
  badge?: MenuBadge;
  onNavigate?: () => void;
  linkRef?: Ref<HTMLAnchorElement>;
}

function MenuLink({ path, label, icon, current, count, badge, onNavigate, linkRef }: MenuLinkProps) {
  const descriptionId = useId();
  const shown = badge && count !== undefined && count > 0;
  return (
    <li>
      <ItemLink ref={linkRef} to={path} aria-current={current ? 'page' : undefined} aria-describedby={shown ? descriptionId : undefined} onClick={onNavigate}>
        {isIconName(icon) && <Icon name={icon} size={18} />}
        {label}
        {shown && <Count aria-hidden="true">{count > 99 ? '99+' : count}</Count>}
      </ItemLink>
      {shown && <VisuallyHidden id={descriptionId}>{BADGE_DESCRIPTIONS[badge](count)}</VisuallyHidden>}
    </li>
  );
}

interface SidebarProps {
  user: CurrentUser;
  open: boolean;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
  /** The first menu link, which receives focus when the drawer opens. */
  firstLinkRef?: Ref<HTMLAnchorElement>;
}

/** Logo, the user, the role's menu with live counts, then Configuración and Cerrar Sesión. */
export function Sidebar({ user, open, onNavigate, firstLinkRef }: SidebarProps) {
  const { pathname } = useLocation();
  const roleName = user.role?.roleName ?? null;
  const current = routeOf(pathname);
  const name = displayName(user);
  const menu = menuFor(roleName);
  const hasBadges = menu.some((entry) => entry.badge);
  const { data: counts } = useBadgeCounts({ enabled: hasBadges });
  const countOf = (badge: keyof BadgeCounts | undefined) => (badge && counts ? counts[badge] : undefined);
  const settings = canAccessRoute(roleName, '/settings');

  return (
    <Aside id={SIDEBAR_ID} $open={open} aria-label="Barra lateral">
      <Brand>
        <Logo>Arrendia</Logo>
        <Tagline>Gestión de alquileres</Tagline>
      </Brand>
      <Profile>
        <Avatar src={user.profileImageUrl} alt="" initials={initialsOf(user.firstName, user.lastName)} />
        <ProfileText>
          <Name>{name}</Name>
          <Role>{roleLabel(roleName)}</Role>
        </ProfileText>
      </Profile>
      <Nav aria-label="Menú principal">
        {menu.length > 0 && (
          <List>
            {menu.map((entry, i) => (
              <MenuLink
                key={entry.path}
                path={entry.path}
                label={entry.label}
                icon={entry.icon}
                current={current === entry.path}
                badge={entry.badge}
                count={countOf(entry.badge)}
                onNavigate={onNavigate}
                linkRef={i === 0 ? firstLinkRef : undefined}
              />
            ))}
          </List>
        )}
        <Footer>
          {settings && (
            <MenuLink
              path="/settings"
              label={SETTINGS_LABEL}
              icon="settings"
              current={current === '/settings'}
              onNavigate={onNavigate}
              linkRef={menu.length === 0 ? firstLinkRef : undefined}
            />
          )}
          <li>
            <LogoutDialog
              trigger={
                <ItemButton type="button">
                  <Icon name="logout" size={18} />
                  {LOGOUT_LABEL}
                </ItemButton>
              }
            />
          </li>
        </Footer>
      </Nav>
    </Aside>
  );
}
