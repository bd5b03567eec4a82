import { APARTMENT_PLANS } from '@arrendia/api-contract';
import { usePageMeta } from '../seo/usePageMeta';
import { BenefitSection, FeatureSection, marketingPlans, MarketingHero, PlanSection } from './MarketingPage';

/** What each apartments plan includes besides its limit; names, prices and limits are the shared APARTMENT_PLANS (spec §9). */
const APARTMENT_PLAN_FEATURES: Readonly<Record<string, string[]>> = {
  Basic: ['Contratos y fianzas', 'Cobros y recibos', 'Soporte por email'],
  Professional: ['Todo lo de Basic', 'Finanzas por apartamento', 'Incidencias con seguimiento', 'Informes mensuales'],
  Enterprise: ['Todo lo de Professional', 'Varios gestores y agencias', 'Soporte prioritario'],
};

export function ApartmentsManagementPage() {
  usePageMeta({
    title: 'Gestión de apartamentos en alquiler',
    description: `Gestiona viviendas completas en alquiler: contratos, fianzas, cobros e incidencias de cada apartamento. Planes desde ${APARTMENT_PLANS[0].price} €/mes con 30 días de prueba gratis.`,
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
      <PlanSection plans={marketingPlans('apartments', APARTMENT_PLAN_FEATURES)} unit="apartamentos" />
    </>
  );
}
