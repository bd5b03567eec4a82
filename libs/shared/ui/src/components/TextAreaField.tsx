import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field';

const StyledTextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 96px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  resize: vertical;
`;

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'>, FieldProps {}

/** A labelled multi-line text box with optional help and error text. */
export function TextAreaField({ label, error, hint, id, className, rows = 4, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: props['aria-describedby'] });
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <StyledTextArea rows={rows} {...props} {...ids.controlProps} $invalid={Boolean(error)} />
    </FieldFrame>
  );
}
