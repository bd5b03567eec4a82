import {
  LEASE_USE_LABELS,
  LEASE_USES,
  RENT_UPDATE_MECHANISM_LABELS,
  RENT_UPDATE_MECHANISMS,
  type RentUpdateClause,
  type RentUpdateMechanism,
} from '@arrendia/api-contract';
import type { FormDialog, FormValues } from '@arrendia/api-client';
import { FormGrid, FormWide, SelectField, Switch, TextField } from '@arrendia/ui';
import styled from 'styled-components';

/** The clause as the form holds it: texts, '' for "not said" ('auto' for the default index month). */
export interface ClauseValues {
  rentUpdateMechanism: string;
  rentUpdateValue: string;
  /** '0': the rent never goes down; '': no floor. */
  rentUpdateFloor: string;
  rentUpdateMonthsBefore: string;
  leaseUse: string;
  signedOn: string;
}

/** The index month select's default: null for the API, two months before the anniversary. */
export const DEFAULT_INDEX_MONTH = 'auto';

const FIXED: readonly string[] = ['fixed_percentage', 'fixed_amount'] satisfies RentUpdateMechanism[];
const INDEXED: readonly string[] = ['ipc', 'igc', 'irav'] satisfies RentUpdateMechanism[];

export const INDEX_MONTH_OPTIONS = [
  { value: DEFAULT_INDEX_MONTH, label: 'Dos meses antes del aniversario (el último publicado)' },
  ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1 mes antes del aniversario' : `${i + 1} meses antes del aniversario` })),
];

/** A stored clause as the form's values (the edit dialog's start). */
export function clauseValues(clause: RentUpdateClause | undefined): ClauseValues {
  return {
    rentUpdateMechanism: clause?.mechanism ?? 'none',
    rentUpdateValue: clause?.value?.replace('.', ',') ?? '',
    rentUpdateFloor: clause?.floorPercent ?? '',
    rentUpdateMonthsBefore: clause?.monthsBefore == null ? DEFAULT_INDEX_MONTH : String(clause.monthsBefore),
    leaseUse: clause?.leaseUse ?? '',
    signedOn: clause?.signedOn ?? '',
  };
}

/**
 * The clause the form's values say, as the API reads it: a value only for the fixed ones, the floor
 * and the index month only for an index (the others have none); '' (not said) stays undefined.
 */
export function clauseInput(values: ClauseValues) {
  const mechanism = values.rentUpdateMechanism;
  const indexed = INDEXED.includes(mechanism);
  return {
    rentUpdateMechanism: mechanism === '' ? undefined : mechanism,
    rentUpdateValue: FIXED.includes(mechanism) ? values.rentUpdateValue.trim().replace(',', '.') : null,
    rentUpdateFloor: indexed && values.rentUpdateFloor !== '' ? values.rentUpdateFloor : null,
    rentUpdateMonthsBefore: indexed && values.rentUpdateMonthsBefore !== DEFAULT_INDEX_MONTH ? values.rentUpdateMonthsBefore : null,
    leaseUse: values.leaseUse === '' ? undefined : values.leaseUse,
    signedOn: values.signedOn === '' ? undefined : values.signedOn,
  };
}

const Group = styled.fieldset`
  grid-column: 1 / -1;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const FloorError = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * 'Actualización de la renta' (issue 36): the clause's fields inside a contract form, drawn with
 * the form's own `field`/`select`, so that the schema's and the server's messages show under each.
 */
export function RentUpdateClauseFieldset<V extends FormValues & ClauseValues>({ form }: { form: FormDialog<V> }) {
  const { values, errors } = form;
  const mechanism = values.rentUpdateMechanism;
  const field = (name: 'rentUpdateValue' | 'signedOn') => ({ name, ...form.field(name) });
  return (
    <Group>
      <legend>Actualización de la renta</legend>
      <FormGrid>
        <SelectField
          label="Tipo de actualización"
          name="rentUpdateMechanism"
          {...form.select('rentUpdateMechanism')}
          options={RENT_UPDATE_MECHANISMS.map((m) => ({ value: m, label: RENT_UPDATE_MECHANISM_LABELS[m] }))}
        />
        {mechanism === 'fixed_percentage' && <TextField label="Porcentaje (%)" inputMode="decimal" hint="Lo que sube la renta cada año" {...field('rentUpdateValue')} />}
        {mechanism === 'fixed_amount' && <TextField label="Importe (€)" inputMode="decimal" hint="Lo que sube la renta cada año" {...field('rentUpdateValue')} />}
        {INDEXED.includes(mechanism) && (
          <SelectField label="Mes del índice" name="rentUpdateMonthsBefore" {...form.select('rentUpdateMonthsBefore')} options={INDEX_MONTH_OPTIONS} />
        )}
        <SelectField
          label="Uso"
          name="leaseUse"
          {...form.select('leaseUse')}
          placeholder="Según el tipo de unidad"
          options={LEASE_USES.map((u) => ({ value: u, label: LEASE_USE_LABELS[u] }))}
        />
        <TextField label="Fecha de firma" type="date" hint="Vacía: la fecha de inicio" {...field('signedOn')} />
        {INDEXED.includes(mechanism) && (
          <FormWide>
            <Switch
              label="No bajar la renta aunque el índice baje"
              name="rentUpdateFloor"
              checked={values.rentUpdateFloor === '0'}
              onCheckedChange={(on) => form.set('rentUpdateFloor', (on ? '0' : '') as V['rentUpdateFloor'])}
            />
            {errors.rentUpdateFloor && <FloorError role="alert">{errors.rentUpdateFloor}</FloorError>}
          </FormWide>
        )}
      </FormGrid>
    </Group>
  );
}
