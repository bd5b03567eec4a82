import { usePageMeta } from '../seo/usePageMeta';
import { BenefitSection, FeatureSection, MarketingHero, PlanSection, type MarketingPlan } from './MarketingPage';

/** The large-portfolio solution of the rental-types comparison (spec §9): unlimited units from 89 €/mes. */
export const PORTFOLIO_PLANS: readonly MarketingPlan[] = [
  {
    name: 'Propiedades',
    price: 89,
    limit: 'Unidades ilimitadas',
    features: ['Edificios, viviendas, locales, garajes y trasteros', 'Varios propietarios, gestores y agencias', 'Informes de cartera', 'Soporte prioritario'],
  },
];

export function PropertiesManagementPage() {
  usePageMeta({
    title: 'Gestión de carteras de propiedades',
    description: 'Para carteras grandes: edificios, locales, garajes y agencias con propietarios delegados. Unidades ilimitadas desde 89 €/mes con 30 días de prueba gratis.',
  });
  return (
    <>
      <MarketingHero
        title="Gestión de Propiedades"
        lead="Para agencias y grandes propietarios: todas las unidades de la cartera, sus contratos, cobros e incidencias, y cada propietario con su propio acceso."
      />
      <FeatureSection
        id="features"
        title="Funcionalidades"
        intro="Una cartera completa, de un vistazo y al detalle."
        items={[
          { title: 'Cartera sin límites', text: 'Viviendas, habitaciones, locales, oficinas, garajes y trasteros en una sola cuenta.' },
          { title: 'Propietarios y agencias', text: 'Cada propietario ve lo suyo; la agencia y sus agentes gestionan lo que tienen encomendado.' },
          { title: 'Informes', text: 'Informes financieros, de ocupación y de inquilinos en PDF para cada periodo.' },
          { title: 'Incidencias', text: 'Seguimiento de cada incidencia, de la comunicación al cierre, con su coste.' },
        ]}
      />
      <BenefitSection
        title="Ventajas"
        items={['Una sola herramienta para toda la cartera', 'Propietarios informados sin llamadas', 'Rentabilidad por propiedad', 'Todo en euros y con fechas en formato español']}
      />
      <PlanSection plans={PORTFOLIO_PLANS} unit="unidades" />
    </>
  );
}
