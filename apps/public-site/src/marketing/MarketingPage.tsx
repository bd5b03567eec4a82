import { planLimitText, RENTAL_PLANS, type RentalKind } from '@arrendia/api-contract';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Icon } from '@arrendia/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useAuthDialogs } from '../auth/AuthDialogs';
import { Grid, Section, SectionIntro, SectionTitle } from '../landing/sections';
import { Container } from '../layout/PublicLayout';

/** The free-trial claim of the marketing pages (spec §9). */
export const FREE_TRIAL = 'Prueba gratuita de 30 días';

export interface MarketingPlan {
  name: string;
  /** Whole euros per month. */
  price: number;
  limit: string;
  features: string[];
  highlight?: string;
}

/** The plans of a rental type (the shared RENTAL_PLANS: names, prices, limits, badge) with what each includes. */
export function marketingPlans(kind: RentalKind, features: Readonly<Record<string, string[]>>): MarketingPlan[] {
  return RENTAL_PLANS[kind].map((plan) => ({
    name: plan.name,
    price: plan.price,
    limit: planLimitText(kind, plan.limit),
    features: features[plan.name] ?? [],
    ...(plan.highlight ? { highlight: plan.highlight } : {}),
  }));
}

const Hero = styled.section`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h1 { font-size: clamp(2rem, 4vw, ${({ theme }) => theme.fontSizes.display}); max-width: 760px; }
  p { margin-top: ${({ theme }) => theme.space.lg}; max-width: 680px; font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export const CheckList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space.sm}; }
  svg { color: ${({ theme }) => theme.colors.successText}; flex-shrink: 0; }
`;

export function MarketingHero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  const { openRegister } = useAuthDialogs();
  return (
    <Hero aria-labelledby="marketing-title">
      <Container>
        <h1 id="marketing-title">{title}</h1>
        <p>{lead}</p>
        <Actions>
          <Button size="lg" onClick={openRegister}>
            Empieza tu prueba gratuita
          </Button>
          <Badge $variant="accent">{FREE_TRIAL}</Badge>
          {children}
        </Actions>
      </Container>
    </Hero>
  );
}

export function FeatureSection({ id, title, intro, items }: { id: string; title: string; intro: string; items: { title: string; text: string }[] }) {
  return (
    <Section aria-labelledby={`${id}-title`}>
      <Container>
        <SectionTitle id={`${id}-title`}>{title}</SectionTitle>
        <SectionIntro>{intro}</SectionIntro>
        <Grid>
          {items.map((item) => (
            <Card key={item.title}>
              <CardTitle>{item.title}</CardTitle>
              <CardDescription>{item.text}</CardDescription>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

export function BenefitSection({ title, items }: { title: string; items: string[] }) {
  return (
    <Section aria-labelledby="benefits-title">
      <Container>
        <SectionTitle id="benefits-title">{title}</SectionTitle>
        <CheckList>
          {items.map((item) => (
            <li key={item}>
              <Icon name="check" size={16} />
              {item}
            </li>
          ))}
        </CheckList>
      </Container>
    </Section>
  );
}

/** The three plans of a marketing page, with the 30-day free trial. */
export function PlanSection({ plans, unit }: { plans: readonly MarketingPlan[]; unit: string }) {
  const { openRegister } = useAuthDialogs();
  return (
    <Section id="planes" aria-labelledby="plans-title">
      <Container>
        <SectionTitle id="plans-title">Planes para {unit}</SectionTitle>
        <SectionIntro>{FREE_TRIAL} en todos los planes, sin tarjeta y sin permanencia.</SectionIntro>
        <Grid $min="240px">
          {plans.map((plan) => (
            <Card key={plan.name} as="article" aria-labelledby={`plan-${plan.name}`}>
              <CardHeader>
                <CardTitle id={`plan-${plan.name}`}>{plan.name}</CardTitle>
                {plan.highlight && (
                  <Tags>
                    <Badge $variant="accent">{plan.highlight}</Badge>
                  </Tags>
                )}
              </CardHeader>
              <Price>
                {plan.price} € <span>/mes</span>
              </Price>
              <CardContent>
                <CheckList>
                  {[plan.limit, ...plan.features].map((feature) => (
                    <li key={feature}>
                      <Icon name="check" size={16} />
                      {feature}
                    </li>
                  ))}
                </CheckList>
              </CardContent>
              <CardFooter>
                <Button fullWidth variant={plan.highlight ? 'primary' : 'outline'} onClick={openRegister}>
                  Probar {plan.name} gratis
                </Button>
              </CardFooter>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
