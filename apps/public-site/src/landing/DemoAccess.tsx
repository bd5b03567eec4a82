import styled from 'styled-components';
import { useAuthDialogs } from '../auth/AuthDialogs';
import { DEMO_PASSWORD, useLogin } from '../auth/useAuthMutations';
import { Container } from '../layout/PublicLayout';
import { Grid, Section, SectionIntro, SectionTitle } from './sections';

/** The four demo cards of the landing page (spec §2). */
export const DEMO_ACCOUNTS = [
  { label: 'Administrador', email: 'admin@demo.arrendia.es', text: 'Toda la plataforma: usuarios, propiedades y módulos.' },
  { label: 'Propietario', email: 'owner@demo.arrendia.es', text: 'Tus propiedades, contratos, cobros e incidencias.' },
  { label: 'Agencia/Agente', email: 'manager@demo.arrendia.es', text: 'La cartera gestionada por una agencia.' },
  { label: 'Inquilino', email: 'tenant@demo.arrendia.es', text: 'Tu contrato, tus pagos y tus incidencias.' },
] as const;

const DemoButton = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primaryText}; }
  &:disabled { opacity: 0.7; cursor: progress; }
`;

const Label = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Email = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  word-break: break-all;
`;

const Text = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One click signs in as a demo account; its label reads 'Accediendo...' while the call runs. */
export function DemoAccess() {
  const { openLogin } = useAuthDialogs();
  // A demo account someone turned two-factor authentication on for: the login dialog, for password and code.
  const login = useLogin('/dashboard', ({ email }) => openLogin(email));
  const pendingEmail = login.isPending ? login.variables?.email : null;

  return (
    <Section id="demo" aria-labelledby="demo-title">
      <Container>
        <SectionTitle id="demo-title">Prueba Arrendia con una cuenta de demostración</SectionTitle>
        <SectionIntro>Entra con un clic en cualquiera de los perfiles. Todas usan la contraseña {DEMO_PASSWORD}.</SectionIntro>
        <Grid $min="220px">
          {DEMO_ACCOUNTS.map((account) => (
            <DemoButton
              key={account.email}
              type="button"
              disabled={login.isPending}
              aria-busy={pendingEmail === account.email || undefined}
              onClick={() => login.mutate({ email: account.email, password: DEMO_PASSWORD })}
            >
              <Label>{pendingEmail === account.email ? 'Accediendo...' : account.label}</Label>
              <Email>{account.email}</Email>
              <Text>{account.text}</Text>
            </DemoButton>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
