import { isSessionGone, refusalOnFields, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { SESSION_TIMEOUT_OPTIONS, SettingsPasswordSchema, type Settings } from '@arrendia/api-contract';
import { formatDate, formatDateTime } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, LoadError, MutedText, RowList, SelectField, Skeleton, SpreadRow, Switch, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { TwoFactorCard } from './TwoFactorCard';
import { useChangePassword, useEndOtherSessions, useEndSession, useSavePreferences, useSessions } from './useSettings';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
  margin-top: ${({ theme }) => theme.space.md};
`;

const TIMEOUT_OPTIONS = SESSION_TIMEOUT_OPTIONS.map((minutes) => ({ value: String(minutes), label: minutes < 60 ? `${minutes} minutos` : `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` }));

/** 'Seguridad': password, two-factor authentication, session timeout, login notifications and the open sessions. */
export function SecurityTab({ security }: { security: Settings['security'] }) {
  return (
    <Stack>
      <PasswordCard lastChange={security.lastPasswordChange} />
      <TwoFactorCard security={security} />
      <SessionPreferencesCard security={security} />
      <SessionsCard />
    </Stack>
  );
}

function PasswordCard({ lastChange }: { lastChange: string | null }) {
  const empty = { currentPassword: '', newPassword: '', confirmation: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirmation, ...input } = values;
    const parsed = SettingsPasswordSchema.safeParse(input);
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (confirmation !== values.newPassword) found.confirmation = 'Las contraseñas no coinciden';
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(input, {
      onSuccess: () => {
        setValues(empty);
        toast({ title: 'Contraseña actualizada', description: 'Se han cerrado tus otras sesiones' });
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(refusalOnFields(error, 'currentPassword', 'No se pudo cambiar la contraseña'));
      },
    });
  };
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
    />
  );
  return (
    <Card>
      <CardTitle>Cambiar contraseña</CardTitle>
      <CardDescription>
        Al cambiarla se cierran tus sesiones en otros dispositivos.{lastChange ? ` Último cambio: ${formatDate(lastChange)}.` : ''}
      </CardDescription>
      <Form onSubmit={submit} noValidate aria-label="Cambiar contraseña">
        {field('currentPassword', 'Contraseña actual', 'current-password')}
        {field('newPassword', 'Nueva contraseña', 'new-password')}
        {field('confirmation', 'Confirmar nueva contraseña', 'new-password')}
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Guardando...' : 'Cambiar contraseña'}
          </Button>
        </div>
      </Form>
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
      {sessions.isPending ? (
        <Skeleton height="48px" />
      ) : sessions.isError ? (
        <LoadError variant="inline" retry={sessions}>
          No se pudieron cargar tus sesiones
        </LoadError>
      ) : (
        <RowList aria-label="Sesiones abiertas">
          {sessions.data.map((session) => (
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
    </Card>
  );
}
