import { INCIDENT_CATEGORIES, INCIDENT_PHOTO_MAX, INCIDENT_PRIORITIES, IncidentsCreateSchema, type IncidentListItem } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, NumberField, SelectField, TextAreaField, TextField, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { PhotoPicker, UploadQueue, uploadPhotos, type UploadProgress } from './IncidentPhotos';
import { useOwnUnits, useProperties, usePropertyUnits, useReportIncident } from './useIncidents';

const CATEGORY_OPTIONS = INCIDENT_CATEGORIES.map((c) => ({ value: c, label: c }));
const PRIORITY_OPTIONS = INCIDENT_PRIORITIES.map((p) => ({ value: p, label: p }));

const EMPTY = { propertyId: '', unitId: '', incidentCategory: '', priority: 'Media', title: '', description: '', costEstimate: undefined as number | undefined };

export interface NewIncidentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A tenant: the units of its contracts, without a property choice (it cannot read properties). */
  ownUnitsOnly?: boolean;
}

/**
 * The new-incident form (spec §3 "Incident form"): the unit is chosen among the user's units
 * (property first, then one of its units; a tenant picks one of its homes); priority defaults to
 * Media; the cost is optional; up to 5 photos go up after the incident is created, each with its
 * progress bar.
 */
export function NewIncidentDialog({ open, onOpenChange, ownUnitsOnly = false }: NewIncidentDialogProps) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [uploading, setUploading] = useState(false);
  const { toast } = useToast();
  const form = useFormDialog({
    schema: IncidentsCreateSchema,
    initialValues: EMPTY,
    toInput: ({ unitId, incidentCategory, title, description, priority, costEstimate }) => ({ rentableUnitId: unitId, incidentCategory, title, description, priority, costEstimate }),
    clientMessages: { rentableUnitId: 'Elige la unidad afectada' },
    mutation: useReportIncident(),
    onOpenChange: (next) => {
      if (!next) {
        setPhotos([]);
        setUploads([]);
      }
      onOpenChange(next);
    },
    // The photos go up once the incident exists; the dialog shows their progress until then.
    stayOpen: true,
    onSuccess: (created) => void finish(created),
    onFailure: () => toast({ variant: 'destructive', title: 'Error', description: 'No se pudo reportar la incidencia' }),
    failureMessage: 'No se pudo reportar la incidencia',
  });
  const properties = useProperties(open && !ownUnitsOnly);
  const detail = usePropertyUnits(ownUnitsOnly ? null : form.values.propertyId || null);
  const ownUnits = useOwnUnits(open && ownUnitsOnly);

  async function finish(created: IncidentListItem): Promise<void> {
    if (photos.length > 0) {
      setUploading(true);
      await uploadPhotos(created.incident.id, photos, setUploads);
      setUploading(false);
    }
    toast({ title: 'Incidencia reportada', description: 'La incidencia ha sido reportada exitosamente' });
    form.close();
  }

  const propertyId = form.values.propertyId;
  const propertyOptions = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }));
  const unitOptions = ownUnitsOnly
    ? [...new Map((ownUnits.data ?? []).filter((c) => c.contract.status !== 'Finalizado').map((c) => [c.unit.id, { value: String(c.unit.id), label: `${c.property.propertyName} · ${c.unit.unitName}` }])).values()]
    : (detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }));
  // No unit without a property: when the unit is missing for want of one, the property says so too.
  const propertyError = form.errors.rentableUnitId && !propertyId ? 'Elige una propiedad' : undefined;

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Reportar Nueva Incidencia" description="Describe el problema y la unidad afectada." width={560}>
      <Form onSubmit={form.submit} aria-label="Nueva incidencia">
        {!ownUnitsOnly && (
          <SelectField
            label="Propiedad"
            placeholder={properties.isLoading ? 'Cargando propiedades...' : 'Selecciona una propiedad'}
            options={propertyOptions}
            value={propertyId || undefined}
            onValueChange={(v) => {
              form.set('propertyId', v);
              form.set('unitId', '');
            }}
            error={propertyError}
          />
        )}
        <SelectField
          label="Unidad"
          placeholder={ownUnitsOnly ? (ownUnits.isLoading ? 'Cargando tus viviendas...' : 'Selecciona tu vivienda') : propertyId ? (detail.isLoading ? 'Cargando unidades...' : 'Selecciona una unidad') : 'Elige antes la propiedad'}
          options={unitOptions}
          {...form.select('unitId')}
          disabled={!ownUnitsOnly && !propertyId}
          error={form.errors.rentableUnitId}
        />
        <SelectField label="Categoría" placeholder="Selecciona una categoría" options={CATEGORY_OPTIONS} {...form.select('incidentCategory')} />
        <TextField label="Título" {...form.field('title')} maxLength={255} />
        <TextAreaField label="Descripción" {...form.field('description')} />
        <SelectField label="Prioridad" options={PRIORITY_OPTIONS} {...form.select('priority')} />
        <NumberField label="Coste estimado (€, opcional)" onValueChange={(v) => form.set('costEstimate', v)} min={0} step="0.01" error={form.errors.costEstimate} />
        <PhotoPicker room={INCIDENT_PHOTO_MAX} onPick={setPhotos} disabled={form.pending || uploading} />
        <UploadQueue items={uploads} />
        <FormActions onCancel={form.close} pending={form.pending || uploading} submitLabel="Reportar Incidencia" pendingLabel={uploading ? 'Subiendo fotos...' : 'Reportando...'} />
      </Form>
    </Dialog>
  );
}
