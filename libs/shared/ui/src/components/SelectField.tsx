import { FieldFrame, type FieldProps, useFieldIds } from './Field';
import { Select, type SelectProps } from './Select';

export interface SelectFieldProps extends Omit<SelectProps, 'aria-label' | 'aria-labelledby' | 'aria-invalid'>, FieldProps {}

/** A labelled Select with optional help and error text, wired like the other fields. */
export function SelectField({ label, error, hint, id, className, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: selectProps['aria-describedby'] });
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <Select {...selectProps} {...ids.controlProps} aria-labelledby={ids.labelId} />
    </FieldFrame>
  );
}
