import { isSessionGone, serverMessage, useFormDialog } from '@arrendia/api-client';
import { PropertyAgencyPutSchema, type AgencyDirectoryEntry, type PropertyDetail } from '@arrendia/api-contract';
import { AlertDialog, Button, Dialog, Form, FormActions, LoadError, MutedText, RowActions, SelectField, SpreadRow, TextField, toast, useDebouncedValue } from '@arrendia/ui';
import { useState } from 'react';
import { useAgencyDirectory, useSetPropertyAgency, useWithdrawAgencyRequest } from './useAgency';

const SEARCH_DEBOUNCE_MS = 300;

/** The destructive toast of a refused call: the API's message, else `fallback` (a 401 is the shell's). */
const sayError = (fallback: string) => (error: unknown) => {
  if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
};

/** 'Inmobiliaria Sol · Calle Mayor 1, Madrid': how an agency is recognised in the list. */
const agencyLabel = (a: AgencyDirectoryEntry) => [a.nombreAgencia, a.direccionFiscal].filter(Boolean).join(' · ');

/**
 * 'Elegir agencia gestora': the platform's active agencies searched by name or address; the one
 * chosen is sent (PUT {managerAgencyId}). For an owner it is a request the agency must accept.
 */
function ChooseAgencyDialog({ property, onOpenChange }: { property: PropertyDetail; onOpenChange: (open: boolean) => void }) {
  const form = useFormDialog({
    schema: PropertyAgencyPutSchema,
    initialValues: { q: '', chosen: null as AgencyDirectoryEntry | null },
    toInput: (values) => ({ managerAgencyId: values.chosen?.id ?? null }),
    // The schema takes null (take the property back): here an agency must be chosen.
    validate: (values) => ({ managerAgencyId: values.chosen ? undefined : 'Elige una agencia' }),
    mutation: useSetPropertyAgency(property.id),
    onOpenChange,
    onSuccess: (result) => {
      const name = form.values.chosen?.nombreAgencia ?? '';
      toast(
        result.managerAgencyId !== null
          ? { title: 'Agencia asignada', description: `${name} gestiona ahora ${property.propertyName}` }
          : { title: 'Solicitud enviada', description: `${name} debe aceptar gestionar la propiedad` },
      );
    },
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo enviar la solicitud',
  });
  const { values } = form;
  const term = useDebouncedValue(values.q, SEARCH_DEBOUNCE_MS);
  const directory = useAgencyDirectory(term, true);
  const found = directory.data ?? [];
  // The chosen agency stays offered after a search that leaves it out, so the select still names it.
  const agencies = values.chosen && !found.some((a) => a.id === values.chosen?.id) ? [values.chosen, ...found] : found;
  const placeholder = directory.isPending ? 'Cargando agencias...' : agencies.length === 0 ? (term.trim() ? 'Ninguna agencia coincide con la búsqueda' : 'No hay agencias disponibles') : 'Elige la agencia';
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Elegir agencia gestora" description="Busca la agencia por su nombre o su dirección." width={560}>
      <Form onSubmit={form.submit} aria-label="Elegir agencia gestora">
        <TextField label="Buscar agencia" type="search" placeholder="Nombre o dirección" autoComplete="off" {...form.field('q')} />
        <SelectField
          label="Agencia"
          name="managerAgencyId"
          placeholder={placeholder}
          disabled={agencies.length === 0}
          value={values.chosen ? String(values.chosen.id) : undefined}
          onValueChange={(value) => form.set('chosen', agencies.find((a) => String(a.id) === value) ?? null)}
          error={form.errors.managerAgencyId}
          options={agencies.map((a) => ({ value: String(a.id), label: agencyLabel(a) }))}
        />
        {directory.isError && (
          <LoadError variant="inline" retry={directory}>
            No se pudieron cargar las agencias
          </LoadError>
        )}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Enviar solicitud" pendingLabel="Enviando..." />
      </Form>
    </Dialog>
  );
}

/**
 * 'Agencia gestora': the agency managing the property, or 'Sin agencia', and the request an agency
 * has not answered yet. Who may hand the property over (`manageable`) chooses an agency, withdraws
 * the pending request, or takes the property back from its agency (asked first). The calls live
 * here, not in the buttons, so their toasts still show once the refreshed detail swaps the buttons.
 */
export function PropertyAgencyFact({ property, manageable }: { property: PropertyDetail; manageable: boolean }) {
  const { managerAgency, pendingAgencyRequest: pending } = property;
  const [choosing, setChoosing] = useState(false);
  const setAgency = useSetPropertyAgency(property.id);
  const withdraw = useWithdrawAgencyRequest(property.id);

  const withdrawRequest = () => {
    if (!pending) return;
    withdraw.mutate(pending.id, {
      onSuccess: () => toast({ title: 'Solicitud retirada', description: `${pending.agency.nombreAgencia} ya no podrá aceptarla` }),
      onError: sayError('No se pudo retirar la solicitud'),
    });
  };
  const release = () => {
    if (!managerAgency) return;
    setAgency.mutate(
      { managerAgencyId: null },
      {
        onSuccess: () => toast({ title: 'Agencia retirada', description: `${managerAgency.nombreAgencia} ya no gestiona ${property.propertyName}` }),
        onError: sayError('No se pudo retirar la agencia'),
      },
    );
  };

  return (
    <SpreadRow>
      <div>
        <div>{managerAgency?.nombreAgencia ?? 'Sin agencia'}</div>
        {pending && <MutedText as="div">Solicitud enviada a {pending.agency.nombreAgencia}: pendiente de aceptar</MutedText>}
      </div>
      {manageable && (
        <RowActions>
          {!managerAgency && !pending && (
            <Button size="sm" variant="outline" onClick={() => setChoosing(true)}>
              Elegir agencia
            </Button>
          )}
          {pending && (
            <Button size="sm" variant="outline" onClick={withdrawRequest} disabled={withdraw.isPending}>
              {withdraw.isPending ? 'Retirando...' : 'Retirar solicitud'}
            </Button>
          )}
          {managerAgency && (
            <AlertDialog
              trigger={
                <Button size="sm" variant="outline" disabled={setAgency.isPending}>
                  {setAgency.isPending ? 'Retirando...' : 'Retirar a la agencia'}
                </Button>
              }
              title={`¿Retirar la gestión de ${property.propertyName} a ${managerAgency.nombreAgencia}?`}
              description="Dejará de verla y su agente dejará de estar a cargo."
              confirmLabel="Retirar a la agencia"
              destructive
              onConfirm={release}
            />
          )}
        </RowActions>
      )}
      {choosing && <ChooseAgencyDialog property={property} onOpenChange={setChoosing} />}
    </SpreadRow>
  );
}
