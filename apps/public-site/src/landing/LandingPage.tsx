import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DemoAccess } from './DemoAccess';
import { Faq } from './Faq';
import { About, Features } from './Features';
import { Hero } from './Hero';
import { Pricing } from './Pricing';
import { usePageMeta } from '../seo/usePageMeta';
import { useSite } from './useSite';

/** Landing page (/): hero, features, about, pricing, FAQ, demo access (where the demo accounts exist). */
export function LandingPage() {
  const { hash } = useLocation();
  // Without demo accounts (production) the block would offer sign-ins that fail: not shown.
  const site = useSite();

  usePageMeta({
    title: 'Gestión de alquileres para propietarios, agencias e inquilinos',
    description:
      'Arrendia reúne propiedades, contratos, cobros, incidencias y mensajes de tus alquileres en España. Planes desde 19,90 €/mes y un plan gratuito de hasta 2 propiedades.',
  });

  // Arriving from another page with /#pricing: scroll once the section exists.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <Hero />
      <Features />
      <About />
      <Pricing />
      <Faq />
      {site.data?.demoAccounts && <DemoAccess />}
    </>
  );
}
