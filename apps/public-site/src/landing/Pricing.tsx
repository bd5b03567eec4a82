import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Icon } from '@arrendia/ui';
import styled from 'styled-components';
import { useAuthDialogs } from '../auth/AuthDialogs';
import { Container } from '../layout/PublicLayout';
import { Grid, Section, SectionIntro, SectionTitle } from './sections';

/** The three landing plans of spec §9, word for word in Spanish. */
export const PLANS = [
  { name: 'Básico', price: '19,90', period: '30 días', features: ['Hasta 5 propiedades', 'Gestión de contratos', 'Soporte por email'] },
  { name: 'Estándar', price: '29,90', period: '3 meses', features: ['Hasta 20 propiedades', 'Reportes detallados', 'Soporte telefónico'] },
  {
    name: 'Premium',
    price: '49,90',
    period: '1 año',
    bestOffer: true,
    features: ['Propiedades ilimitadas', 'Analíticas avanzadas', 'Soporte prioritario', 'Integración API'],
  },
] as const;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const FeatureList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space.sm}; }
  svg { color: ${({ theme }) => theme.colors.successText}; flex-shrink: 0; }
`;

export function Pricing() {
  const { openRegister } = useAuthDialogs();
  return (
    <Section id="pricing" aria-labelledby="pricing-title">
      <Container>
        <SectionTitle id="pricing-title">Planes y precios</SectionTitle>
        <SectionIntro>Elige el plan que encaja con tu cartera. Sin permanencia en los planes mensuales.</SectionIntro>
        <Grid $min="260px">
          {PLANS.map((plan) => (
            <Card key={plan.name} as="article" aria-labelledby={`plan-${plan.name}`}>
              <CardHeader>
                <CardTitle id={`plan-${plan.name}`}>{plan.name}</CardTitle>
                <Badges>
                  <Badge>{plan.period}</Badge>
                  {'bestOffer' in plan && <Badge $variant="accent">Mejor oferta</Badge>}
                </Badges>
              </CardHeader>
              <Price>
                {plan.price} € <span>/mes</span>
              </Price>
              <CardContent>
                <FeatureList>
                  {plan.features.map((feature) => (
                    <li key={feature}>
                      <Icon name="check" size={16} />
                      {feature}
                    </li>
                  ))}
                </FeatureList>
              </CardContent>
              <CardFooter>
                <Button fullWidth variant={'bestOffer' in plan ? 'primary' : 'outline'} onClick={openRegister}>
                  Empezar con {plan.name}
                </Button>
              </CardFooter>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
