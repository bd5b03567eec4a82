import { DOCUMENT_CATEGORIES, type CurrentUser, type DocumentCategory, type DocumentItem, documentDownloadUrl } from '@arrendia/api-contract';
import { isUnauthorizedError } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import { AlertDialog, Badge, Button, Card, CardDescription, CardTitle, Icon, ListState, PageHeader, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { UploadCard } from './UploadCard';
import { useDeleteDocument, useDocuments, useDocumentsSummary } from './useDocuments';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;
const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  padding: 0;
`;
const Tile = styled.button<{ $active: boolean }>`
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  strong { display: block; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;
const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const Name = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  span { overflow-wrap: anywhere; }
`;
const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  a { align-self: center; }
`;
const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;
const List = styled.ul`
  list-style: none;
  padding: 0;
`;

const sizeText = (kb: number) => (kb >= 1024 ? `${(kb / 1024).toFixed(1).replace('.', ',')} MB` : `${kb} KB`);
const TYPE_LABELS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/gif': 'GIF' };

/** /documents: upload, the category tiles with real counts and the list with download and delete. */
export function DocumentsScreen(_props: { user: CurrentUser | null }) {
  const [category, setCategory] = useState<DocumentCategory | null>(null);
  const [toDelete, setToDelete] = useState<DocumentItem | null>(null);
  const summary = useDocumentsSummary();
  const documents = useDocuments(category);
  const remove = useDeleteDocument();
  const { toast } = useToast();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Documento eliminado', description: 'El documento ha sido eliminado exitosamente' }),
      onError: (err) => {
        if (!isUnauthorizedError(err)) toast({ variant: 'destructive', title: 'Error', description: 'No se pudo eliminar el documento' });
      },
    });
    setToDelete(null);
  };

  return (
    <Stack>
      <PageHeader title="Documentos" description="Contratos, recibos, incidencias e inventarios de tus propiedades" />
      <UploadCard />
      <section aria-labelledby="document-categories">
        <SectionTitle id="document-categories">Categorías</SectionTitle>
        <Tiles>
          {DOCUMENT_CATEGORIES.map((c) => (
            <li key={c}>
              <Tile type="button" $active={category === c} aria-pressed={category === c} onClick={() => setCategory(category === c ? null : c)}>
                <Icon name="folder" size={28} />
                <span>
                  <strong data-testid={`count-${c}`}>{summary.data ? summary.data.byCategory[c] : '…'}</strong>
                  {c}
                </span>
              </Tile>
            </li>
          ))}
        </Tiles>
      </section>
      <Card as="section" aria-labelledby="documents-list">
        <CardTitle as="h2" id="documents-list">
          {category ? `Documentos: ${category}` : 'Todos los documentos'}
        </CardTitle>
        {category && (
          <div>
            <Button variant="ghost" size="sm" onClick={() => setCategory(null)}>
              Ver todos
            </Button>
          </div>
        )}
        <ListState
          read={documents}
          variant="inline"
          loading="Cargando documentos"
          error="No se pudieron cargar los documentos"
          empty={!documents.data?.length}
          whenEmpty={<CardDescription>{category ? 'No hay documentos en esta categoría' : 'Todavía no hay documentos'}</CardDescription>}
        >
          {(data) => (
            <List>
              {data.map((doc) => (
                <Row key={doc.id} data-testid="document-row">
                  <div>
                    <Name>
                      <Icon name="file" />
                      <span>{doc.fileName}</span>
                      {doc.category && <Badge $variant="accent">{doc.category}</Badge>}
                    </Name>
                    <Muted>
                      {TYPE_LABELS[doc.fileType] ?? doc.fileType} · {sizeText(doc.fileSizeKb)} · {formatDateTime(doc.createdAt)}
                    </Muted>
                  </div>
                  <Actions>
                    <a href={documentDownloadUrl(doc.id)} download={doc.fileName} aria-label={`Descargar ${doc.fileName}`}>
                      Descargar
                    </a>
                    {doc.canDelete && (
                      <Button variant="outline" size="sm" onClick={() => setToDelete(doc)} aria-label={`Eliminar ${doc.fileName}`}>
                        Eliminar
                      </Button>
                    )}
                  </Actions>
                </Row>
              ))}
            </List>
          )}
        </ListState>
      </Card>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="¿Estás seguro de que quieres eliminar este documento?"
        description={toDelete?.fileName}
        confirmLabel="Eliminar"
        destructive
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
