import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, type CurrentUser, type DocumentEntityType, type DocumentRecord } from '@arrendia/api-contract';
import { can } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, Dialog, ListFilters, ListFilterSelect, ListSearch, SpreadRow } from '@arrendia/ui';
import { useId, useState } from 'react';
import { DocumentList } from './DocumentList';
import { UploadForm } from './UploadForm';
import { RECORD_DOCUMENT_FILTERS, useDocumentList } from './useDocuments';

/** 'al contrato MTX-A': how the upload dialog names the record it attaches to. */
const TO_RECORD: Record<DocumentEntityType, string> = {
  property: 'a la propiedad',
  unit: 'a la unidad',
  contract: 'al contrato',
  incident: 'a la incidencia',
  tenant: 'al inquilino',
};

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));

/** Where a page shows a record's documents: a section of its own, or a 'Documentos' button in a row (a unit, a tenant). */
export type RecordDocumentsPlacement = 'section' | 'button';

export interface RecordDocumentsProps {
  user: CurrentUser | null;
  record: DocumentRecord;
  placement?: RecordDocumentsPlacement;
}

/** The record's documents and 'Adjuntar documento' (the upload form preset to the record). */
function RecordDocumentsBody({ user, record, prefix, title }: { user: CurrentUser | null; record: DocumentRecord; prefix: string; title?: { id: string } }) {
  const list = useDocumentList(RECORD_DOCUMENT_FILTERS, { record, prefix, pageSize: 10 });
  const [attaching, setAttaching] = useState(false);
  const canAttach = record.canAttach !== false && can(user?.role?.roleName, 'documents:write');
  const { filters, setFilter } = list;
  return (
    <>
      <SpreadRow>
        {title && (
          <CardTitle as="h2" id={title.id}>
            Documentos
          </CardTitle>
        )}
        {canAttach && (
          <Button size="sm" onClick={() => setAttaching(true)}>
            Adjuntar documento
          </Button>
        )}
      </SpreadRow>
      <DocumentList
        list={list}
        label={`Documentos de ${record.label}`}
        filters={
          <ListFilters $columns="2fr 1fr">
            <ListSearch label="Buscar documentos" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Categoría" allLabel="Todas" value={filters.category} onChange={(v) => setFilter('category', v)} options={CATEGORY_OPTIONS} />
          </ListFilters>
        }
        whenEmpty={<CardDescription>Sin documentos.</CardDescription>}
      />
      {canAttach && (
        <Dialog open={attaching} onOpenChange={setAttaching} title="Adjuntar documento" description={`El documento se adjuntará ${TO_RECORD[record.relatedEntityType]} ${record.label}.`} width={560}>
          <UploadForm record={record} stacked onUploaded={() => setAttaching(false)} />
        </Dialog>
      )}
    </>
  );
}

/**
 * A record's 'Documentos' (issue 33, point 3): the documents attached to it on the list pattern
 * (search, category, order and page in the URL under a prefix of their own, so they never clash
 * with another list of the page), 'Adjuntar documento' and delete with confirmation. A detail page
 * shows it as a section; a row of a page (a unit, a tenant) as a 'Documentos' button opening it in
 * a dialog. Nothing for a user who may not read documents.
 */
export function RecordDocuments({ user, record, placement = 'section' }: RecordDocumentsProps) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  if (!can(user?.role?.roleName, 'documents:read')) return null;
  if (placement === 'section') {
    return (
      <Card as="section" aria-labelledby={titleId}>
        <RecordDocumentsBody user={user} record={record} prefix="docs" title={{ id: titleId }} />
      </Card>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Documentos de ${record.label}`}
      width={900}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Documentos de ${record.label}`}>
          Documentos
        </Button>
      }
    >
      {/* Mounted only while open: a row's documents are read when asked for. */}
      <RecordDocumentsBody user={user} record={record} prefix={`${record.relatedEntityType}Docs`} />
    </Dialog>
  );
}
