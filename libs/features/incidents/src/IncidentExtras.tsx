import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { INCIDENT_PHOTO_MAX } from '@arrendia/api-contract';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { roleLabel } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, LoadError, MutedText, RowList, Skeleton, TextAreaField, useToast } from '@arrendia/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { PhotoPicker, PhotoThumbs, UploadQueue, uploadPhotos, type UploadProgress } from './IncidentPhotos';
import { useAddIncidentComment, useIncidentComments, useIncidentPhotos } from './useIncidents';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  & > button { align-self: flex-end; }
`;
const Comment = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
`;

/** The incident's photos and, for whoever may report, room to add up to 5 with a progress bar each. */
export function IncidentPhotosCard({ incidentId, canAdd }: { incidentId: number; canAdd: boolean }) {
  const photos = useIncidentPhotos(incidentId);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const room = INCIDENT_PHOTO_MAX - (photos.data?.length ?? 0);
  const upload = async (files: File[]) => {
    setBusy(true);
    await uploadPhotos(incidentId, files, setUploads);
    setBusy(false);
    await client.invalidateQueries({ queryKey: [`/api/incidents/${incidentId}/photos`] });
  };
  return (
    <Card as="section" aria-labelledby="incident-photos">
      <CardTitle as="h2" id="incident-photos">
        Fotos
      </CardTitle>
      {photos.isPending ? (
        <Skeleton height="6rem" />
      ) : photos.isError ? (
        <LoadError variant="inline" retry={photos}>
          No se pudieron cargar las fotos
        </LoadError>
      ) : (
        <PhotoThumbs photos={photos.data} />
      )}
      {canAdd && photos.data && (
        <>
          <PhotoPicker room={room} onPick={(files) => void upload(files)} disabled={busy} />
          <UploadQueue items={uploads} />
        </>
      )}
    </Card>
  );
}

/** The incident's comments and the form to add one; the other side is notified live. */
export function IncidentCommentsCard({ incidentId, canComment }: { incidentId: number; canComment: boolean }) {
  const comments = useIncidentComments(incidentId);
  const add = useAddIncidentComment(incidentId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setError('Escribe un comentario');
      return;
    }
    setError(undefined);
    add.mutate(draft.trim(), {
      onSuccess: () => setDraft(''),
      onError: (err) => {
        if (isSessionGone(err)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'No se pudo publicar el comentario' });
      },
    });
  };
  return (
    <Card as="section" aria-labelledby="incident-comments">
      <CardTitle as="h2" id="incident-comments">
        Comentarios
      </CardTitle>
      {comments.isPending ? (
        <Skeleton height="3rem" />
      ) : comments.isError ? (
        <LoadError variant="inline" retry={comments}>
          No se pudieron cargar los comentarios
        </LoadError>
      ) : comments.data.length === 0 ? (
        <CardDescription>Todavía no hay comentarios.</CardDescription>
      ) : (
        <RowList aria-label="Comentarios de la incidencia">
          {comments.data.map((c) => (
            <li key={c.id}>
              <div>
                <MutedText>
                  {c.author ? `${personName(c.author)} · ${roleLabel(c.author.roleName)}` : 'Usuario eliminado'} · {formatDateTime(c.createdAt)}
                </MutedText>
                <Comment>{c.content}</Comment>
              </div>
            </li>
          ))}
        </RowList>
      )}
      {canComment && (
        <Form onSubmit={submit} noValidate aria-label="Añadir comentario">
          <TextAreaField label="Comentario" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} error={error} maxLength={2000} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Publicando...' : 'Comentar'}
          </Button>
        </Form>
      )}
    </Card>
  );
}
