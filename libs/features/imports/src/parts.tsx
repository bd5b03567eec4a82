import type { ImportEntity, ImportRowStatus, ImportStatus } from '@arrendia/api-contract';
import { IMPORT_SHEET_NAMES } from '@arrendia/api-contract';
import type { StatusTone } from '@arrendia/ui';
import { CardTitle } from '@arrendia/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';

/** What a row of the preview becomes, as the screen says it. */
export const ROW_STATUS_LABELS: Readonly<Record<ImportRowStatus, string>> = {
  valid: 'Se creará',
  existing: 'Ya existe',
  invalid: 'Con errores',
  created: 'Creada',
};
export const ROW_STATUS_TONES: Readonly<Record<ImportRowStatus, StatusTone>> = { valid: 'green', existing: 'grey', invalid: 'red', created: 'blue' };

export const IMPORT_STATUS_LABELS: Readonly<Record<ImportStatus, string>> = {
  preview: 'Vista previa',
  importing: 'Importando',
  done: 'Terminada',
  cancelled: 'Cancelada',
  failed: 'Detenida',
};

/** The entities as the report names them: the tenants of a file are invited, not given an account. */
export const REPORT_ENTITY_LABELS: Readonly<Record<ImportEntity, string>> = { ...IMPORT_SHEET_NAMES, tenants: 'Inquilinos invitados' };

/** What a tenant row leads to (issue 30: nobody gets an account without consenting). */
export const TENANT_INVITATION_NOTE = 'Se le invitará por email a su contrato: no se le crea ninguna cuenta.';

/** A number as Spain writes it ('20.000'). */
export const count = (n: number) => n.toLocaleString('es-ES');

export const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Heading = styled(CardTitle)`
  &:focus { outline: none; }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * The heading of a step (h2). `focus`: it takes the focus when it appears, so a keyboard or screen
 * reader user lands on the step the last action opened (not on a reload of the page).
 */
export function StepHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only when the step appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Heading as="h2" id={id} ref={ref} tabIndex={-1}>
      {children}
    </Heading>
  );
}
