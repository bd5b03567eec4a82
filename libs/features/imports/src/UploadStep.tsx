import { IMPORT_ENTITIES, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_SHEET_NAMES, type Import, type ImportEntity } from '@arrendia/api-contract';
import { errorStatus, isSessionGone, serverMessage } from '@arrendia/api-client';
import { Button, Card, CardDescription, Form, FormWide, SelectField } from '@arrendia/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { AccountChoice, type ImportAccount } from './AccountChoice';
import { ErrorText, Hint, StepHeading } from './parts';
import { templateUrl, useCreateImport, WORKBOOK_TEMPLATE_URL } from './useImports';

const AUTO = 'auto';
const ENTITY_OPTIONS = [{ value: AUTO, label: 'Detectar automáticamente' }, ...IMPORT_ENTITIES.map((e) => ({ value: e, label: IMPORT_SHEET_NAMES[e] }))];

const Templates = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  padding: 0;
  margin: 0;
  list-style: none;
  a { color: ${({ theme }) => theme.colors.primaryText}; }
`;

const Fields = styled(Form)`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

const FileBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  input { min-height: 40px; }
`;

/** What the browser can refuse before sending: no file, the wrong kind, too big. */
function fileProblem(file: File | null): string | null {
  if (!file) return IMPORT_MESSAGES.noFile;
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return IMPORT_MESSAGES.oldExcel;
  if (!name.endsWith('.csv') && !name.endsWith('.xlsx')) return IMPORT_MESSAGES.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  return null;
}

/**
 * Step 1, 'Sube tu archivo': what a file may be, the templates, the file and what it holds (the
 * super admin also says whose account); 'Revisar archivo' sends it and the preview comes back.
 */
export function UploadStep({ focus, forAnotherAccount, onPreview }: { focus: boolean; forAnotherAccount: boolean; onPreview: (preview: Import) => void }) {
  const fileId = useId();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [entity, setEntity] = useState<string>(AUTO);
  const [account, setAccount] = useState<ImportAccount>({ kind: 'owner', id: null });
  const [errors, setErrors] = useState<{ file?: string; account?: string; form?: string }>({});
  const create = useCreateImport();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { file: fileProblem(file) ?? undefined, account: forAnotherAccount && account.id === null ? 'Elige para quién importas' : undefined };
    setErrors(found);
    if (found.file || found.account || !file) return;
    create.mutate(
      {
        file,
        entity: entity === AUTO ? undefined : (entity as ImportEntity),
        ...(forAnotherAccount && account.id !== null ? (account.kind === 'owner' ? { forUserId: account.id } : { agencyId: account.id }) : {}),
      },
      {
        onSuccess: onPreview,
        onError: (err) => {
          if (isSessionGone(err)) return;
          const fallback = errorStatus(err) === 413 ? IMPORT_MESSAGES.tooLarge : 'No se pudo leer el archivo. Inténtalo de nuevo.';
          setErrors({ form: serverMessage(err) ?? fallback });
        },
      },
    );
  };

  const fileErrorId = `${fileId}-error`;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        Sube tu archivo
      </StepHeading>
      <CardDescription>
        Un CSV separado por «;» o «,» (UTF-8 o Windows-1252) con un tipo de datos, o un XLSX con una hoja por tipo: inmuebles, unidades, inquilinos, contratos y saldos. Máximo 10 MB y{' '}
        {IMPORT_MAX_ROWS.toLocaleString('es-ES')} filas. Antes de importar verás cada fila con sus errores; no se escribe nada hasta que pulses «Importar».
      </CardDescription>
      <nav aria-label="Plantillas">
        <Templates>
          {IMPORT_ENTITIES.map((e) => (
            <li key={e}>
              <a href={templateUrl(e)} download>
                Plantilla de {IMPORT_SHEET_NAMES[e].toLowerCase()} (CSV)
              </a>
            </li>
          ))}
          <li>
            <a href={WORKBOOK_TEMPLATE_URL} download>
              Plantilla Excel completa
            </a>
          </li>
        </Templates>
      </nav>
      <Fields onSubmit={submit} aria-label="Subir archivo para importar">
        {forAnotherAccount && (
          <FormWide>
            <AccountChoice value={account} onChange={(next) => setAccount(next)} error={errors.account} />
          </FormWide>
        )}
        <FileBox>
          <label htmlFor={fileId}>Archivo</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${fileId}-hint${errors.file ? ` ${fileErrorId}` : ''}`}
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors({});
            }}
          />
          <Hint id={`${fileId}-hint`}>CSV o XLSX, máximo 10 MB</Hint>
          {errors.file && <ErrorText id={fileErrorId}>{errors.file}</ErrorText>}
        </FileBox>
        <SelectField label="Tipo de datos" hint="Para un CSV; un XLSX lo dice el nombre de cada hoja" value={entity} onValueChange={setEntity} options={ENTITY_OPTIONS} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Revisando…' : 'Revisar archivo'}
          </Button>
        </div>
      </Fields>
      {errors.form && <ErrorText role="alert">{errors.form}</ErrorText>}
    </Card>
  );
}
