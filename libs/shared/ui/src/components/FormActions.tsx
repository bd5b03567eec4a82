import styled from 'styled-components';
import { Button } from './Button';
import { DialogActions } from './overlay';

const StyledFormActions = styled(DialogActions)`
  margin-top: ${({ theme }) => theme.space.lg};
`;

export interface FormActionsProps {
  onCancel: () => void;
  /** While the request is pending the submit button is disabled and shows `pendingLabel` (spec §5). */
  pending: boolean;
  submitLabel: string;
  /** 'Guardando...' unless the spec names another ('Creando...', 'Reportando...'). */
  pendingLabel?: string;
}

/** The end of a form: Cancelar and the submit button, which shows the pending label while it waits. */
export function FormActions({ onCancel, pending, submitLabel, pendingLabel = 'Guardando...' }: FormActionsProps) {
  return (
    <StyledFormActions>
      <Button variant="outline" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </StyledFormActions>
  );
}
