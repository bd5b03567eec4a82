import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { Card } from './Card';
import { MutedRow } from './Layout';

/** A read that can be asked again: react-query's `useQuery` result has these fields. */
export interface Retryable {
  refetch: () => unknown;
  isFetching: boolean;
  isError?: boolean;
}

export const LOAD_ERROR_HINT = 'Inténtalo de nuevo en unos minutos.';
export const RETRY_LABEL = 'Reintentar';
export const RETRYING_LABEL = 'Reintentando...';

const Block = styled(Card)`
  align-items: flex-start;
`;

const Title = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: 'No se pudieron cargar las propiedades'. */
  children: ReactNode;
  /**
   * The reads «Reintentar» asks again (each one that failed; all of them when none says so).
   * Without it there is no button.
   */
  retry?: Retryable | readonly Retryable[];
  /** 'card': a card of its own, for a screen or a panel; 'inline': a line inside a card that stays. */
  variant?: 'card' | 'inline';
}

/**
 * What a screen shows where a read failed: the sentence that says what (read out as an alert), and a
 * «Reintentar» button that asks again without reloading the page. While the new attempt runs the
 * button says so and ignores further presses, keeping its focus.
 */
export function LoadError({ children, retry, variant = 'card' }: LoadErrorProps) {
  const reads: readonly Retryable[] = retry === undefined ? [] : 'refetch' in retry ? [retry] : retry;
  const busy = reads.some((read) => read.isFetching);
  const again = () => {
    if (busy) return;
    const failed = reads.filter((read) => read.isError);
    for (const read of failed.length > 0 ? failed : reads) void read.refetch();
  };
  const button = reads.length > 0 && (
    <Button variant="outline" size="sm" onClick={again} aria-disabled={busy || undefined}>
      {busy ? RETRYING_LABEL : RETRY_LABEL}
    </Button>
  );
  if (variant === 'inline') {
    return (
      <MutedRow>
        <span role="alert">{children}</span>
        {button}
      </MutedRow>
    );
  }
  return (
    <Block>
      <div role="alert">
        <Title>{children}</Title>
        <Hint>{LOAD_ERROR_HINT}</Hint>
      </div>
      {button}
    </Block>
  );
}
