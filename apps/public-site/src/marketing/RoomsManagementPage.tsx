import { ROOM_PLANS } from '@arrendia/api-contract';
import { usePageMeta } from '../seo/usePageMeta';
import { BenefitSection, FeatureSection, marketingPlans, MarketingHero, PlanSection } from './MarketingPage';

/** What each rooms plan includes besides its limit; names, prices and limits are the shared ROOM_PLANS (spec §9). */
const ROOM_PLAN_FEATURES: Readonly<Record<string, string[]>> = {
  Starter: ['Contratos por habitación', 'Cobros y recibos', 'Soporte por email'],
  Professional: ['Todo lo de Starter', 'Gastos compartidos por piso', 'Incidencias con seguimiento', 'Informes mensuales'],
  Enterprise: ['Todo lo de Professional', 'Varios gestores y agencias', 'Soporte prioritario'],
};

export function RoomsManagementPage() {
  usePageMeta({
    title: 'Gestión de habitaciones en alquiler',
    description: `Gestiona pisos compartidos por habitaciones: un contrato, una renta y un inquilino por habitación. Planes desde ${ROOM_PLANS[0].price} €/mes con 30 días de prueba gratis.`,
  });
  return (
    <>
      <MarketingHero
        title="Gestión de Habitaciones"
        lead="Para quien alquila pisos por habitaciones: cada habitación con su contrato, su renta, sus inquilinos y sus incidencias, y el piso con sus gastos comunes."
      />
      <FeatureSection
        id="features"
        title="Funcionalidades"
        intro="Todo lo que un piso compartido necesita, habitación por habitación."
        items={[
          { title: 'Contrato por habitación', text: 'Fechas, renta, fianza y día de pago de cada habitación, con avisos de renovación.' },
          { title: 'Ocupación al día', text: 'Qué habitaciones están libres, reservadas o alquiladas en cada piso.' },
          { title: 'Gastos comunes', text: 'Suministros y limpieza repartidos entre las habitaciones del piso.' },
          { title: 'Incidencias', text: 'Cada inquilino comunica las suyas y tú las sigues hasta cerrarlas.' },
        ]}
      />
      <BenefitSection
        title="Ventajas"
        items={['Menos habitaciones vacías entre inquilinos', 'Cobros controlados mes a mes', 'Comunicación ordenada con cada inquilino', 'Todo en euros y con fechas en formato español']}
      />
      <PlanSection plans={marketingPlans('rooms', ROOM_PLAN_FEATURES)} unit="habitaciones" />
    </>
  );
}
