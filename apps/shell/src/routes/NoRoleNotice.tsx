import { useId } from 'react';
import styled from 'styled-components';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 560px;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A signed-in user whose account has no role may open nothing (spec §6). */
export function NoRoleNotice() {
  const titleId = useId();
  return (
    <Wrapper aria-labelledby={titleId}>
      <Title id={titleId}>Tu cuenta no tiene acceso todavía</Title>
      <Text>Tu usuario no tiene ningún rol asignado. Pide a un administrador que te asigne uno para empezar a usar Arrendia.</Text>
    </Wrapper>
  );
}
