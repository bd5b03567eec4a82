import { APARTMENT_PLANS, ROOM_PLANS } from '@arrendia/api-contract';
import { Badge, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Icon } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Grid, Section } from '../landing/sections';
import { Container } from '../layout/PublicLayout';
import { usePageMeta } from '../seo/usePageMeta';
import { CheckList, FREE_TRIAL, MarketingHero } from './MarketingPage';

/** The comparison of spec §9: rooms 5-50 units from 29, apartments 1-20 from 39, properties unlimited from 89. */
export const RENTAL_TYPES = [
  {
    title: 'Habitaciones',
    units: '5-50 unidades',
    from: ROOM_PLANS[0].price,
    to: '/rooms-management',
    text: 'Pisos compartidos alquilados por habitaciones.',
    points: ['Contrato por habitación', 'Gastos comunes repartidos', 'Ocupación por piso'],
  },
  {
    title: 'Apartamentos',
    units: '1-20 unidades',
    from: APARTMENT_PLANS[0].price,
    to: '/apartments-management',
    text: 'Viviendas completas con un contrato cada una.',
    points: ['Contratos y fianzas', 'Cobros mensuales', 'Rentabilidad por vivienda'],
  },
  {
    title: 'Propiedades',
    units: 'Unidades ilimitadas',
    from: 89,
    to: '/properties-management',
    text: 'Carteras grandes: edificios, locales, garajes y agencias.',
    points: ['Varios propietarios y gestores', 'Informes de cartera', 'Soporte prioritario'],
  },
] as const;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export function RentalTypesPage() {
  usePageMeta({
    title: 'Tipos de alquiler: habitaciones, apartamentos y propiedades',
    description: 'Compara las soluciones de Arrendia para alquilar por habitaciones (desde 29 €/mes), apartamentos (desde 39 €/mes) o carteras completas (desde 89 €/mes).',
  });
  return (
    <>
      <MarketingHero
        title="Tipos de alquiler"
        lead="Arrendia se adapta a cómo alquilas: por habitaciones, por apartamentos completos o con una cartera grande de propiedades."
      />
      <Section aria-label="Comparativa de soluciones">
        <Container>
          <Grid $min="260px">
            {RENTAL_TYPES.map((type) => (
              <Card key={type.title} as="article" aria-labelledby={`type-${type.to}`}>
                <CardHeader>
                  <CardTitle id={`type-${type.to}`}>{type.title}</CardTitle>
                  <div>
                    <Badge>{type.units}</Badge>
                  </div>
                </CardHeader>
                <CardDescription>{type.text}</CardDescription>
                <Price>Desde {type.from} €/mes</Price>
                <CardContent>
                  <CheckList>
                    {[...type.points, FREE_TRIAL].map((point) => (
                      <li key={point}>
                        <Icon name="check" size={16} />
                        {point}
                      </li>
                    ))}
                  </CheckList>
                </CardContent>
                <CardFooter>
                  <Link to={type.to}>Ver gestión de {type.title.toLowerCase()}</Link>
                </CardFooter>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}
