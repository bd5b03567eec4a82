import { forwardRef, type FormHTMLAttributes } from 'react';
import styled from 'styled-components';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export interface FormProps extends FormHTMLAttributes<HTMLFormElement> {
  /** Every form is named for assistive technology ('Programar visita'). */
  'aria-label': string;
}

/**
 * The one form of the product: fields stacked with the theme's gap, and `noValidate`, because the
 * shared zod schema checks the values (useFormDialog) and says what is wrong in Spanish under each
 * field, where the browser's own bubbles would speak the browser's language.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, ...props }, ref) {
  return (
    <StyledForm ref={ref} noValidate {...props}>
      {children}
    </StyledForm>
  );
});

/** A form's fields side by side, as many columns of at least 200 px as the dialog holds. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

/** A field of a FormGrid that takes the whole row (a name, notes). */
export const FormWide = styled.div`
  grid-column: 1 / -1;
`;
