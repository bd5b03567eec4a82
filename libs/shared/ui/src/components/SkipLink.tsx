import styled from 'styled-components';

const Link = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndices.toast};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  &:focus { top: ${({ theme }) => theme.space.md}; }
`;

/**
 * First tab stop of a page: hidden until focused, it jumps over the navigation to the element
 * with id `target` (the page's main content, focusable with tabIndex -1).
 */
export function SkipLink({ target }: { target: string }) {
  return <Link href={`#${target}`}>Saltar al contenido principal</Link>;
}
