import { isSessionGone, refusalOnFields, serverMessage, useFormDialog } from '@arrendia/api-client';
import { PASSWORD_MISMATCH, SESSION_TIMEOUT_OPTIONS, SettingsPasswordSchema, type Settings } from '@arrendia/api-contract';
import { formatDate, formatDateTime } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, Form, ListState, MutedText, RowList, SelectField, Skeleton, SpreadRow, Switch, TextField, useToast } from '@arrendia/ui';
import styled from 'styled-components';
import { DeleteAccountCard } from './DeleteAccountCard';
import { ExportDataCard } from './ExportDataCard';
import { TwoFactorCard } from './TwoFactorCard';
import { useChangePassword, useEndOtherSessions, useEndSession, useSavePreferences, useSessions } from './useSettings';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const PasswordForm = styled(Form)`
  margin-top: ${({ theme }) => theme.space.md};
`;

const PasswordFields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

const TIMEOUT_OPTIONS = SESSION_TIMEOUT_OPTIONS.map((minutes) => ({ value: String(minutes), label: minutes < 60 ? `${minutes} minutos` : `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` }));

/** 'Seguridad': password, two-factor authentication, session timeout, login notifications, the open sessions, 'Exportar mis datos' and 'Eliminar mi cuenta'. */
export function SecurityTab({ security }: { security: Settings['security'] }) {
  return (
    <Stack>
      <PasswordCard lastChange={security.lastPasswordChange} />
      <TwoFactorCard security={security} />
      <SessionPreferencesCard security={security} />
      <SessionsCard />
      <ExportDataCard />
      <DeleteAccountCard twoFactorEnabled={security.twoFactorEnabled} />
    </Stack>
  );
}

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirmation', label: 'Confirmar nueva contraseña', autoComplete: 'new-password' },
] as const;

function PasswordCard({ lastChange }: { lastChange: string | null }) {
  const { toast } = useToast();
  // Not in a dialog: a success empties the three fields.
  const form = useFormDialog({
    schema: SettingsPasswordSchema,
    initialValues: { currentPassword: '', newPassword: '', confirmation: '' },
    toInput: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    validate: ({ newPassword, confirmation }) => ({ confirmation: confirmation === newPassword ? undefined : PASSWORD_MISMATCH }),
    mutation: useChangePassword(),
    onSuccess: () => toast({ title: 'Contraseña actualizada', description: 'Se han cerrado tus otras sesiones' }),
    // A wrong current password is the usual refusal: said under that field.
    onFailure: (message, error) => {
      form.setErrors(refusalOnFields(error, 'currentPassword', message));
    },
    failureMessage: 'No se pudo cambiar la contraseña',
  });
  return (
    <Card>
      <CardTitle>Cambiar contraseña</CardTitle>
      <CardDescription>
        Al cambiarla se cierran tus sesiones en otros dispositivos.{lastChange ? ` Último cambio: ${formatDate(lastChange)}.` : ''}
      </CardDescription>
      <PasswordForm onSubmit={form.submit} aria-label="Cambiar contraseña">
        <PasswordFields>
          {PASSWORD_FIELDS.map(({ name, label, autoComplete }) => (
            <TextField key={name} name={name} label={label} type="password" autoComplete={autoComplete} {...form.field(name)} />
          ))}
          <div>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Guardando...' : 'Cambiar contraseña'}
            </Button>
          </div>
        </PasswordFields>
      </PasswordForm>
    </Card>
  );
}

function SessionPreferencesCard({ security }: { security: Settings['security'] }) {
  const save = useSavePreferences();
  const { toast } = useToast();
  const saved = {
    onSuccess: () => toast({ title: 'Configuración actualizada' }),
    onError: (error: unknown) => {
      if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? 'No se pudo guardar la configuración', variant: 'destructive' });
    },
  };
  return (
    <Card>
      <CardTitle>Sesión</CardTitle>
      <CardDescription>Tras este tiempo sin actividad tendrás que volver a iniciar sesión.</CardDescription>
      <SpreadRow>
        <SelectField
          label="Tiempo de espera de la sesión"
          value={String(security.sessionTimeoutMinutes)}
          options={TIMEOUT_OPTIONS}
          disabled={save.isPending}
          onValueChange={(value) => save.mutate({ sessionTimeoutMinutes: Number(value) }, saved)}
        />
      </SpreadRow>
      <Switch
        label="Notificaciones de inicio de sesión"
        description="Te avisamos cada vez que se inicia sesión en tu cuenta"
        checked={security.loginNotifications}
        disabled={save.isPending}
        onCheckedChange={(value) => save.mutate({ loginNotifications: value }, saved)}
      />
    </Card>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const endOne = useEndSession();
  const { toast } = useToast();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Card>
      <SpreadRow>
        <div>
          <CardTitle>Sesiones abiertas</CardTitle>
          <CardDescription>Los dispositivos desde los que has iniciado sesión.</CardDescription>
        </div>
        <AlertDialog
          trigger={
            <Button variant="outline" disabled={others === 0 || endOthers.isPending}>
              Cerrar otras sesiones
            </Button>
          }
          title="¿Cerrar tus otras sesiones?"
          description={`Se cerrará${others === 1 ? ' la otra sesión abierta' : `n las ${others} otras sesiones abiertas`}. Esta sesión seguirá abierta.`}
          confirmLabel="Cerrar sesiones"
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => toast({ title: 'Sesiones cerradas', description: ended === 1 ? 'Se ha cerrado 1 sesión' : `Se han cerrado ${ended} sesiones` }),
            })
          }
        />
      </SpreadRow>
      <ListState read={sessions} variant="inline" skeleton={<Skeleton height="48px" />} error="No se pudieron cargar tus sesiones">
        {(data) => (
          <RowList aria-label="Sesiones abiertas">
            {data.map((session) => (
              <li key={session.id}>
                <SpreadRow>
                  <div>
                    <strong>{session.device}</strong> {session.current && <MutedText>(esta sesión)</MutedText>}
                    <br />
                    <MutedText>
                      {session.ipAddress ? `IP ${session.ipAddress} · ` : ''}
                      {session.lastSeenAt ? `Última actividad ${formatDateTime(session.lastSeenAt)}` : session.createdAt ? `Iniciada ${formatDateTime(session.createdAt)}` : ''}
                    </MutedText>
                  </div>
                  {!session.current && (
                    <Button variant="ghost" size="sm" aria-label={`Cerrar la sesión de ${session.device}`} disabled={endOne.isPending} onClick={() => endOne.mutate(session.id, { onSuccess: () => toast({ title: 'Sesión cerrada' }) })}>
                      Cerrar
                    </Button>
                  )}
                </SpreadRow>
              </li>
            ))}
          </RowList>
        )}
      </ListState>
    </Card>
  );
}
