import { type ChangeEvent, type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field';

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;

/**
 * Spec §5: a numeric field turns an empty value into undefined, otherwise a number. Accepts a
 * decimal comma ('12,5'); anything that is not a number is undefined too.
 */
export function parseNumberInput(raw: string): number | undefined {
  const text = raw.trim().replace(',', '.');
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export interface NumberFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children' | 'type' | 'value' | 'defaultValue'>, FieldProps {
  value?: number | null;
  defaultValue?: number | null;
  /** The parsed value on every change: a number, or undefined when the box is empty. */
  onValueChange?: (value: number | undefined) => void;
}

/** A labelled number input that reports numbers (or undefined), with optional help and error text. */
export function NumberField({ label, error, hint, id, className, value, defaultValue, onChange, onValueChange, ...props }: NumberFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: props['aria-describedby'] });
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(parseNumberInput(event.target.value));
  };
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <StyledInput
        type="number"
        inputMode="decimal"
        {...props}
        {...(value !== undefined ? { value: value ?? '' } : {})}
        {...(defaultValue !== undefined ? { defaultValue: defaultValue ?? '' } : {})}
        onChange={handleChange}
        {...ids.controlProps}
        $invalid={Boolean(error)}
      />
    </FieldFrame>
  );
}
