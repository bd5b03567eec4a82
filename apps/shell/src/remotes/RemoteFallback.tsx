import { Button } from '@arrendia/ui';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  max-width: 560px;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const REMOTE_FALLBACK_TITLE = 'No se ha podido cargar esta sección';
export const REMOTE_FALLBACK_TEXT = 'El módulo no está disponible en este momento. Inténtalo de nuevo más tarde.';

/** What the content area shows when a remote is disabled, missing, slow or broken. */
export function RemoteFallback({ onRetry }: { onRetry?: () => void }) {
  return (
    <Wrapper role="alert">
      <Title>{REMOTE_FALLBACK_TITLE}</Title>
      <Text>{REMOTE_FALLBACK_TEXT}</Text>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </Wrapper>
  );
}
