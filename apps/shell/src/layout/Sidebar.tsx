import type { CurrentUser } from '@arrendia/api-contract';
import { LOGOUT_LABEL, menuFor, roleLabel, routeOf, SETTINGS_LABEL, canAccessRoute } from '@arrendia/permissions';
import { AlertDialog, Avatar, Icon, initialsOf, isIconName } from '@arrendia/ui';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useLogout } from './useLogout';

export const SIDEBAR_ID = 'app-sidebar';
export const HEADER_HEIGHT = 64;
export const LOGOUT_QUESTION = '¿Estás seguro de que quieres cerrar sesión?';

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
    inset: ${HEADER_HEIGHT}px auto 0 0;
    height: auto;
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

/** Full name, or 'Usuario' when the user has none (spec §2). */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ') || 'Usuario';
}

interface SidebarProps {
  user: CurrentUser;
  open: boolean;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

/** Logo, the user, the role's menu, then Configuración and Cerrar Sesión. */
export function Sidebar({ user, open, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const roleName = user.role?.roleName ?? null;
  const current = routeOf(pathname);
  const logout = useLogout();
  const name = displayName(user);
  const menu = menuFor(roleName);

  const link = (path: string, label: string, icon: string) => (
    <li key={path}>
      <ItemLink to={path} aria-current={current === path ? 'page' : undefined} onClick={onNavigate}>
        {isIconName(icon) && <Icon name={icon} size={18} />}
        {label}
      </ItemLink>
    </li>
  );

  return (
    <Aside id={SIDEBAR_ID} $open={open}>
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
        {menu.length > 0 && <List>{menu.map((entry) => link(entry.path, entry.label, entry.icon))}</List>}
        <Footer>
          {canAccessRoute(roleName, '/settings') && link('/settings', SETTINGS_LABEL, 'settings')}
          <li>
            <AlertDialog
              trigger={
                <ItemButton type="button">
                  <Icon name="logout" size={18} />
                  {LOGOUT_LABEL}
                </ItemButton>
              }
              title={LOGOUT_QUESTION}
              confirmLabel={LOGOUT_LABEL}
              cancelLabel="Cancelar"
              onConfirm={() => void logout()}
              destructive
            />
          </li>
        </Footer>
      </Nav>
    </Aside>
  );
}
