import { usePageMeta } from '../seo/usePageMeta';
import { BenefitSection, FeatureSection, MarketingHero, PlanSection, type MarketingPlan } from './MarketingPage';

/** Apartments plans of spec §9: Basic 39 (5), Professional 69 (20, recommended), Enterprise 119 (unlimited). */
export const APARTMENT_PLANS: readonly MarketingPlan[] = [
  { name: 'Basic', price: 39, limit: 'Hasta 5 apartamentos', features: ['Contratos y fianzas', 'Cobros y recibos', 'Soporte por email'] },
  {
    name: 'Professional',
    price: 69,
    limit: 'Hasta 20 apartamentos',
    features: ['Todo lo de Basic', 'Finanzas por apartamento', 'Incidencias con seguimiento', 'Informes mensuales'],
    highlight: 'Recomendado',
  },
  { name: 'Enterprise', price: 119, limit: 'Apartamentos ilimitados', features: ['Todo lo de Professional', 'Varios gestores y agencias', 'Soporte prioritario'] },
];

export function ApartmentsManagementPage() {
  usePageMeta({
    title: 'Gestión de apartamentos en alquiler',
    description: 'Gestiona viviendas completas en alquiler: contratos, fianzas, cobros e incidencias de cada apartamento. Planes desde 39 €/mes con 30 días de prueba gratis.',
  });
  return (
    <>
      <MarketingHero
        title="Gestión de Apartamentos"
        lead="Para quien alquila viviendas completas: contratos, fianzas, cobros, gastos e incidencias de cada apartamento en un solo lugar."
      />
      <FeatureSection
        id="features"
        title="Funcionalidades"
        intro="Cada apartamento con su historia completa, del primer contrato a la última reparación."
        items={[
          { title: 'Contratos y fianzas', text: 'Duración, renta, fianza legal y avisos de renovación de cada contrato.' },
          { title: 'Cobros', text: 'Qué inquilino ha pagado y qué recibos están pendientes cada mes.' },
          { title: 'Finanzas', text: 'Ingresos, gastos y rentabilidad de cada apartamento.' },
          { title: 'Incidencias', text: 'Avisos de los inquilinos con prioridad, presupuesto y coste final.' },
        ]}
      />
      <BenefitSection
        title="Ventajas"
        items={['Rentabilidad real de cada vivienda', 'Documentos y contratos siempre a mano', 'Inquilinos atendidos a tiempo', 'Todo en euros y con fechas en formato español']}
      />
      <PlanSection plans={APARTMENT_PLANS} unit="apartamentos" />
    </>
  );
}
