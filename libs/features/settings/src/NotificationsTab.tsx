import { isSessionGone, serverMessage } from '@arrendia/api-client';
import type { NotificationPreferenceKey, Settings } from '@arrendia/api-contract';
import { Card, CardDescription, CardTitle, MutedText, RowList, Switch, useToast } from '@arrendia/ui';
import { useSavePreferences } from './useSettings';

interface PreferenceSwitch {
  key: NotificationPreferenceKey;
  label: string;
  description: string;
}

/** What reaches the bell: each of these kinds of notice is written only for whoever keeps it on. */
const KINDS: readonly PreferenceSwitch[] = [
  { key: 'incidentAlerts', label: 'Alertas de incidencias', description: 'Incidencias nuevas, cambios de estado y comentarios' },
  { key: 'paymentReminders', label: 'Recordatorios de pago', description: 'Transferencias avisadas, pagos confirmados y rentas vencidas' },
  { key: 'contractExpiry', label: 'Vencimiento de contratos', description: 'Contratos que entran en su plazo de preaviso de renovación' },
  { key: 'monthlyReports', label: 'Reportes mensuales', description: 'El reporte financiero de cada mes de tu cartera, en Reportes › Programados' },
];

/** The channels of spec §2. Arrendia delivers in the app today; the choice is kept for email, push and SMS. */
const CHANNELS: readonly PreferenceSwitch[] = [
  { key: 'email', label: 'Notificaciones por email', description: 'Copia de los avisos en tu correo electrónico' },
  { key: 'push', label: 'Notificaciones push', description: 'Avisos del navegador aunque no tengas Arrendia abierto' },
  { key: 'sms', label: 'Notificaciones por SMS', description: 'Solo los avisos urgentes, en tu teléfono' },
];

/** 'Notificaciones': each switch saves at once ('Preferencias actualizadas') and the generator honours it. */
export function NotificationsTab({ notifications }: { notifications: Settings['notifications'] }) {
  const save = useSavePreferences();
  const { toast } = useToast();
  const change = (key: NotificationPreferenceKey, value: boolean) =>
    save.mutate(
      { notifications: { [key]: value } },
      {
        onSuccess: () => toast({ title: 'Preferencias actualizadas' }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? 'No se pudieron guardar las preferencias', variant: 'destructive' });
        },
      },
    );
  return (
    <Card>
      <CardTitle>Preferencias de notificación</CardTitle>
      <CardDescription>Elige qué avisos quieres recibir. Los mensajes y los avisos de seguridad llegan siempre.</CardDescription>
      <SwitchList title="Qué avisos recibir" items={KINDS} values={notifications} disabled={save.isPending} onChange={change} />
      <SwitchList
        title="Canales"
        note="Hoy los avisos llegan a la campana de Arrendia. Guardamos tu elección de canales y se aplicará cuando el envío por email, push o SMS esté disponible en tu cuenta."
        items={CHANNELS}
        values={notifications}
        disabled={save.isPending}
        onChange={change}
      />
    </Card>
  );
}

function SwitchList({ title, note, items, values, disabled, onChange }: { title: string; note?: string; items: readonly PreferenceSwitch[]; values: Settings['notifications']; disabled: boolean; onChange: (key: NotificationPreferenceKey, value: boolean) => void }) {
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      {note && <MutedText as="p">{note}</MutedText>}
      <RowList>
        {items.map((item) => (
          <li key={item.key}>
            <Switch label={item.label} description={item.description} checked={values[item.key] ?? false} disabled={disabled} onCheckedChange={(value) => onChange(item.key, value)} />
          </li>
        ))}
      </RowList>
    </section>
  );
}
