import { DEFAULT_COUNTRY, PropertiesCreateSchema, PropertiesUpdateSchema, type Property, type PropertyOwnerOption } from '@arrendia/api-contract';
import { Button, Dialog, Form, FormActions, SelectField, TextAreaField, TextField, toast, FormGrid, FormWide } from '@arrendia/ui';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFormDialog, type FormDialog } from '@arrendia/api-client';
import { OwnerInviteDialog } from './OwnerInviteDialog';
import { UNIT_TYPE_OPTIONS } from './propertyParts';
import { useCreateProperty, usePropertyOwners, useUpdateProperty } from './useProperties';

type Values = Record<
  | 'propertyName'
  | 'unitType'
  | 'addressStreet'
  | 'addressNumber'
  | 'addressDetails'
  | 'city'
  | 'province'
  | 'postalCode'
  | 'country'
  | 'totalAreaM2'
  | 'buildYear'
  | 'refCatastral'
  | 'notes'
  | 'ownerUserId',
  string
>;

const EMPTY: Values = {
  propertyName: '',
  unitType: 'vivienda',
  addressStreet: '',
  addressNumber: '',
  addressDetails: '',
  city: '',
  province: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
  totalAreaM2: '',
  buildYear: '',
  refCatastral: '',
  notes: '',
  ownerUserId: '',
};

/** The form's text for a property being edited: what the fields show before any change. */
const valuesOf = (p: Property): Values => ({
  propertyName: p.propertyName,
  unitType: '',
  addressStreet: p.addressStreet,
  addressNumber: p.addressNumber ?? '',
  addressDetails: p.addressDetails ?? '',
  city: p.city,
  province: p.province,
  postalCode: p.postalCode,
  country: p.country,
  totalAreaM2: p.totalAreaM2 === null ? '' : String(Number(p.totalAreaM2)),
  buildYear: p.buildYear === null ? '' : String(p.buildYear),
  refCatastral: p.refCatastral ?? '',
  notes: p.notes ?? '',
  ownerUserId: String(p.ownerUserId),
});

const EDITABLE = ['propertyName', 'addressStreet', 'addressNumber', 'addressDetails', 'city', 'province', 'postalCode', 'country', 'totalAreaM2', 'buildYear', 'refCatastral', 'notes'] as const;

export interface PropertyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The property to edit ('Editar Propiedad'); without it the dialog creates one ('Nueva Propiedad'). */
  property?: Property;
  /**
   * Creating, ask for the owner ('Propietario'): agency staff and delegates create for someone
   * else, chosen among GET /api/properties/owners; an owner's properties are its own.
   */
  askOwner?: boolean;
  /**
   * Asking the owner, also offer 'Invitar a un propietario nuevo' (OwnerInviteDialog): agency staff,
   * who may invite owners ('owners:invite'); the invited owner is chosen here once it accepts.
   */
  canInviteOwner?: boolean;
}

/**
 * The property form of spec §3 in a dialog: checked with the contract's schema before sending, the
 * server's field messages shown under their fields, the spec's toasts. Creating, the chosen
 * unitType becomes the property's first unit (the API's use of it), so the property can be rented
 * at once; editing, the form starts from the property and sends only the fields that changed.
 */
export function PropertyFormDialog({ property, askOwner, canInviteOwner, ...props }: PropertyFormDialogProps) {
  return property ? <EditPropertyForm property={property} {...props} /> : <CreatePropertyForm askOwner={askOwner} canInviteOwner={canInviteOwner} {...props} />;
}

const ownerLabel = (o: PropertyOwnerOption) => `${[o.firstName, o.lastName].filter(Boolean).join(' ') || o.email} (${o.email})`;

/** The owner select with 'Invitar a un propietario nuevo' under it, in one cell of the grid. */
const OwnerCell = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  & > :first-child {
    align-self: stretch;
  }
`;

const INVITE_OWNER = 'Invitar a un propietario nuevo';

function CreatePropertyForm({ open, onOpenChange, askOwner = false, canInviteOwner = false }: Omit<PropertyFormDialogProps, 'property'>) {
  const owners = usePropertyOwners(open && askOwner);
  const inviteOwner = askOwner && canInviteOwner;
  const [inviting, setInviting] = useState(false);
  const noOwners = owners.data?.length === 0;
  const form = useFormDialog({
    schema: PropertiesCreateSchema,
    initialValues: EMPTY,
    // No owner chosen travels as none: the API answers why under the select.
    toInput: ({ ownerUserId, ...values }) => (askOwner && ownerUserId !== '' ? { ...values, ownerUserId } : values),
    mutation: useCreateProperty(),
    // Closing the property dialog closes an invitation left open on top of it, for the next time.
    onOpenChange: (next) => {
      if (!next) setInviting(false);
      onOpenChange(next);
    },
    onSuccess: () => toast({ title: 'Propiedad creada', description: 'La propiedad ha sido creada exitosamente' }),
    // The spec's toast, whatever the server says; its field messages go under their fields.
    onFailure: () => toast({ title: 'Error', description: 'No se pudo crear la propiedad', variant: 'destructive' }),
    failureMessage: 'No se pudo crear la propiedad',
  });
  const ownerSelect = (
    <SelectField
      label="Propietario"
      name="ownerUserId"
      required
      placeholder={owners.isPending ? 'Cargando propietarios...' : noOwners ? (inviteOwner ? 'Aún no hay propietarios' : 'No hay propietarios disponibles') : 'Elige el propietario'}
      // No owner yet: the way to get one is the button under the select.
      hint={inviteOwner && noOwners ? `Tu agencia aún no tiene propietarios: usa «${INVITE_OWNER}» y, cuando acepte, podrás elegirle aquí.` : undefined}
      {...form.select('ownerUserId')}
      options={(owners.data ?? []).map((o) => ({ value: String(o.id), label: ownerLabel(o) }))}
    />
  );
  return (
    <>
      <Dialog open={open} onOpenChange={form.onOpenChange} title="Nueva Propiedad" description="Datos de la propiedad y tipo de su primera unidad." width={720}>
        <Form onSubmit={form.submit} aria-label="Nueva Propiedad">
          <PropertyFields
            form={form}
            unitType={
              <>
                {askOwner &&
                  (inviteOwner ? (
                    <OwnerCell>
                      {ownerSelect}
                      <Button variant="ghost" size="sm" onClick={() => setInviting(true)}>
                        {INVITE_OWNER}
                      </Button>
                    </OwnerCell>
                  ) : (
                    ownerSelect
                  ))}
                <SelectField label="Tipo de unidad" name="unitType" {...form.select('unitType')} options={UNIT_TYPE_OPTIONS} />
              </>
            }
          />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear Propiedad" />
        </Form>
      </Dialog>
      {/* Beside the property dialog, not inside its form: its submit must not reach the property form, and closing it leaves that one open. */}
      {inviteOwner && <OwnerInviteDialog open={open && inviting} onOpenChange={setInviting} />}
    </>
  );
}

function EditPropertyForm({ open, onOpenChange, property }: PropertyFormDialogProps & { property: Property }) {
  const initial = valuesOf(property);
  const form = useFormDialog({
    schema: PropertiesUpdateSchema,
    initialValues: () => valuesOf(property),
    // Only what changed travels; an emptied optional field travels as '' and is cleared.
    toInput: (values) => Object.fromEntries(EDITABLE.filter((k) => values[k] !== initial[k]).map((k) => [k, values[k]])),
    formErrorKey: 'form',
    mutation: useUpdateProperty(property.id),
    onOpenChange,
    onSuccess: () => toast({ title: 'Propiedad actualizada', description: 'Los cambios de la propiedad se han guardado' }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo actualizar la propiedad',
  });
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Editar Propiedad" description="Datos de la propiedad." width={720}>
      <Form onSubmit={form.submit} aria-label="Editar Propiedad">
        <PropertyFields form={form} notesError={form.errors.form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar cambios" />
      </Form>
    </Dialog>
  );
}

/** The fields both modes share; `unitType` is the create form's select, `notesError` a form-wide message. */
function PropertyFields({ form, unitType, notesError }: { form: FormDialog<Values>; unitType?: ReactNode; notesError?: string }) {
  const field = (name: keyof Values) => ({ name, ...form.field(name) });
  return (
    <FormGrid>
      <FormWide>
        <TextField label="Nombre de la propiedad" autoComplete="off" {...field('propertyName')} />
      </FormWide>
      {unitType}
      <TextField label="Calle" autoComplete="address-line1" {...field('addressStreet')} />
      <TextField label="Número" {...field('addressNumber')} />
      <TextField label="Planta y puerta" hint="Detalles de la dirección" {...field('addressDetails')} />
      <TextField label="Ciudad" autoComplete="address-level2" {...field('city')} />
      <TextField label="Provincia" autoComplete="address-level1" {...field('province')} />
      <TextField label="Código postal" inputMode="numeric" autoComplete="postal-code" maxLength={10} {...field('postalCode')} />
      <TextField label="País" autoComplete="country-name" {...field('country')} />
      <TextField label="Superficie total (m²)" inputMode="decimal" {...field('totalAreaM2')} />
      <TextField label="Año de construcción" inputMode="numeric" {...field('buildYear')} />
      <TextField label="Referencia catastral (opcional)" maxLength={24} {...field('refCatastral')} />
      <FormWide>
        <TextAreaField label="Notas (opcional)" rows={3} {...field('notes')} error={form.errors.notes ?? notesError} />
      </FormWide>
    </FormGrid>
  );
}
