import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} 0;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The spec's 404 text (spec §2 and §8), word for word. */
export const NOT_FOUND_TEXT = '404 Page Not Found';

export interface NotFoundProps {
  /** A way back, e.g. a link to the start page. */
  action?: ReactNode;
}

/** The page shown for a path nothing renders. */
export function NotFound({ action }: NotFoundProps) {
  const titleId = useId();
  return (
    <Wrapper aria-labelledby={titleId}>
      <Title id={titleId}>{NOT_FOUND_TEXT}</Title>
      <Text>La página que buscas no existe o se ha movido.</Text>
      {action}
    </Wrapper>
  );
}
