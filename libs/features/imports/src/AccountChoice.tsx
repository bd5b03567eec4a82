import { AgencyRowSchema, UserRowSchema } from '@arrendia/api-contract';
import { getPage } from '@arrendia/api-client';
import { personName } from '@arrendia/locale-es';
import { SelectField, TextField, useDebouncedValue } from '@arrendia/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';

/** The account the super admin imports for: an owner (forUserId) or an agency (agencyId). */
export interface ImportAccount {
  kind: 'owner' | 'agency';
  id: number | null;
}

/** How many matches the choice offers; the search narrows them. */
const CHOICES = 20;

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`;

/** Active individual owners, or active agencies, whose name or email matches `q`. */
function useAccounts(kind: ImportAccount['kind'], q: string) {
  const query = new URLSearchParams({ pageSize: String(CHOICES) });
  if (q) query.set('q', q);
  const url = kind === 'owner' ? `/api/users?role=propietario_individual&status=activo&${query}` : `/api/agencies?status=activa&${query}`;
  return useQuery({
    queryKey: [kind === 'owner' ? '/api/users' : '/api/agencies', url],
    queryFn: async ({ signal }) => {
      if (kind === 'owner') return (await getPage(url, z.array(UserRowSchema), signal)).rows.map((u) => ({ value: String(u.id), label: `${personName(u, u.email)} · ${u.email}` }));
      return (await getPage(url, z.array(AgencyRowSchema), signal)).rows.map((a) => ({ value: String(a.id), label: `${a.nombreAgencia} · ${a.cifAgencia}` }));
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Importar para' (super admin only): the rows go to the account of an owner or of an agency,
 * chosen from the active ones, searched by name or email.
 */
export function AccountChoice({ value, onChange, error }: { value: ImportAccount; onChange: (value: ImportAccount) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const accounts = useAccounts(value.kind, q);
  const noun = value.kind === 'owner' ? 'Propietario' : 'Agencia';
  const options = accounts.data ?? [];
  return (
    <Fieldset>
      <legend>Importar para</legend>
      <SelectField
        label="Tipo de cuenta"
        value={value.kind}
        onValueChange={(kind) => {
          setSearch('');
          onChange({ kind: kind as ImportAccount['kind'], id: null });
        }}
        options={[
          { value: 'owner', label: 'Un propietario' },
          { value: 'agency', label: 'Una agencia' },
        ]}
      />
      <TextField type="search" label={value.kind === 'owner' ? 'Buscar propietario' : 'Buscar agencia'} value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField
        label={noun}
        placeholder={accounts.isPending ? 'Cargando…' : options.length ? `Elige ${value.kind === 'owner' ? 'un propietario' : 'una agencia'}` : 'Ningún resultado'}
        value={value.id === null ? undefined : String(value.id)}
        onValueChange={(id) => onChange({ kind: value.kind, id: Number(id) })}
        options={options}
        error={accounts.isError ? 'No se pudo cargar la lista' : error}
      />
    </Fieldset>
  );
}
