import { Card, CardDescription, CardTitle, Icon, type IconName } from '@arrendia/ui';
import styled from 'styled-components';
import { Container } from '../layout/PublicLayout';
import { Grid, Section, SectionIntro, SectionTitle } from './sections';

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  { icon: 'building', title: 'Propiedades y unidades', text: 'Tus inmuebles, habitaciones, garajes y locales, con sus datos catastrales y su estado.' },
  { icon: 'file', title: 'Contratos', text: 'Fechas, renta, día de pago, fianza y avisos de renovación de cada contrato.' },
  { icon: 'euro', title: 'Finanzas', text: 'Ingresos y gastos por propiedad, beneficio neto y rentabilidad mes a mes.' },
  { icon: 'alert', title: 'Incidencias', text: 'Los inquilinos las comunican y tú sigues cada una hasta cerrarla.' },
  { icon: 'message', title: 'Mensajes', text: 'Conversaciones con inquilinos, propietarios y agencia en un mismo sitio.' },
  { icon: 'folder', title: 'Documentos', text: 'Contratos, recibos e inventarios ordenados y a mano.' },
];

const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentSoftText};
`;

export function Features() {
  return (
    <Section id="features" aria-labelledby="features-title">
      <Container>
        <SectionTitle id="features-title">Todo lo que necesitas para gestionar tus alquileres</SectionTitle>
        <SectionIntro>Una herramienta para cada parte del alquiler, del contrato a la última incidencia.</SectionIntro>
        <Grid>
          {FEATURES.map((feature) => (
            <Card key={feature.title}>
              <IconBox>
                <Icon name={feature.icon} size={22} />
              </IconBox>
              <CardTitle>{feature.title}</CardTitle>
              <CardDescription>{feature.text}</CardDescription>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

export function About() {
  return (
    <Section aria-labelledby="about-title">
      <Container>
        <SectionTitle id="about-title">Pensado para el alquiler en España</SectionTitle>
        <SectionIntro>
          Importes en euros, fechas en formato español y comprobación de NIF, NIE, CIF, IBAN y referencia catastral. Propietarios,
          agencias, agentes e inquilinos ven cada uno lo que les corresponde.
        </SectionIntro>
      </Container>
    </Section>
  );
}
