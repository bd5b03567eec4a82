import { serverMessage, uploadFile } from '@arrendia/api-client';
import { INCIDENT_PHOTO_COUNT_ERROR, INCIDENT_PHOTO_MAX, INCIDENT_PHOTO_MAX_BYTES, INCIDENT_PHOTO_SIZE_ERROR, INCIDENT_PHOTO_TYPE_ERROR, INCIDENT_PHOTO_TYPES, type IncidentPhoto } from '@arrendia/api-contract';
import { CardDescription, MutedText } from '@arrendia/ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';

const Thumbs = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: ${({ theme }) => theme.radii.md}; border: 1px solid ${({ theme }) => theme.colors.border}; }
`;
const Queue = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  progress { width: 100%; }
`;
const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Why a chosen file cannot be a photo, before sending it; null when it can. */
export function photoProblem(file: File): string | null {
  if (!(INCIDENT_PHOTO_TYPES as readonly string[]).includes(file.type)) return INCIDENT_PHOTO_TYPE_ERROR;
  if (file.size > INCIDENT_PHOTO_MAX_BYTES) return INCIDENT_PHOTO_SIZE_ERROR;
  return null;
}

/** Chosen files, checked against the rules and the room left; the first problem found, if any. */
export function checkPhotos(files: readonly File[], room: number): { ok: File[]; problem: string | null } {
  if (files.length > room) return { ok: [], problem: INCIDENT_PHOTO_COUNT_ERROR };
  for (const file of files) {
    const problem = photoProblem(file);
    if (problem) return { ok: [], problem: `${file.name}: ${problem}` };
  }
  return { ok: [...files], problem: null };
}

export interface UploadProgress {
  name: string;
  percent: number;
  error?: string;
}

/** Uploads photos to an incident one after another, reporting each one's progress. */
export async function uploadPhotos(incidentId: number, files: readonly File[], onProgress: (progress: UploadProgress[]) => void): Promise<IncidentPhoto[]> {
  const progress: UploadProgress[] = files.map((f) => ({ name: f.name, percent: 0 }));
  const done: IncidentPhoto[] = [];
  onProgress([...progress]);
  for (const [i, file] of files.entries()) {
    try {
      done.push(
        await uploadFile<IncidentPhoto>(`/api/incidents/${incidentId}/photos`, file, (percent) => {
          progress[i] = { ...progress[i]!, percent };
          onProgress([...progress]);
        }),
      );
    } catch (err) {
      progress[i] = { ...progress[i]!, error: serverMessage(err) ?? 'No se pudo subir la foto' };
      onProgress([...progress]);
    }
  }
  return done;
}

/** Each file's upload bar (a labelled <progress>), or its error. */
export function UploadQueue({ items }: { items: readonly UploadProgress[] }) {
  if (items.length === 0) return null;
  return (
    <Queue aria-label="Fotos subiendo">
      {items.map((item, i) => (
        <li key={`${item.name}-${i}`}>
          <MutedText>
            {item.name} {item.error ? `· ${item.error}` : `· ${item.percent} %`}
          </MutedText>
          {!item.error && <progress max={100} value={item.percent} aria-label={`Subiendo ${item.name}`} />}
        </li>
      ))}
    </Queue>
  );
}

/** A file input for up to `room` photos (JPG or PNG, 5 MB each), checked before anything is sent. */
export function PhotoPicker({ room, onPick, disabled }: { room: number; onPick: (files: File[]) => void; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id}>Fotos (JPG o PNG, 5 MB cada una, hasta {INCIDENT_PHOTO_MAX})</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={INCIDENT_PHOTO_TYPES.join(',')}
        multiple
        disabled={disabled || room <= 0}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          const { ok, problem: found } = checkPhotos(Array.from(e.target.files ?? []), room);
          setProblem(found);
          if (!found) onPick(ok);
          if (found && inputRef.current) inputRef.current.value = '';
        }}
      />
      {room <= 0 && <CardDescription>Ya tiene el máximo de {INCIDENT_PHOTO_MAX} fotos.</CardDescription>}
      {problem && (
        <ErrorText id={`${id}-error`} role="alert">
          {problem}
        </ErrorText>
      )}
    </div>
  );
}

/** The incident's photos as thumbnails, each opening the full image. */
export function PhotoThumbs({ photos }: { photos: readonly IncidentPhoto[] }) {
  if (photos.length === 0) return <CardDescription>Sin fotos.</CardDescription>;
  return (
    <Thumbs aria-label="Fotos de la incidencia">
      {photos.map((p) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer" aria-label={`Abrir la foto ${p.fileName}`}>
            <img src={p.url} alt={p.fileName} loading="lazy" />
          </a>
        </li>
      ))}
    </Thumbs>
  );
}

