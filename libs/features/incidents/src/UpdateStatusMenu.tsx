import type { IncidentStatus } from '@arrendia/api-contract';
import { errorStatus, isSessionGone, serverMessage } from '@arrendia/api-client';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, useToast } from '@arrendia/ui';
import { moveLabel, nextStatuses } from './statusMoves';
import { useUpdateIncidentStatus } from './useIncidents';

export interface UpdateStatusMenuProps {
  incidentId: number;
  status: IncidentStatus;
}

/** 'Actualizar Estado': only the moves decisions.md allows from the current status; nothing once Cerrada. */
export function UpdateStatusMenu({ incidentId, status }: UpdateStatusMenuProps) {
  const moves = nextStatuses(status);
  const update = useUpdateIncidentStatus();
  const { toast } = useToast();
  if (moves.length === 0) return null;

  const move = (to: IncidentStatus) =>
    update.mutate(
      { id: incidentId, status: to },
      {
        onSuccess: () => toast({ title: 'Estado actualizado', description: `La incidencia está ahora ${to}` }),
        onError: (err) => {
          if (isSessionGone(err)) return;
          // A 409 says why the move is not allowed now; anything else gets the plain message.
          const message = errorStatus(err) === 409 ? serverMessage(err) : null;
          toast({ variant: 'destructive', title: 'Error', description: message ?? 'No se pudo actualizar el estado de la incidencia' });
        },
      },
    );

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Actualizando...' : 'Actualizar Estado'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Nuevo estado">
        {moves.map((to) => (
          <DropdownMenuItem key={to} onSelect={() => move(to)}>
            {moveLabel(status, to)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
