import { DEFAULT_COUNTRY, PropertiesCreateSchema, UNIT_TYPE_LABELS, UNIT_TYPE_NAMES, type PropertiesCreateInput } from '@arrendia/api-contract';
import { Dialog, FormActions, SelectField, TextAreaField, TextField, toast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { isSessionGone, serverFieldErrors, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProperty();

  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
    }
    onOpenChange(next);
  };

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PropertiesCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // Send what was typed (the server parses it again); numbers as numbers, empty text left out.
    const payload = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as PropertiesCreateInput;
    create.mutate(payload, {
      onSuccess: () => {
        toast({ title: 'Propiedad creada', description: 'La propiedad ha sido creada exitosamente' });
        close(false);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        if (!isSessionGone(error)) toast({ title: 'Error', description: 'No se pudo crear la propiedad', variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Nueva Propiedad" description="Datos de la propiedad y tipo de su primera unidad." width={720}>
      <form onSubmit={submit} noValidate aria-label="Nueva Propiedad">
        <Grid>
          <Wide>
            <TextField label="Nombre de la propiedad" autoComplete="off" {...field('propertyName')} />
          </Wide>
          <SelectField
            label="Tipo de unidad"
            name="unitType"
            value={values.unitType}
            onValueChange={(unitType) => setValues((v) => ({ ...v, unitType }))}
            options={UNIT_TYPE_OPTIONS}
            error={errors.unitType}
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
        <FormActions onCancel={() => close(false)} pending={create.isPending} submitLabel="Crear Propiedad" />
      </form>
    </Dialog>
  );
}
