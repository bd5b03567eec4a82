import * as Label from '@radix-ui/react-label';
import { type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledLabel = styled(Label.Root)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** The look every form control shares: inputs, text areas and the select trigger. */
export const controlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.borderStrong)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export interface FieldProps {
  /** Visible label, tied to the control. */
  label: string;
  /** Error text; marks the control invalid and is read with it. */
  error?: string | null;
  /** Help text read with the control. */
  hint?: string;
}

/** Ids and ARIA attributes that tie a control to its label, hint and error. */
export function useFieldIds({ id, hint, error, describedBy }: { id?: string; hint?: string; error?: string | null; describedBy?: string }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const labelId = `${controlId}-label`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const ariaDescribedBy = [hint ? hintId : null, error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ');
  return {
    controlId,
    labelId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': ariaDescribedBy || undefined,
    },
  };
}

/** Label above the control, hint and error text below it (hint first: the order they are read in). */
export function FieldFrame({
  label,
  hint,
  error,
  ids,
  className,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; className?: string; children: ReactNode }) {
  return (
    <Wrapper className={className}>
      <StyledLabel id={ids.labelId} htmlFor={ids.controlId}>
        {label}
      </StyledLabel>
      {children}
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && <ErrorText id={ids.errorId}>{error}</ErrorText>}
    </Wrapper>
  );
}
