import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DemoAccess } from './DemoAccess';
import { Faq } from './Faq';
import { About, Features } from './Features';
import { Hero } from './Hero';
import { Pricing } from './Pricing';

/** Landing page (/): hero, features, about, pricing, FAQ, demo access. */
export function LandingPage() {
  const { hash } = useLocation();

  useEffect(() => {
    document.title = 'Arrendia · Gestión de alquileres';
  }, []);

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
      <DemoAccess />
    </>
  );
}
