import { usePageMeta } from '../seo/usePageMeta';
import { BenefitSection, FeatureSection, MarketingHero, PlanSection, type MarketingPlan } from './MarketingPage';

/** Rooms plans of spec §9: Starter 29 (10 rooms), Professional 49 (50, popular), Enterprise 89 (unlimited). */
export const ROOM_PLANS: readonly MarketingPlan[] = [
  { name: 'Starter', price: 29, limit: 'Hasta 10 habitaciones', features: ['Contratos por habitación', 'Cobros y recibos', 'Soporte por email'] },
  {
    name: 'Professional',
    price: 49,
    limit: 'Hasta 50 habitaciones',
    features: ['Todo lo de Starter', 'Gastos compartidos por piso', 'Incidencias con seguimiento', 'Informes mensuales'],
    highlight: 'Más popular',
  },
  { name: 'Enterprise', price: 89, limit: 'Habitaciones ilimitadas', features: ['Todo lo de Professional', 'Varios gestores y agencias', 'Soporte prioritario'] },
];

export function RoomsManagementPage() {
  usePageMeta({
    title: 'Gestión de habitaciones en alquiler',
    description: 'Gestiona pisos compartidos por habitaciones: un contrato, una renta y un inquilino por habitación. Planes desde 29 €/mes con 30 días de prueba gratis.',
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
      <PlanSection plans={ROOM_PLANS} unit="habitaciones" />
    </>
  );
}
