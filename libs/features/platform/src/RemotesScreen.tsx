import { type CurrentUser, type RemoteAdmin } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatDateTimeSeconds, formatNumber } from '@arrendia/locale-es';
import { UNDISABLEABLE_REMOTE } from '@arrendia/remote-contract';
import { Badge, Button, Card, DataTable, ListState, MutedText, PageHeader, Switch, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { RemoteEditDialog } from './RemoteEditDialog';
import { useRemotes, useUpdateRemote } from './useRemotes';

/** Why the admin portal's switch is off limits (the API refuses it too). */
export const UNDISABLEABLE_REASON = 'El portal de administración no se puede desactivar';

const Address = styled.code`
  word-break: break-all;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const HealthCell = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
`;

function Health({ health }: { health: RemoteAdmin['health'] }) {
  if (health.ok === null) return <Badge $tone="grey">Sin comprobar</Badge>;
  if (health.ok) return <Badge $tone="green">Operativo</Badge>;
  return (
    <HealthCell>
      <Badge $tone="red">Con errores</Badge>
      {health.error && <MutedText>{health.error}</MutedText>}
    </HealthCell>
  );
}

function EnabledSwitch({ remote }: { remote: RemoteAdmin }) {
  const update = useUpdateRemote(remote.name);
  const { toast } = useToast();
  const locked = remote.name === UNDISABLEABLE_REMOTE;
  const toggle = (enabled: boolean) =>
    update.mutate(
      { enabled },
      {
        onSuccess: () => toast({ title: 'Configuración actualizada', description: `${remote.name} ${enabled ? 'activado' : 'desactivado'}: se aplica en la siguiente carga de página` }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar el módulo' });
        },
      },
    );
  return (
    <Switch
      label="Activo"
      // The visible 'Activo' repeats on every row; the name says which remote it switches.
      aria-label={`Activo: ${remote.name}`}
      description={locked ? UNDISABLEABLE_REASON : undefined}
      checked={remote.enabled}
      disabled={locked || update.isPending}
      onCheckedChange={toggle}
    />
  );
}

function RemoteRows({ remotes, onEdit }: { remotes: RemoteAdmin[]; onEdit: (remote: RemoteAdmin) => void }) {
  return (
    <tbody>
      {remotes.map((remote) => (
        <tr key={remote.name}>
          <th scope="row">{remote.name}</th>
          <td>
            <EnabledSwitch remote={remote} />
          </td>
          <td>
            <Address>{remote.manifestUrl}</Address>
          </td>
          <td>{remote.version}</td>
          <td>{formatDateTimeSeconds(remote.health.checkedAt)}</td>
          <td data-align="end">{remote.health.latencyMs === null ? '—' : `${formatNumber(remote.health.latencyMs)} ms`}</td>
          <td>
            <Health health={remote.health} />
          </td>
          <td>
            <Button size="sm" variant="outline" onClick={() => onEdit(remote)} aria-label={`Editar ${remote.name}`}>
              Editar
            </Button>
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/**
 * /remotes (issue 13): the run-time registry of the federated portals. Each load checks every
 * manifest on the server ('Comprobar ahora' does it again); a super admin switches a remote on or
 * off and moves it, all effective on the next page load (the shell reads the list at start).
 */
export function RemotesScreen(_props: { user: CurrentUser | null }) {
  const remotes = useRemotes();
  const [editing, setEditing] = useState<RemoteAdmin | null>(null);
  return (
    <>
      <PageHeader
        title="Módulos"
        description="Los portales que carga la aplicación, dónde está cada uno y si responde. Los cambios se aplican en la siguiente carga de página."
        actions={
          <Button variant="outline" onClick={() => void remotes.refetch()} disabled={remotes.isFetching}>
            {remotes.isFetching ? 'Comprobando...' : 'Comprobar ahora'}
          </Button>
        }
      />
      <ListState read={remotes} loading="Comprobando los módulos" error="No se pudieron cargar los módulos">
        {(data) => (
          <Card>
            <DataTable aria-label="Módulos">
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Manifiesto</th>
                  <th scope="col">Versión</th>
                  <th scope="col">Última comprobación</th>
                  <th scope="col" data-align="end">
                    Latencia
                  </th>
                  <th scope="col">Salud</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <RemoteRows remotes={data} onEdit={setEditing} />
            </DataTable>
          </Card>
        )}
      </ListState>
      {editing && <RemoteEditDialog remote={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
