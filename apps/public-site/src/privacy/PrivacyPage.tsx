import { ACCOUNT_ERASED_MESSAGE, ACCOUNT_ERASED_PARAM, ACCOUNT_ERASED_VALUE, ERASED_NAME } from '@arrendia/api-contract';
import { Card, CardContent, CardTitle } from '@arrendia/ui';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Section, SectionIntro, SectionTitle } from '../landing/sections';
import { Container } from '../layout/PublicLayout';
import { usePageMeta } from '../seo/usePageMeta';

/**
 * What Arrendia keeps after a person's account is erased (issue 35, point 3), why and for how long.
 * The periods are the law's; PrivacyPage.test.tsx pins them with their sources.
 */
export const RETENTION = [
  {
    what: 'Contratos de arrendamiento, sus anexos y documentos',
    period: '5 años desde que termina el contrato',
    why: 'Para atender las reclamaciones que nazcan del contrato: las acciones personales sin plazo especial prescriben a los cinco años (Código Civil, art. 1964.2).',
  },
  {
    what: 'Rentas, cobros, fianzas y demás pagos, con sus recibos',
    period: '4 años, y 6 años cuando el arrendador lleva contabilidad como empresario',
    why: 'La Administración tributaria puede comprobar y liquidar durante cuatro años (Ley General Tributaria, art. 66) y el empresario debe conservar libros, correspondencia, documentación y justificantes durante seis años (Código de Comercio, art. 30).',
  },
  {
    what: 'Registro de auditoría de los cambios',
    period: 'El mismo plazo que los datos que documenta',
    why: 'Prueba quién hizo cada cambio en contratos y pagos; sus filas se conservan con tus datos identificativos sustituidos.',
  },
] as const;

/** What erasing an account deletes or replaces. */
export const ERASED = [
  `Tu nombre, que pasa a ser «${ERASED_NAME}», y tu correo electrónico, que se sustituye por una dirección que no recibe correo.`,
  'Tu teléfono, NIF/NIE, dirección fiscal, IBAN y foto de perfil.',
  'Tu contraseña y la verificación en dos pasos: nadie puede volver a entrar en la cuenta.',
  'Tus sesiones abiertas, tus notificaciones, tus informes guardados y los enlaces pendientes (invitaciones, restablecimiento de contraseña, confirmación de correo).',
  'Los intentos de inicio de sesión con tu correo y los datos de contacto de las solicitudes que enviaste desde los anuncios.',
  'Tu nombre y tus datos donde se copiaron: avisos, correos enviados y el registro de auditoría.',
  'En tus mensajes e incidencias, tu correo, teléfono, NIF e IBAN si los escribiste; el resto del texto se conserva para que la otra parte pueda seguir la conversación.',
] as const;

const Hero = styled.section`
  padding: ${({ theme }) => theme.space.xxxl} 0 ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h1 { font-size: clamp(2rem, 4vw, ${({ theme }) => theme.fontSizes.display}); }
  p { margin-top: ${({ theme }) => theme.space.lg}; max-width: 680px; font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 820px;
`;

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.xl};
  li + li { margin-top: ${({ theme }) => theme.space.xs}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; vertical-align: top; padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  thead th { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** /privacidad: the privacy policy, with what an erasure deletes and what it keeps, why and how long; after an erasure, its confirmation. */
export function PrivacyPage() {
  const [params] = useSearchParams();
  const erased = params.get(ACCOUNT_ERASED_PARAM) === ACCOUNT_ERASED_VALUE;
  usePageMeta({
    title: 'Política de privacidad',
    description: 'Qué datos personales trata Arrendia, tus derechos y qué se conserva tras eliminar una cuenta, por qué y durante cuánto tiempo.',
  });
  return (
    <>
      <Hero aria-labelledby="privacy-title">
        <Container>
          <h1 id="privacy-title">Política de privacidad</h1>
          <p>Qué datos personales tratamos, qué derechos tienes y qué conservamos cuando eliminas tu cuenta, por qué y durante cuánto tiempo.</p>
        </Container>
      </Hero>
      <Section aria-label="Contenido de la política de privacidad">
        <Container>
          <Stack>
            {erased && (
              <Card role="status">
                <CardTitle as="h2">Cuenta eliminada</CardTitle>
                <CardContent>{ACCOUNT_ERASED_MESSAGE}</CardContent>
              </Card>
            )}
            <div>
              <SectionTitle>Qué datos tratamos</SectionTitle>
              <SectionIntro>
                Los de tu cuenta (nombre, correo electrónico, teléfono, NIF/NIE, dirección fiscal, IBAN y foto) y los de tus alquileres: contratos, cobros y pagos, incidencias,
                mensajes y documentos. Los tratamos para prestar el servicio y para cumplir las obligaciones legales de arrendadores y agencias.
              </SectionIntro>
            </div>
            <div>
              <SectionTitle>Tus derechos</SectionTitle>
              <SectionIntro>
                Puedes acceder a tus datos y llevártelos, corregirlos en Configuración › Perfil y pedir que se supriman con «Eliminar mi cuenta» en Configuración › Seguridad. Cuando
                termina tu contrato, tu arrendador o tu agencia también pueden eliminar tus datos personales. Si crees que no hemos atendido tus derechos, puedes reclamar ante la
                Agencia Española de Protección de Datos.
              </SectionIntro>
            </div>
            <div>
              <SectionTitle>Qué se borra al eliminar tu cuenta</SectionTitle>
              <List aria-label="Qué se borra">
                {ERASED.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            </div>
            <div>
              <SectionTitle>Qué conservamos, por qué y durante cuánto tiempo</SectionTitle>
              <SectionIntro>
                La ley obliga a guardar algunos datos después de que termine la relación. Los conservamos con tus datos identificativos sustituidos, bloqueados: solo se ponen a
                disposición de jueces y tribunales, el Ministerio Fiscal y las administraciones competentes (Ley Orgánica 3/2018, art. 32), y se destruyen al acabar el plazo.
              </SectionIntro>
              <Table aria-label="Datos que se conservan">
                <thead>
                  <tr>
                    <th scope="col">Qué</th>
                    <th scope="col">Durante cuánto tiempo</th>
                    <th scope="col">Por qué</th>
                  </tr>
                </thead>
                <tbody>
                  {RETENTION.map((row) => (
                    <tr key={row.what}>
                      <th scope="row">{row.what}</th>
                      <td>{row.period}</td>
                      <td>{row.why}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <div>
              <SectionTitle>Cuándo no se puede eliminar una cuenta todavía</SectionTitle>
              <List aria-label="Cuándo no se puede eliminar">
                <li>Mientras tengas un contrato en vigor: el arrendador necesita poder identificar a la otra parte hasta que termine.</li>
                <li>Si eres propietario con contratos en vigor en tus propiedades: entrégalas a otro propietario o finaliza esos contratos antes.</li>
                <li>Si eres el último gestor de una agencia que gestiona propiedades, o el último superadministrador de la plataforma.</li>
              </List>
            </div>
          </Stack>
        </Container>
      </Section>
    </>
  );
}
