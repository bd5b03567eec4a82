import { DOCUMENT_ACCEPT, DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, DOCUMENT_LIMITS_TEXT, type DocumentCategory, type DocumentItem, type DocumentRecord } from '@arrendia/api-contract';
import { isSessionGone, serverFieldErrors, serverMessage } from '@arrendia/api-client';
import { Button, Form, SelectField, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { validateFile } from './upload';
import { useUploadDocument } from './useDocuments';

/** The ui Form, its fields side by side: a file (with its progress) does not fit useFormDialog's values. */
const UploadFields = styled(Form)<{ $stacked: boolean }>`
  display: grid;
  grid-template-columns: ${({ $stacked }) => ($stacked ? '1fr' : 'repeat(auto-fit, minmax(220px, 1fr))')};
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
const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;
const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;
const Bar = styled.div<{ $percent: number }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.2s ease;
`;

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));

type Errors = { file?: string; category?: string; description?: string };

/**
 * Upload one JPG, PNG, GIF or PDF of at most 10 MB into a category, with an optional description
 * and a progress bar; attached to `record` when a detail page opens it ('Adjuntar documento').
 */
export function UploadForm({ record, stacked = false, onUploaded }: { record?: DocumentRecord; stacked?: boolean; onUploaded?: (doc: DocumentItem) => void }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDocument(setProgress);
  const { toast } = useToast();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setErrors((e) => ({ ...e, file: chosen ? (validateFile(chosen) ?? undefined) : undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { file: file ? (validateFile(file) ?? undefined) : 'Elige un archivo', category: category ? undefined : 'Elige una categoría' };
    setErrors(found);
    if (found.file || found.category || !file || !category) return;
    setProgress(0);
    upload.mutate(
      { file, category, description: description.trim() || undefined, record: record && { relatedEntityType: record.relatedEntityType, relatedEntityId: record.relatedEntityId } },
      {
        onSuccess: (doc) => {
          toast({ title: 'Documento subido', description: `${doc.fileName} se ha subido correctamente` });
          setFile(null);
          setDescription('');
          setProgress(null);
          if (input.current) input.current.value = '';
          onUploaded?.(doc);
        },
        onError: (err) => {
          setProgress(null);
          if (isSessionGone(err)) return;
          setErrors(serverFieldErrors(err));
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'No se pudo subir el documento' });
        },
      },
    );
  };

  const errorId = `${fileId}-error`;
  return (
    <>
      <UploadFields onSubmit={submit} aria-label={record ? `Adjuntar documento a ${record.label}` : 'Subir documento'} $stacked={stacked}>
        <FileBox>
          <label htmlFor={fileId}>Archivo</label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-describedby={`${fileId}-hint${errors.file ? ` ${errorId}` : ''}`}
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <Hint id={`${fileId}-hint`}>{DOCUMENT_LIMITS_TEXT}</Hint>
          {errors.file && <ErrorText id={errorId}>{errors.file}</ErrorText>}
        </FileBox>
        <SelectField
          label="Categoría"
          placeholder="Selecciona una categoría"
          options={CATEGORY_OPTIONS}
          value={category || undefined}
          onValueChange={(v) => setCategory(v as DocumentCategory)}
          error={errors.category}
        />
        <TextField label="Descripción (opcional)" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Subiendo...' : 'Subir Documento'}
        </Button>
      </UploadFields>
      {progress !== null && (
        <div>
          <Hint id={`${fileId}-progress`}>Subiendo: {progress} %</Hint>
          <Track role="progressbar" aria-labelledby={`${fileId}-progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <Bar $percent={progress} />
          </Track>
        </div>
      )}
    </>
  );
}
