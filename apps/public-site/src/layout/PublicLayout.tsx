import type { CurrentUser } from '@arrendia/api-contract';
import { Button, ButtonLink, Icon, SkipLink, useThemeMode } from '@arrendia/ui';
import { type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAuthDialogs } from '../auth/AuthDialogs';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Container = styled.div`
  width: 100%;
  max-width: 1120px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.xl};
`;

const HeaderRow = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  min-height: 64px;
  padding-top: ${({ theme }) => theme.space.sm};
  padding-bottom: ${({ theme }) => theme.space.sm};
`;

const Logo = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primaryText};
  text-decoration: none;
`;

const SiteNav = styled.nav`
  flex: 1;
`;

const NavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  list-style: none;
  margin: 0;
  padding: 0;
  flex: 1;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  a:hover { color: ${({ theme }) => theme.colors.primaryText}; text-decoration: underline; }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const ThemeButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

// At least a screen tall: the footer never shows above the fold while a page loads its data, so
// the content arriving does not push it down (layout shift).
const Main = styled.main`
  min-height: calc(100vh - 64px);
  &:focus { outline: none; }
`;

const Footer = styled.footer`
  margin-top: ${({ theme }) => theme.space.xxxl};
  padding: ${({ theme }) => theme.space.xxl} 0;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FooterRow = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.lg}; list-style: none; margin: 0; padding: 0; }
`;

/** Anchors of the landing page; from another page they lead back to it. */
function sectionHref(onLanding: boolean, id: string) {
  return onLanding ? `#${id}` : `/#${id}`;
}

/** Header with navigation and the sign-in buttons, the page, and the footer. */
export function PublicLayout({ children, user = null }: { children: ReactNode; user?: CurrentUser | null }) {
  const { pathname } = useLocation();
  const onLanding = pathname === '/';
  const { openLogin, openRegister } = useAuthDialogs();
  const { mode, toggleMode } = useThemeMode();

  return (
    <>
      <SkipLink target="contenido" />
      <Header>
        <HeaderRow>
          <Logo to="/">Arrendia</Logo>
          <SiteNav aria-label="Navegación del sitio">
            <NavList>
              <li>
                <Link to="/alquiler">Alquileres</Link>
              </li>
              <li>
                <Link to="/rental-types">Tipos de alquiler</Link>
              </li>
              <li>
                <a href={sectionHref(onLanding, 'features')}>Funcionalidades</a>
              </li>
              <li>
                <a href={sectionHref(onLanding, 'pricing')}>Precios</a>
              </li>
              <li>
                <a href={sectionHref(onLanding, 'faq')}>Preguntas frecuentes</a>
              </li>
            </NavList>
          </SiteNav>
          <Actions>
            <ThemeButton type="button" onClick={toggleMode} aria-label={mode === 'dark' ? 'Activar tema claro' : 'Activar tema oscuro'}>
              <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
            </ThemeButton>
            {user ? (
              <ButtonLink as={Link} to="/dashboard">
                Ir a mi panel
              </ButtonLink>
            ) : (
              <>
                <Button variant="ghost" onClick={() => openLogin()}>
                  Iniciar Sesión
                </Button>
                <Button onClick={openRegister}>Registrarse</Button>
              </>
            )}
          </Actions>
        </HeaderRow>
      </Header>
      <Main id="contenido" tabIndex={-1}>
        {children}
      </Main>
      <Footer>
        <FooterRow>
          <p>© {new Date().getFullYear()} Arrendia · Gestión de alquileres para el mercado español</p>
          <nav aria-label="Enlaces del pie">
            <ul>
              <li>
                <Link to="/alquiler">Alquileres</Link>
              </li>
              <li>
                <Link to="/rental-types">Tipos de alquiler</Link>
              </li>
              <li>
                <a href={sectionHref(onLanding, 'faq')}>Ayuda</a>
              </li>
              <li>
                <Link to="/privacidad">Privacidad</Link>
              </li>
            </ul>
          </nav>
        </FooterRow>
      </Footer>
    </>
  );
}
