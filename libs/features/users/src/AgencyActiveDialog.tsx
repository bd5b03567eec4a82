import type { AgencyRow } from '@arrendia/api-contract';
import { AlertDialog, useToast } from '@arrendia/ui';
import { useRef } from 'react';
import { useFailureToast } from './useFailureToast';
import { useSetAgencyActive } from './useAgencies';

/**
 * Activar / Desactivar an agency, after a confirmation; deactivating signs its users out at once and
 * keeps its data. Mounted for good (`agency` null when closed): the answer comes after it closes.
 */
export function AgencyActiveDialog({ agency, onClose }: { agency: AgencyRow | null; onClose: () => void }) {
  const setActive = useSetAgencyActive();
  const { toast } = useToast();
  const failed = useFailureToast();
  // The last agency asked about, so that the dialog keeps its words while it closes.
  const last = useRef(agency);
  if (agency) last.current = agency;
  const shown = last.current;
  if (!shown) return null;
  const activating = !shown.isActive;
  const confirm = () =>
    setActive.mutate(
      { id: shown.id, isActive: activating },
      {
        onSuccess: () => toast({ title: activating ? 'Agencia activada' : 'Agencia desactivada', description: shown.nombreAgencia }),
        onError: (error) => failed(error, activating ? 'No se pudo activar la agencia' : 'No se pudo desactivar la agencia'),
      },
    );
  return (
    <AlertDialog
      open={agency !== null}
      onOpenChange={(next) => !next && onClose()}
      title={activating ? `¿Activar ${shown.nombreAgencia}?` : `¿Desactivar ${shown.nombreAgencia}?`}
      description={
        activating
          ? 'Sus usuarios podrán volver a iniciar sesión.'
          : 'Sus usuarios perderán el acceso al momento: sus sesiones abiertas se cerrarán y no podrán iniciar sesión. Sus datos se conservan.'
      }
      confirmLabel={activating ? 'Activar' : 'Desactivar'}
      destructive={!activating}
      onConfirm={confirm}
    />
  );
}
