import { PageHeader } from '@arrendia/ui';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '../layout/PublicLayout';

const Wrapper = styled(Container)`
  padding-top: ${({ theme }) => theme.space.xxxl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Body = styled.div`
  max-width: 720px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface InfoPageProps {
  title: string;
  intro: string;
  children?: ReactNode;
  back?: { to: string; label: string };
}

/** A public page that, for now, says what it will hold; issue 5 fills these in. */
export function InfoPage({ title, intro, children, back = { to: '/', label: 'Volver al inicio' } }: InfoPageProps) {
  useEffect(() => {
    document.title = `${title} · Arrendia`;
  }, [title]);

  return (
    <Wrapper>
      <PageHeader title={title} description={intro} />
      {children && <Body>{children}</Body>}
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </Wrapper>
  );
}
