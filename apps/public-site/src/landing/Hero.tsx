import { Button } from '@arrendia/ui';
import styled from 'styled-components';
import { useAuthDialogs } from '../auth/AuthDialogs';
import { Container } from '../layout/PublicLayout';

const Wrapper = styled.section`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h1`
  font-size: clamp(2rem, 5vw, ${({ theme }) => theme.fontSizes.display});
  max-width: 760px;
`;

const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  max-width: 640px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`;

export function Hero() {
  const { openLogin, openRegister } = useAuthDialogs();
  return (
    <Wrapper aria-labelledby="hero-title">
      <Container>
        <Title id="hero-title">Gestiona tus alquileres sin complicaciones</Title>
        <Lead>
          Arrendia reúne propiedades, contratos, cobros, incidencias y mensajes en un solo lugar para propietarios, agencias e
          inquilinos.
        </Lead>
        <Actions>
          <Button size="lg" onClick={openRegister}>
            Registrarse
          </Button>
          <Button size="lg" variant="outline" onClick={() => openLogin()}>
            Iniciar Sesión
          </Button>
        </Actions>
      </Container>
    </Wrapper>
  );
}
