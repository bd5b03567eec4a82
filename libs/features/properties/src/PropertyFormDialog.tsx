import { DEFAULT_COUNTRY, PropertiesCreateSchema, UNIT_TYPE_LABELS, UNIT_TYPE_NAMES } from '@arrendia/api-contract';
import { Dialog, Form, FormActions, SelectField, TextAreaField, TextField, toast } from '@arrendia/ui';
import styled from 'styled-components';
import { useFormDialog } from '@arrendia/api-client';
import { useCreateProperty } from './useProperties';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

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
  | 'notes',
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
};

const UNIT_TYPE_OPTIONS = UNIT_TYPE_NAMES.map((value) => ({ value, label: UNIT_TYPE_LABELS[value] }));

export interface PropertyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The property form of spec §3 in a dialog: checked with PropertiesCreateSchema before sending, the
 * server's field messages shown under their fields, the spec's toasts. The chosen unitType
 * becomes the property's first unit (the API's use of it), so the property can be rented at once.
 */
export function PropertyFormDialog({ open, onOpenChange }: PropertyFormDialogProps) {
  const form = useFormDialog({
    schema: PropertiesCreateSchema,
    initialValues: EMPTY,
    mutation: useCreateProperty(),
    onOpenChange,
    onSuccess: () => toast({ title: 'Propiedad creada', description: 'La propiedad ha sido creada exitosamente' }),
    // The spec's toast, whatever the server says; its field messages go under their fields.
    onFailure: () => toast({ title: 'Error', description: 'No se pudo crear la propiedad', variant: 'destructive' }),
    failureMessage: 'No se pudo crear la propiedad',
  });
  const field = (name: keyof Values) => ({ name, ...form.field(name) });

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Nueva Propiedad" description="Datos de la propiedad y tipo de su primera unidad." width={720}>
      <Form onSubmit={form.submit} aria-label="Nueva Propiedad">
        <Grid>
          <Wide>
            <TextField label="Nombre de la propiedad" autoComplete="off" {...field('propertyName')} />
          </Wide>
          <SelectField
            label="Tipo de unidad"
            name="unitType"
            {...form.select('unitType')}
            options={UNIT_TYPE_OPTIONS}
          />
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
          <Wide>
            <TextAreaField label="Notas (opcional)" rows={3} {...field('notes')} />
          </Wide>
        </Grid>
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear Propiedad" />
      </Form>
    </Dialog>
  );
}
