import type { Settings } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { Card, CardDescription, CardTitle, FactList, MutedText } from '@arrendia/ui';
import styled from 'styled-components';

const Meter = styled.progress`
  width: 100%;
  height: 10px;
`;

/** 'Facturación': the user's plan (spec §9) and how much of its property limit is used. */
export function BillingTab({ billing }: { billing: Settings['billing'] }) {
  const { plan, properties } = billing;
  const paid = Number(plan.monthlyPrice) > 0;
  return (
    <Card>
      <CardTitle>{plan.name}</CardTitle>
      <CardDescription>{paid ? `${formatEuros(plan.monthlyPrice)} al mes` : 'Sin coste para ti'}</CardDescription>
      <FactList>
        <dt>Propiedades</dt>
        <dd>{plan.propertyLimit === null ? 'Ilimitadas' : `Hasta ${plan.propertyLimit} propiedades`}</dd>
        <dt>En uso</dt>
        <dd>{plan.propertyLimit === null ? `${properties} ${properties === 1 ? 'propiedad' : 'propiedades'}` : `${properties} de ${plan.propertyLimit} propiedades`}</dd>
      </FactList>
      {plan.propertyLimit !== null && (
        <>
          <Meter max={plan.propertyLimit} value={Math.min(properties, plan.propertyLimit)} aria-label={`Propiedades usadas: ${properties} de ${plan.propertyLimit}`} />
          {properties >= plan.propertyLimit && <MutedText role="status">Has alcanzado el límite de tu plan: archiva una propiedad para añadir otra.</MutedText>}
        </>
      )}
    </Card>
  );
}
