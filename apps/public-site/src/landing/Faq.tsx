import styled from 'styled-components';
import { Container } from '../layout/PublicLayout';
import { Section, SectionIntro, SectionTitle } from './sections';

/** The FAQ claims of spec §9. */
const QUESTIONS = [
  { q: '¿Hay un plan gratuito?', a: 'Sí. Puedes gestionar hasta 2 propiedades gratis, sin tarjeta.' },
  { q: '¿Los planes tienen permanencia?', a: 'No. Los planes mensuales no tienen permanencia: puedes darte de baja cuando quieras.' },
  { q: '¿Puedo cambiar de plan?', a: 'Sí, en cualquier momento. El cambio se prorratea en tu siguiente factura.' },
  {
    q: '¿Qué formas de pago aceptáis?',
    a: 'Visa, Mastercard, American Express y PayPal. Los planes anuales también pueden pagarse por transferencia bancaria.',
  },
  {
    q: '¿Qué soporte ofrecéis?',
    a: 'Soporte por email en todos los planes, por teléfono en Estándar y Premium, y atención 24/7 en Premium.',
  },
];

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 760px;
`;

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  p {
    margin-top: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function Faq() {
  return (
    <Section id="faq" aria-labelledby="faq-title">
      <Container>
        <SectionTitle id="faq-title">Preguntas frecuentes</SectionTitle>
        <SectionIntro>Lo que más nos preguntan antes de empezar.</SectionIntro>
        <List>
          {QUESTIONS.map(({ q, a }) => (
            <Item key={q}>
              <summary>{q}</summary>
              <p>{a}</p>
            </Item>
          ))}
        </List>
      </Container>
    </Section>
  );
}
