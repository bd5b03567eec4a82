import type { AuditLogEntry } from '@arrendia/api-contract';
import { DataTable, MutedText } from '@arrendia/ui';
import styled from 'styled-components';

const Value = styled.code`
  white-space: pre-wrap;
  word-break: break-word;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Values = AuditLogEntry['oldValues'];

/** A value as the log stored it: text as is, anything else as JSON; '—' when the key is absent. */
function shown(values: Values, key: string): string {
  if (!values || !Object.hasOwn(values, key)) return '—';
  const value = values[key];
  if (value === null) return 'Sin valor';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The keys whose value differs between before and after, in the order the row holds them. */
export function changedKeys(entry: Pick<AuditLogEntry, 'oldValues' | 'newValues'>): string[] {
  const keys = [...new Set([...Object.keys(entry.newValues ?? {}), ...Object.keys(entry.oldValues ?? {})])];
  return keys.filter((key) => {
    const inOld = entry.oldValues !== null && Object.hasOwn(entry.oldValues, key);
    const inNew = entry.newValues !== null && Object.hasOwn(entry.newValues, key);
    return inOld !== inNew || JSON.stringify(entry.oldValues?.[key]) !== JSON.stringify(entry.newValues?.[key]);
  });
}

/** Before and after of one audit row: each changed key with its old and new value. */
export function AuditChanges({ entry, label }: { entry: AuditLogEntry; label: string }) {
  const keys = changedKeys(entry);
  if (keys.length === 0) return <MutedText>Sin cambios registrados</MutedText>;
  return (
    <DataTable aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Campo</th>
          <th scope="col">Antes</th>
          <th scope="col">Después</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td>
              <Value>{shown(entry.oldValues, key)}</Value>
            </td>
            <td>
              <Value>{shown(entry.newValues, key)}</Value>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
