import { useFormDialog } from '@arrendia/api-client';
import { INCIDENT_PHOTO_MAX, IncidentCommentsCreateSchema } from '@arrendia/api-contract';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { roleLabel } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, Form, ListState, MutedText, RowList, Skeleton, TextAreaField, useToast } from '@arrendia/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { PhotoPicker, PhotoThumbs, UploadQueue, uploadPhotos, type UploadProgress } from './IncidentPhotos';
import { useAddIncidentComment, useIncidentComments, useIncidentPhotos } from './useIncidents';

const CommentForm = styled(Form)`
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
      <ListState read={photos} variant="inline" skeleton={<Skeleton height="6rem" />} error="No se pudieron cargar las fotos">
        {(data) => <PhotoThumbs photos={data} />}
      </ListState>
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
  const { toast } = useToast();
  // Not in a dialog: a success empties the box for the next comment.
  const form = useFormDialog({
    schema: IncidentCommentsCreateSchema,
    initialValues: { content: '' },
    mutation: useAddIncidentComment(incidentId),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo publicar el comentario',
  });
  return (
    <Card as="section" aria-labelledby="incident-comments">
      <CardTitle as="h2" id="incident-comments">
        Comentarios
      </CardTitle>
      <ListState
        read={comments}
        variant="inline"
        skeleton={<Skeleton height="3rem" />}
        error="No se pudieron cargar los comentarios"
        empty={comments.data?.length === 0}
        whenEmpty={<CardDescription>Todavía no hay comentarios.</CardDescription>}
      >
        {(data) => (
          <RowList aria-label="Comentarios de la incidencia">
            {data.map((c) => (
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
      </ListState>
      {canComment && (
        <CommentForm onSubmit={form.submit} aria-label="Añadir comentario">
          <TextAreaField label="Comentario" rows={3} {...form.field('content')} maxLength={2000} />
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Publicando...' : 'Comentar'}
          </Button>
        </CommentForm>
      )}
    </Card>
  );
}
