import { Icon, useThemeMode } from '@arrendia/ui';
import styled from 'styled-components';
import { HEADER_HEIGHT, SIDEBAR_ID } from './Sidebar';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: ${HEADER_HEIGHT}px;
  padding: 0 ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/* Not a heading: the page's h1 belongs to the remote's content, the header only says where you are. */
const Title = styled.p`
  flex: 1;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const IconButton = styled.button`
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
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const MenuButton = styled(IconButton)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

interface TopHeaderProps {
  title: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Page title, the small-screen menu button and the theme switch. */
export function TopHeader({ title, menuOpen, onToggleMenu }: TopHeaderProps) {
  const { mode, toggleMode } = useThemeMode();
  return (
    <Bar>
      <MenuButton type="button" aria-expanded={menuOpen} aria-controls={SIDEBAR_ID} aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'} onClick={onToggleMenu}>
        <Icon name={menuOpen ? 'close' : 'menu'} />
      </MenuButton>
      <Title>{title}</Title>
      <IconButton type="button" onClick={toggleMode} aria-label={mode === 'dark' ? 'Activar tema claro' : 'Activar tema oscuro'}>
        <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
      </IconButton>
    </Bar>
  );
}
