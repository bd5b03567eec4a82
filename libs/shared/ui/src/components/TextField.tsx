import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field';

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'>, FieldProps {}

/** A labelled text input with optional help and error text, both wired through aria-describedby. */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: inputProps['aria-describedby'] });
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <StyledInput {...inputProps} {...ids.controlProps} $invalid={Boolean(error)} />
    </FieldFrame>
  );
}
