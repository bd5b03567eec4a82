import styled from 'styled-components';

export const MAIN_CONTENT_ID = 'main-content';

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

/** First tab stop of the page: jumps over the navigation to the content. */
export function SkipLink() {
  return <Link href={`#${MAIN_CONTENT_ID}`}>Saltar al contenido principal</Link>;
}
