import { errorStatus, isSessionGone, serverMessage } from '@arrendia/api-client';
import { LISTING_MESSAGES, LISTING_PHOTO_MAX, LISTING_PHOTO_MAX_BYTES, LISTING_PHOTO_TYPES, listingPhotoSrcSet, type ManagedListing } from '@arrendia/api-contract';
import { AlertDialog, Badge, Button, CardDescription, MutedText, TextField, toast, VisuallyHidden } from '@arrendia/ui';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { useDeleteListingPhoto, useOrderListingPhotos, useUploadListingPhoto } from './useListings';

/** The photo types the API keeps (it checks the content too). */

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Thumbs = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Thumb = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const ThumbHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 24px;
`;

const ThumbActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Failures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  progress { width: 100%; }
`;

/** Why a chosen file is not sent (the API's own messages), or null when it may be. */
export function listingPhotoProblem(file: File): string | null {
  if (!(LISTING_PHOTO_TYPES as readonly string[]).includes(file.type)) return LISTING_MESSAGES.photoType;
  if (file.size > LISTING_PHOTO_MAX_BYTES) return LISTING_MESSAGES.photoSize;
  return null;
}

/** What a failed upload says: the server's message, the size one for a 413 without body. */
const uploadError = (error: unknown) => serverMessage(error) ?? (errorStatus(error) === 413 ? LISTING_MESSAGES.photoSize : 'No se pudo subir la foto');

interface UploadRun {
  total: number;
  /** The file being sent (1-based), its name and progress; null once the run is over. */
  current: { index: number; name: string; percent: number } | null;
  uploaded: number;
  failures: { name: string; message: string }[];
}

type MoveAction = 'subir' | 'bajar' | 'portada';
type FocusAfter = { kind: 'moved'; photoId: number; action: MoveAction; ids: number[] } | { kind: 'deleted'; photoId: number; index: number };

/**
 * 'Fotos (n de 20)': the listing's photos in order, the first the cover. 'Añadir fotos' sends the
 * chosen files one by one (a failed one says why and the others go on); each photo moves up or
 * down, becomes the cover, or is deleted. Every order change sends the whole id list.
 */
export function ListingPhotos({ propertyId, listing }: { propertyId: number; listing: ManagedListing }) {
  const photos = listing.photos;
  const upload = useUploadListingPhoto(propertyId, listing.id);
  const order = useOrderListingPhotos(propertyId, listing.id);
  const remove = useDeleteListingPhoto(propertyId, listing.id);
  const [run, setRun] = useState<UploadRun | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [toDelete, setToDelete] = useState<{ id: number; n: number } | null>(null);
  // Where the focus goes once the list shows the change: the moved photo's button, or the photo now in the deleted one's place.
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The photo the delete confirmation was about, still known when it closes.
  const askedRef = useRef<number | null>(null);
  const inputId = useId();
  const headingId = useId();
  const uploading = run?.current != null;
  const busy = order.isPending || remove.isPending;
  const room = LISTING_PHOTO_MAX - photos.length;

  useEffect(() => {
    if (!focusAfter) return;
    const ids = photos.map((p) => p.id);
    if (focusAfter.kind === 'moved') {
      // Not before the list shows the new order (the cache is updated after this state).
      if (ids.join() !== focusAfter.ids.join()) return;
      const own = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>(`button[data-photo="${focusAfter.photoId}"]`) ?? []);
      (own.find((b) => b.dataset.action === focusAfter.action && !b.disabled) ?? own.find((b) => !b.disabled))?.focus();
    } else {
      if (ids.includes(focusAfter.photoId)) return;
      const deletes = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-action="eliminar"]') ?? []);
      (deletes[Math.min(focusAfter.index, deletes.length - 1)] ?? document.getElementById(inputId))?.focus();
    }
    setFocusAfter(null);
  }, [focusAfter, photos, inputId]);

  const failed = (error: unknown, fallback: string) => {
    if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };

  const sendOrder = (ids: number[], photoId: number, action: MoveAction, said: string) => {
    if (busy) return;
    order.mutate(ids, {
      onSuccess: () => {
        setAnnouncement(said);
        setFocusAfter({ kind: 'moved', photoId, action, ids });
      },
      onError: (error) => failed(error, 'No se pudo cambiar el orden de las fotos'),
    });
  };

  const move = (index: number, to: number, action: MoveAction) => {
    const ids = photos.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(to, 0, id!);
    const said = to === 0 ? `La foto ${index + 1} es ahora la portada` : `Foto ${index + 1} movida a la posición ${to + 1}`;
    sendOrder(ids, id!, action, said);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id, n } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setAnnouncement(`Foto ${n} eliminada`);
        setFocusAfter({ kind: 'deleted', photoId: id, index: n - 1 });
      },
      onError: (error) => failed(error, 'No se pudo eliminar la foto'),
    });
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so that choosing the same file again sends it again.
    event.target.value = '';
    if (files.length === 0) return;
    const state: UploadRun = { total: files.length, current: null, uploaded: 0, failures: [] };
    const show = () => setRun({ ...state, failures: [...state.failures] });
    let left = room;
    for (const [i, file] of files.entries()) {
      const problem = left <= 0 ? LISTING_MESSAGES.photoCount : listingPhotoProblem(file);
      if (problem) {
        state.failures.push({ name: file.name, message: problem });
        continue;
      }
      state.current = { index: i + 1, name: file.name, percent: 0 };
      show();
      try {
        await upload.mutateAsync({
          file,
          onProgress: (percent) => {
            state.current = { index: i + 1, name: file.name, percent };
            show();
          },
        });
        state.uploaded += 1;
        left -= 1;
      } catch (error) {
        if (isSessionGone(error)) break;
        state.failures.push({ name: file.name, message: uploadError(error) });
        // The API refuses the 21st: the rest would be refused too.
        if (errorStatus(error) === 409) left = 0;
      }
    }
    state.current = null;
    show();
  };

  const summary = (r: UploadRun) =>
    r.current
      ? `Subiendo foto ${r.current.index} de ${r.total}: ${r.current.name}`
      : `${r.uploaded === 1 ? '1 foto subida' : `${r.uploaded} fotos subidas`} de ${r.total}${r.failures.length ? `; ${r.failures.length === 1 ? '1 no se pudo subir' : `${r.failures.length} no se pudieron subir`}` : ''}.`;

  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId}>
        Fotos ({photos.length} de {LISTING_PHOTO_MAX})
      </h3>
      <TextField
        id={inputId}
        label="Añadir fotos"
        type="file"
        accept={LISTING_PHOTO_TYPES.join(',')}
        multiple
        disabled={uploading || room <= 0}
        hint={room <= 0 ? LISTING_MESSAGES.photoCount : `JPG, PNG o WebP, hasta 15 MB cada una. Puedes elegir varias; la primera foto es la portada.`}
        onChange={(event) => void onFiles(event)}
      />
      <div role="status">{run && summary(run)}</div>
      {run?.current && (
        <Progress>
          <progress max={100} value={run.current.percent} aria-label={`Progreso de ${run.current.name}`} />
          <MutedText aria-hidden="true">{run.current.percent} %</MutedText>
        </Progress>
      )}
      {run && run.failures.length > 0 && (
        <Failures aria-label="Fotos no subidas">
          {run.failures.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.name}: {f.message}
            </li>
          ))}
        </Failures>
      )}
      {photos.length === 0 ? (
        <CardDescription>El anuncio aún no tiene fotos.</CardDescription>
      ) : (
        <Thumbs ref={listRef} aria-label="Fotos del anuncio" aria-busy={busy || undefined}>
          {photos.map((photo, i) => {
            const n = i + 1;
            const last = i === photos.length - 1;
            return (
              <Thumb key={photo.id}>
                <img src={photo.url} srcSet={listingPhotoSrcSet(photo.url)} sizes="160px" alt={`Foto ${n}`} width={160} height={120} loading="lazy" decoding="async" />
                <ThumbHead>
                  <MutedText>Foto {n}</MutedText>
                  {i === 0 && <Badge $tone="blue">Portada</Badge>}
                </ThumbHead>
                <ThumbActions>
                  <Button size="sm" variant="ghost" data-photo={photo.id} data-action="subir" disabled={i === 0} aria-label={`Subir la foto ${n}`} onClick={() => move(i, i - 1, 'subir')}>
                    Subir
                  </Button>
                  <Button size="sm" variant="ghost" data-photo={photo.id} data-action="bajar" disabled={last} aria-label={`Bajar la foto ${n}`} onClick={() => move(i, i + 1, 'bajar')}>
                    Bajar
                  </Button>
                  {i > 0 && (
                    <Button size="sm" variant="outline" data-photo={photo.id} data-action="portada" aria-label={`Hacer portada con la foto ${n}`} onClick={() => move(i, 0, 'portada')}>
                      Hacer portada
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" data-photo={photo.id} data-action="eliminar" aria-label={`Eliminar la foto ${n}`} onClick={() => {
                      if (busy) return;
                      askedRef.current = photo.id;
                      setToDelete({ id: photo.id, n });
                    }}
                  >
                    Eliminar
                  </Button>
                </ThumbActions>
              </Thumb>
            );
          })}
        </Thumbs>
      )}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `¿Eliminar la foto ${toDelete.n}?` : ''}
        description="Se quitará del anuncio. Esta acción no se puede deshacer."
        confirmLabel="Eliminar"
        destructive
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // Cancelled: back to its 'Eliminar'; deleted: the effect above moves the focus.
          event.preventDefault();
          listRef.current?.querySelector<HTMLButtonElement>(`button[data-photo="${askedRef.current}"][data-action="eliminar"]`)?.focus();
        }}
      />
    </Section>
  );
}
