import { DOCUMENT_CATEGORY_LABELS, DOCUMENT_ENTITY_LABELS, documentDownloadUrl, type DocumentItem } from '@arrendia/api-contract';
import { isUnauthorizedError } from '@arrendia/api-client';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { AlertDialog, Badge, Button, DataTable, Icon, MutedText, PagedList, RowActions, SortHeader, TableScroll, useToast, type PagedListState } from '@arrendia/ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useDeleteDocument } from './useDocuments';

const Name = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  span { overflow-wrap: anywhere; }
`;
const Stacked = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const sizeText = (kb: number) => (kb >= 1024 ? `${(kb / 1024).toFixed(1).replace('.', ',')} MB` : `${kb} KB`);
const TYPE_LABELS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/gif': 'GIF' };

/** Where a document's record is shown in the app (a tenant and a unit have no page of their own). */
const RECORD_PAGES: Partial<Record<NonNullable<DocumentItem['relatedEntityType']>, string>> = { property: '/properties', contract: '/contracts', incident: '/incidents' };

/** The record a document hangs off, as 'Contrato · MTX-A', linked to its page where it has one. */
function RecordCell({ doc }: { doc: DocumentItem }) {
  if (!doc.relatedEntityType || doc.relatedEntityId === null) return <MutedText>Sin vincular</MutedText>;
  const text = `${DOCUMENT_ENTITY_LABELS[doc.relatedEntityType]} · ${doc.relatedEntityLabel ?? `#${doc.relatedEntityId}`}`;
  const page = RECORD_PAGES[doc.relatedEntityType];
  return page ? <Link to={`${page}/${doc.relatedEntityId}`}>{text}</Link> : <span>{text}</span>;
}

export interface DocumentListProps {
  /** The page's state (useDocumentList). */
  list: PagedListState<DocumentItem>;
  /** The filter fields above the table (ListFilters). */
  filters?: ReactNode;
  whenEmpty: ReactNode;
  /** The 'Vinculado a' column: on /documents, not on a record's own 'Documentos'. */
  showRecord?: boolean;
  /** The table's accessible name. */
  label: string;
}

/**
 * Documents as a table on the list pattern (PagedList: paged, sorted by name, size or date, the
 * state in the URL), each with 'Descargar' and, where the user may, 'Eliminar' behind a
 * confirmation. /documents and every record's 'Documentos' show it.
 */
export function DocumentList({ list, filters, whenEmpty, showRecord = false, label }: DocumentListProps) {
  const [toDelete, setToDelete] = useState<DocumentItem | null>(null);
  const remove = useDeleteDocument();
  const { toast } = useToast();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => toast({ title: 'Documento eliminado', description: 'El documento ha sido eliminado exitosamente' }),
      onError: (err) => {
        if (!isUnauthorizedError(err)) toast({ variant: 'destructive', title: 'Error', description: 'No se pudo eliminar el documento' });
      },
    });
    setToDelete(null);
  };

  return (
    <>
      <PagedList list={list} exportCsv noun="documentos" loading="Cargando documentos" error="No se pudieron cargar los documentos" filters={filters} whenEmpty={whenEmpty}>
        {(rows) => (
          <TableScroll aria-label={`Tabla: ${label}`}>
            <DataTable aria-label={label}>
              <thead>
                <tr>
                  <SortHeader list={list} field="fileName">
                    Nombre
                  </SortHeader>
                  <th scope="col">Categoría</th>
                  {showRecord && <th scope="col">Vinculado a</th>}
                  <SortHeader list={list} field="fileSizeKb" align="end">
                    Tamaño
                  </SortHeader>
                  <SortHeader list={list} field="createdAt">
                    Subido
                  </SortHeader>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((doc) => (
                  <tr key={doc.id} data-testid="document-row">
                    <td>
                      <Stacked>
                        <Name>
                          <Icon name="file" />
                          <span>{doc.fileName}</span>
                        </Name>
                        {doc.description && <MutedText>{doc.description}</MutedText>}
                      </Stacked>
                    </td>
                    <td>
                      <Badge $variant="accent">{DOCUMENT_CATEGORY_LABELS[doc.category]}</Badge>
                    </td>
                    {showRecord && (
                      <td>
                        <RecordCell doc={doc} />
                      </td>
                    )}
                    <td data-align="end">
                      {TYPE_LABELS[doc.fileType] ?? doc.fileType} · {sizeText(doc.fileSizeKb)}
                    </td>
                    <td>
                      <Stacked>
                        <span>{formatDateTime(doc.createdAt)}</span>
                        {doc.uploadedBy && <MutedText>{personName(doc.uploadedBy)}</MutedText>}
                      </Stacked>
                    </td>
                    <td>
                      <RowActions>
                        <a href={documentDownloadUrl(doc.id)} download={doc.fileName} aria-label={`Descargar ${doc.fileName}`}>
                          Descargar
                        </a>
                        {doc.canDelete && (
                          <Button variant="outline" size="sm" onClick={() => setToDelete(doc)} aria-label={`Eliminar ${doc.fileName}`}>
                            Eliminar
                          </Button>
                        )}
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
        )}
      </PagedList>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="¿Estás seguro de que quieres eliminar este documento?"
        description={toDelete?.fileName}
        confirmLabel="Eliminar"
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}
