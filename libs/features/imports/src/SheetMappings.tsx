import { IMPORT_ENTITIES, IMPORT_FIELDS, IMPORT_SHEET_NAMES, type ImportEntity, type ImportMappingPutData, type ImportSheet } from '@arrendia/api-contract';
import { Card, CardDescription, CardTitle, DataTable, MutedText, Select, SelectField, TableScroll } from '@arrendia/ui';
import { count, Hint, TENANT_INVITATION_NOTE } from './parts';

/** A sheet as the user is mapping it: what it holds and the field of each column (null: not imported). */
export interface SheetDraft {
  entity: ImportEntity | null;
  mapping: (string | null)[];
}

/** A header as compared with a label: without accents, case or repeated spaces. */
const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A select's 'No importar' (a Radix item cannot have '' as its value). */
const NONE = '__ninguno';

export const draftOf = (sheets: readonly ImportSheet[]): SheetDraft[] => sheets.map((s) => ({ entity: s.entity, mapping: [...s.mapping] }));

/** The columns whose header is a field's label, once each: the guess when the user changes what a sheet holds. */
export function guessMapping(entity: ImportEntity, headers: readonly string[]): (string | null)[] {
  const used = new Set<string>();
  return headers.map((header) => {
    const field = IMPORT_FIELDS[entity].find((f) => !used.has(f.field) && foldText(f.label) === foldText(header));
    if (!field) return null;
    used.add(field.field);
    return field.field;
  });
}

/** The PUT body for the sheets the user changed, or null when none differs from the server's. */
export function changedSheets(sheets: readonly ImportSheet[], drafts: readonly SheetDraft[]): ImportMappingPutData | null {
  const changed = sheets.flatMap((sheet, i) => {
    const draft = drafts[i]!;
    const same = draft.entity === sheet.entity && draft.mapping.every((m, j) => m === sheet.mapping[j]);
    return same || draft.entity === null ? [] : [{ name: sheet.name, entity: draft.entity, mapping: draft.mapping }];
  });
  return changed.length ? { sheets: changed } : null;
}

/**
 * One card per sheet: its name, what it holds ('Tipo de datos') and, for each column of the file,
 * the field it fills or 'No importar'. A field taken by one column is not offered to the others.
 */
export function SheetMappingCard({ sheet, draft, onChange }: { sheet: ImportSheet; draft: SheetDraft; onChange: (draft: SheetDraft) => void }) {
  const fields = draft.entity ? IMPORT_FIELDS[draft.entity] : [];
  const missing = fields.filter((f) => f.required && !draft.mapping.includes(f.field)).map((f) => f.label);
  const { total, valid, existing, invalid } = sheet.counts;
  return (
    <Card as="section" aria-label={`Hoja ${sheet.name}`}>
      <CardTitle>{sheet.name}</CardTitle>
      <CardDescription>
        {count(total)} filas: {count(valid)} se crearán, {count(existing)} ya existen, {count(invalid)} con errores.
      </CardDescription>
      <SelectField
        label="Tipo de datos"
        placeholder="Elige qué contiene la hoja"
        value={draft.entity ?? undefined}
        onValueChange={(value) => {
          const entity = value as ImportEntity;
          onChange({ entity, mapping: guessMapping(entity, sheet.headers) });
        }}
        options={IMPORT_ENTITIES.map((e) => ({ value: e, label: IMPORT_SHEET_NAMES[e] }))}
      />
      {draft.entity === 'tenants' && <MutedText>{TENANT_INVITATION_NOTE}</MutedText>}
      {draft.entity && (
        <TableScroll aria-label={`Columnas de ${sheet.name}`}>
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Columna del archivo</th>
                <th scope="col">Campo</th>
              </tr>
            </thead>
            <tbody>
              {sheet.headers.map((header, i) => {
                const takenElsewhere = new Set(draft.mapping.filter((m, j): m is string => m !== null && j !== i));
                return (
                  <tr key={i}>
                    <th scope="row">{header || `Columna ${i + 1}`}</th>
                    <td>
                      <Select
                        aria-label={`Campo de la columna «${header || `Columna ${i + 1}`}»`}
                        value={draft.mapping[i] ?? NONE}
                        onValueChange={(value) => onChange({ ...draft, mapping: draft.mapping.map((m, j) => (j === i ? (value === NONE ? null : value) : m)) })}
                        options={[{ value: NONE, label: 'No importar' }, ...fields.map((f) => ({ value: f.field, label: f.required ? `${f.label} (obligatorio)` : f.label, disabled: takenElsewhere.has(f.field) }))]}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
      {missing.length > 0 && <Hint>Faltan columnas obligatorias: {missing.join(', ')}.</Hint>}
    </Card>
  );
}
