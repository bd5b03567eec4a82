import { canAccessRoute, routeOf, type AppRoute } from '@arrendia/permissions';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';

/** The header's tabs (spec §2) and where each one goes. */
export const HEADER_TABS: ReadonlyArray<{ label: string; path: AppRoute }> = [
  { label: 'Resumen', path: '/dashboard' },
  { label: 'Análisis', path: '/analytics' },
  { label: 'Informes', path: '/reports' },
];

const Nav = styled.nav`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    display: none; /* the sidebar drawer reaches the same pages */
  }
`;

const List = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: ${({ theme }) => theme.space.xxs};
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const TabLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  white-space: nowrap;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
`;

/**
 * Resumen, Análisis and Informes as links to /dashboard, /analytics and /reports: only those the
 * role may open, the current one marked with aria-current. Links, not ARIA tabs: they change page.
 */
export function HeaderTabs({ roleName }: { roleName: string | null }) {
  const current = routeOf(useLocation().pathname);
  const tabs = HEADER_TABS.filter((tab) => canAccessRoute(roleName, tab.path));
  if (tabs.length === 0) return null;
  return (
    <Nav aria-label="Vistas">
      <List>
        {tabs.map((tab) => (
          <li key={tab.path}>
            <TabLink to={tab.path} aria-current={current === tab.path ? 'page' : undefined}>
              {tab.label}
            </TabLink>
          </li>
        ))}
      </List>
    </Nav>
  );
}
