import { INCIDENT_CATEGORIES, INCIDENT_PHOTO_MAX, INCIDENT_PRIORITIES, IncidentsCreateSchema, type IncidentPriority } from '@arrendia/api-contract';
import { isUnauthorizedError, readErrorBody, zodFieldErrors } from '@arrendia/api-client';
import { Dialog, FormActions, NumberField, SelectField, TextAreaField, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { PhotoPicker, UploadQueue, uploadPhotos, type UploadProgress } from './IncidentPhotos';
import { useOwnUnits, useProperties, usePropertyUnits, useReportIncident } from './useIncidents';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

type Errors = Partial<Record<'propertyId' | 'rentableUnitId' | 'incidentCategory' | 'title' | 'description' | 'priority' | 'costEstimate', string>>;

const CATEGORY_OPTIONS = INCIDENT_CATEGORIES.map((c) => ({ value: c, label: c }));
const PRIORITY_OPTIONS = INCIDENT_PRIORITIES.map((p) => ({ value: p, label: p }));

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
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<string>('');
  const [incidentCategory, setCategory] = useState<string>('');
  const [priority, setPriority] = useState<IncidentPriority>('Media');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [costEstimate, setCost] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [uploading, setUploading] = useState(false);
  const properties = useProperties(open && !ownUnitsOnly);
  const detail = usePropertyUnits(ownUnitsOnly ? null : propertyId);
  const ownUnits = useOwnUnits(open && ownUnitsOnly);
  const report = useReportIncident();
  const { toast } = useToast();

  const reset = () => {
    setPropertyId(null);
    setUnitId('');
    setCategory('');
    setPriority('Media');
    setTitle('');
    setDescription('');
    setCost(undefined);
    setErrors({});
    setPhotos([]);
    setUploads([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { rentableUnitId: unitId, incidentCategory, title, description, priority, costEstimate };
    const parsed = IncidentsCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = zodFieldErrors(parsed.error);
      if (found.rentableUnitId) found.rentableUnitId = 'Elige la unidad afectada';
      if (!propertyId && !ownUnitsOnly) found.propertyId = 'Elige una propiedad';
      setErrors(found);
      return;
    }
    setErrors({});
    report.mutate(
      { ...input, rentableUnitId: Number(unitId) } as never,
      {
        onSuccess: async (created) => {
          if (photos.length > 0) {
            setUploading(true);
            await uploadPhotos(created.incident.id, photos, setUploads);
            setUploading(false);
          }
          toast({ title: 'Incidencia reportada', description: 'La incidencia ha sido reportada exitosamente' });
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          if (isUnauthorizedError(err)) return;
          const fields = readErrorBody(err)?.fields;
          if (fields) setErrors(fields as Errors);
          toast({ variant: 'destructive', title: 'Error', description: 'No se pudo reportar la incidencia' });
        },
      },
    );
  };

  const propertyOptions = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }));
  const unitOptions = ownUnitsOnly
    ? [...new Map((ownUnits.data ?? []).filter((c) => c.contract.status !== 'Finalizado').map((c) => [c.unit.id, { value: String(c.unit.id), label: `${c.property.propertyName} · ${c.unit.unitName}` }])).values()]
    : (detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Reportar Nueva Incidencia"
      description="Describe el problema y la unidad afectada."
      width={560}
    >
      <Form onSubmit={submit} noValidate aria-label="Nueva incidencia">
        {!ownUnitsOnly && (
          <SelectField
            label="Propiedad"
            placeholder={properties.isLoading ? 'Cargando propiedades...' : 'Selecciona una propiedad'}
            options={propertyOptions}
            value={propertyId ?? undefined}
            onValueChange={(v) => {
              setPropertyId(v);
              setUnitId('');
            }}
            error={errors.propertyId}
          />
        )}
        <SelectField
          label="Unidad"
          placeholder={ownUnitsOnly ? (ownUnits.isLoading ? 'Cargando tus viviendas...' : 'Selecciona tu vivienda') : propertyId ? (detail.isLoading ? 'Cargando unidades...' : 'Selecciona una unidad') : 'Elige antes la propiedad'}
          options={unitOptions}
          value={unitId || undefined}
          onValueChange={setUnitId}
          disabled={!ownUnitsOnly && !propertyId}
          error={errors.rentableUnitId}
        />
        <SelectField
          label="Categoría"
          placeholder="Selecciona una categoría"
          options={CATEGORY_OPTIONS}
          value={incidentCategory || undefined}
          onValueChange={setCategory}
          error={errors.incidentCategory}
        />
        <TextField label="Título" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={255} />
        <TextAreaField label="Descripción" value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        <SelectField label="Prioridad" options={PRIORITY_OPTIONS} value={priority} onValueChange={(v) => setPriority(v as IncidentPriority)} error={errors.priority} />
        <NumberField
          label="Coste estimado (€, opcional)"
          onValueChange={setCost}
          min={0}
          step="0.01"
          error={errors.costEstimate}
        />
        <PhotoPicker room={INCIDENT_PHOTO_MAX} onPick={setPhotos} disabled={report.isPending || uploading} />
        <UploadQueue items={uploads} />
        <FormActions onCancel={() => onOpenChange(false)} pending={report.isPending || uploading} submitLabel="Reportar Incidencia" pendingLabel={uploading ? 'Subiendo fotos...' : 'Reportando...'} />
      </Form>
    </Dialog>
  );
}
