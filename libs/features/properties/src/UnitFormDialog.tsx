import {
  isResidentialType,
  MANUAL_UNIT_STATUSES,
  ResidentialDetailsInputSchema,
  UNIT_ORIENTATIONS,
  UnitCreateSchema,
  UnitUpdateSchema,
  type PropertyUnit,
} from '@arrendia/api-contract';
import { useFormDialog, type FieldErrors, type FormDialog } from '@arrendia/api-client';
import { parseMoneyEs } from '@arrendia/locale-es';
import { Dialog, FactList, Form, FormActions, SelectField, Switch, TextAreaField, TextField, toast, FormGrid, FormWide } from '@arrendia/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { UNIT_TYPE_OPTIONS } from './propertyParts';
import { useCreateUnit, useUpdateUnit } from './useUnits';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`;

const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Select items cannot carry '' (spec §5): this value stands for "none chosen" (sent as '', which clears). */
const NONE = 'ninguna';

const DETAIL_TEXTS = ['numBedrooms', 'numBathrooms', 'floorLevel', 'heatingType', 'energyCertificateRating', 'orientation'] as const;
const DETAIL_FLAGS = [
  { key: 'isFurnished', label: 'Amueblado' },
  { key: 'hasTerrace', label: 'Terraza' },
  { key: 'hasElevator', label: 'Ascensor' },
  { key: 'hasAirConditioning', label: 'Aire acondicionado' },
  { key: 'allowsPets', label: 'Admite mascotas' },
] as const;
type DetailText = (typeof DETAIL_TEXTS)[number];
type DetailFlag = (typeof DETAIL_FLAGS)[number]['key'];

type UnitText = 'unitType' | 'unitName' | 'areaM2' | 'baseRentPrice' | 'currentStatus' | 'description' | 'amenities';
type Values = Record<UnitText | DetailText, string> & Record<DetailFlag, boolean>;

const STATUS_OPTIONS = MANUAL_UNIT_STATUSES.map((value) => ({ value, label: value }));
const RATING_OPTIONS = [{ value: NONE, label: 'Sin calificar' }, ...['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((value) => ({ value, label: value }))];
const ORIENTATION_OPTIONS = [{ value: NONE, label: 'Sin indicar' }, ...UNIT_ORIENTATIONS.map((value) => ({ value, label: value }))];

/** What the fields show: the unit's values when editing, an empty Disponible vivienda when adding. */
function valuesOf(unit?: PropertyUnit): Values {
  const d = unit?.details;
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    unitType: unit?.unitType.typeName ?? 'vivienda',
    unitName: unit?.unitName ?? '',
    areaM2: unit?.areaM2 ? String(Number(unit.areaM2)) : '',
    baseRentPrice: unit?.baseRentPrice ? String(Number(unit.baseRentPrice)) : '',
    currentStatus: !unit ? 'Disponible' : (MANUAL_UNIT_STATUSES as readonly string[]).includes(unit.currentStatus) ? unit.currentStatus : '',
    description: unit?.description ?? '',
    amenities: unit?.amenities?.join(', ') ?? '',
    numBedrooms: text(d?.numBedrooms),
    numBathrooms: text(d?.numBathrooms),
    floorLevel: text(d?.floorLevel),
    heatingType: text(d?.heatingType),
    energyCertificateRating: d?.energyCertificateRating ?? NONE,
    orientation: d?.orientation ?? NONE,
    isFurnished: d?.isFurnished ?? false,
    hasTerrace: d?.hasTerrace ?? false,
    hasElevator: d?.hasElevator ?? false,
    hasAirConditioning: d?.hasAirConditioning ?? false,
    allowsPets: d?.allowsPets ?? false,
  };
}

/** 'Aire acondicionado, Trastero' → ['Aire acondicionado', 'Trastero']. */
const amenityList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The rent typed the Spanish way ('950,50'); text that is no amount stays no number, for the schema to say so. */
const money = (text: string) => (text.trim() === '' ? '' : (parseMoneyEs(text) ?? Number.NaN));

/** One detail as the schema reads it: an empty choice is '' (cleared), a switch its boolean. */
const detailValue = (values: Values, key: DetailText | DetailFlag) => {
  const value = values[key];
  return value === NONE ? '' : value;
};

const DETAIL_KEYS: readonly (DetailText | DetailFlag)[] = [...DETAIL_TEXTS, ...DETAIL_FLAGS.map((f) => f.key)];
const detailShape = ResidentialDetailsInputSchema.shape;

/** Each residential field's own message, under it (the schema names only `details`). */
const detailErrors = (values: Values): FieldErrors =>
  isResidentialType(values.unitType) ? Object.fromEntries(DETAIL_KEYS.map((key) => [`details.${key}`, detailShape[key].safeParse(detailValue(values, key)).error?.issues[0]?.message])) : {};

/** A field's message, or that of an item under it (the server names 'amenities.2'). */
const errorOf = (errors: FieldErrors, key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];

export interface UnitFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  propertyId: number;
  /** The unit to edit ('Editar unidad'); without it the dialog adds one ('Añadir unidad'). */
  unit?: PropertyUnit;
}

/**
 * The unit form in a dialog, checked with the contract's schema before sending, the server's field
 * messages under their fields. A vivienda or habitación also has its residential details. Editing,
 * it starts from the unit and sends only what changed (the details under `details`).
 */
export function UnitFormDialog({ unit, ...props }: UnitFormDialogProps) {
  return unit ? <EditUnitForm unit={unit} {...props} /> : <CreateUnitForm {...props} />;
}

function CreateUnitForm({ open, onOpenChange, propertyId }: Omit<UnitFormDialogProps, 'unit'>) {
  const form = useFormDialog({
    schema: UnitCreateSchema,
    initialValues: () => valuesOf(),
    toInput: (values) => {
      const amenities = amenityList(values.amenities);
      // Details left empty are not sent: the table's defaults apply.
      const details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, detailValue(values, key)] as const).filter(([, value]) => value !== ''));
      return {
        unitType: values.unitType,
        unitName: values.unitName,
        description: values.description,
        areaM2: values.areaM2,
        baseRentPrice: money(values.baseRentPrice),
        currentStatus: values.currentStatus,
        amenities: amenities.length ? amenities : undefined,
        details: isResidentialType(values.unitType) ? details : undefined,
      };
    },
    validate: detailErrors,
    mutation: useCreateUnit(propertyId),
    onOpenChange,
    onSuccess: (created) => toast({ title: 'Unidad añadida', description: created.unitName }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo añadir la unidad',
  });
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Añadir unidad" description="Datos de la nueva unidad de la propiedad." width={720}>
      <Form onSubmit={form.submit} aria-label="Añadir unidad">
        <UnitFields form={form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Añadir unidad" />
      </Form>
    </Dialog>
  );
}

function EditUnitForm({ open, onOpenChange, propertyId, unit }: UnitFormDialogProps & { unit: PropertyUnit }) {
  const initial = valuesOf(unit);
  const rented = unit.activeContract !== null;
  const form = useFormDialog({
    schema: UnitUpdateSchema,
    initialValues: () => valuesOf(unit),
    // Only what changed travels; an emptied optional field travels as '' and is cleared.
    toInput: (values) => {
      const changed = (key: keyof Values) => values[key] !== initial[key];
      const input: Record<string, unknown> = {};
      for (const key of ['unitType', 'unitName', 'areaM2', 'description'] as const) if (changed(key)) input[key] = values[key];
      if (changed('baseRentPrice')) input.baseRentPrice = money(values.baseRentPrice);
      // A rented unit's status is its contract's: the form does not send it.
      if (!rented && changed('currentStatus')) input.currentStatus = values.currentStatus;
      const amenities = amenityList(values.amenities);
      if (amenities.join('\n') !== amenityList(initial.amenities).join('\n')) input.amenities = amenities;
      if (isResidentialType(values.unitType)) {
        const details = Object.fromEntries(DETAIL_KEYS.filter(changed).map((key) => [key, detailValue(values, key)]));
        if (Object.keys(details).length) input.details = details;
      }
      return input;
    },
    // Bedrooms and bathrooms always have a number: emptied while editing, they are not 'unchanged'.
    validate: (values) => ({
      ...detailErrors(values),
      ...(isResidentialType(values.unitType) && values.numBedrooms.trim() === '' ? { 'details.numBedrooms': 'Indica un número de dormitorios entre 0 y 50' } : {}),
      ...(isResidentialType(values.unitType) && values.numBathrooms.trim() === '' ? { 'details.numBathrooms': 'Indica un número de baños entre 0 y 20' } : {}),
    }),
    formErrorKey: 'form',
    mutation: useUpdateUnit(propertyId, unit.id),
    onOpenChange,
    onSuccess: (saved) => toast({ title: 'Unidad actualizada', description: saved.unitName }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo actualizar la unidad',
  });
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Editar unidad" description={unit.unitName} width={720}>
      <Form onSubmit={form.submit} aria-label="Editar unidad">
        <UnitFields form={form} rented={rented} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar cambios" />
      </Form>
    </Dialog>
  );
}

/** The fields both modes share; a rented unit shows its status instead of choosing it. */
function UnitFields({ form, rented = false }: { form: FormDialog<Values>; rented?: boolean }) {
  const field = (name: keyof Values & string) => ({ name, ...form.field(name) });
  const detail = (name: DetailText) => ({ ...field(name), error: form.errors[`details.${name}`] });
  const detailSelect = (name: DetailText) => ({ name, ...form.select(name), error: form.errors[`details.${name}`] });
  const errorId = useId();
  // A message the server gives for the details as a whole (or a field it names there) goes under the fieldset.
  const hasFieldError = DETAIL_KEYS.some((key) => form.errors[`details.${key}`]);
  const detailsError = hasFieldError ? undefined : errorOf(form.errors, 'details');
  return (
    <>
      <FormGrid>
        <SelectField label="Tipo de unidad" name="unitType" {...form.select('unitType')} options={UNIT_TYPE_OPTIONS} />
        <TextField label="Nombre de la unidad" autoComplete="off" {...field('unitName')} />
        <TextField label="Superficie (m²)" inputMode="decimal" {...field('areaM2')} />
        <TextField label="Renta base (€/mes)" inputMode="decimal" {...field('baseRentPrice')} />
        {rented ? (
          <FactList>
            <dt>Estado</dt>
            <dd>Alquilado (contrato activo)</dd>
          </FactList>
        ) : (
          <SelectField label="Estado" name="currentStatus" {...form.select('currentStatus')} options={STATUS_OPTIONS} />
        )}
        <FormWide>
          <TextAreaField label="Descripción (opcional)" rows={3} {...field('description')} error={form.errors.description ?? form.errors.form} />
        </FormWide>
        <FormWide>
          <TextField label="Extras (opcional)" hint="Separados por comas: Trastero, Aire acondicionado" {...field('amenities')} error={errorOf(form.errors, 'amenities')} />
        </FormWide>
      </FormGrid>
      {isResidentialType(form.values.unitType) && (
        <Fieldset aria-describedby={detailsError ? errorId : undefined}>
          <legend>Vivienda</legend>
          <FormGrid>
            <TextField label="Dormitorios" inputMode="numeric" {...detail('numBedrooms')} />
            <TextField label="Baños" inputMode="numeric" {...detail('numBathrooms')} />
            <TextField label="Planta" {...detail('floorLevel')} />
            <TextField label="Calefacción" {...detail('heatingType')} />
            <SelectField label="Calificación energética" {...detailSelect('energyCertificateRating')} options={RATING_OPTIONS} />
            <SelectField label="Orientación" {...detailSelect('orientation')} options={ORIENTATION_OPTIONS} />
          </FormGrid>
          <FormGrid>
            {DETAIL_FLAGS.map(({ key, label }) => (
              <Switch key={key} label={label} checked={form.values[key]} onCheckedChange={(checked) => form.set(key, checked)} />
            ))}
          </FormGrid>
          {detailsError && <FieldError id={errorId}>{detailsError}</FieldError>}
        </Fieldset>
      )}
    </>
  );
}
