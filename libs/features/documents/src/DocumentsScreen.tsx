import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, DOCUMENT_ENTITY_LABELS, DOCUMENT_ENTITY_TYPES, type CurrentUser, type DocumentCategory, type PropertyListItem } from '@arrendia/api-contract';
import { Card, CardDescription, CardTitle, Button, Icon, ListDateFilter, ListFilters, ListFilterSelect, ListSearch, PageHeader } from '@arrendia/ui';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { DocumentList } from './DocumentList';
import { UploadCard } from './UploadCard';
import { DOCUMENT_FILTERS, useDocumentList, useDocumentsSummary } from './useDocuments';

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
const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const ENTITY_OPTIONS = DOCUMENT_ENTITY_TYPES.map((value) => ({ value, label: DOCUMENT_ENTITY_LABELS[value] }));
const isCategory = (value: string): value is DocumentCategory => (DOCUMENT_CATEGORIES as readonly string[]).includes(value);

/**
 * /documents: upload, the category tiles with real counts (a tile filters the list by its
 * category) and every document the user sees on the list pattern: search by name or description,
 * what it hangs off, property and dates, sorted by name, size or date, the state in the URL.
 */
export function DocumentsScreen(_props: { user: CurrentUser | null }) {
  const summary = useDocumentsSummary();
  const documents = useDocumentList(DOCUMENT_FILTERS);
  const properties = useQuery<PropertyListItem[]>({ queryKey: ['/api/properties?archived=false&pageSize=100'] });
  const { filters, setFilter } = documents;
  const category = isCategory(filters.category) ? filters.category : null;

  return (
    <Stack>
      <PageHeader title="Documentos" description="Contratos, facturas, recibos, seguros, certificados e inventarios de tus propiedades" />
      <UploadCard />
      <section aria-labelledby="document-categories">
        <SectionTitle id="document-categories">Categorías</SectionTitle>
        <Tiles>
          {DOCUMENT_CATEGORIES.map((c) => (
            <li key={c}>
              <Tile type="button" $active={category === c} aria-pressed={category === c} onClick={() => setFilter('category', category === c ? '' : c)}>
                <Icon name="folder" size={28} />
                <span>
                  <strong data-testid={`count-${c}`}>{summary.data ? summary.data.byCategory[c] : '…'}</strong>
                  {DOCUMENT_CATEGORY_LABELS[c]}
                </span>
              </Tile>
            </li>
          ))}
        </Tiles>
      </section>
      <Card as="section" aria-labelledby="documents-list">
        <CardTitle as="h2" id="documents-list">
          {category ? `Documentos: ${DOCUMENT_CATEGORY_LABELS[category]}` : 'Todos los documentos'}
        </CardTitle>
        {category && (
          <div>
            <Button variant="ghost" size="sm" onClick={() => setFilter('category', '')}>
              Ver todos
            </Button>
          </div>
        )}
        <DocumentList
          list={documents}
          label="Documentos"
          showRecord
          filters={
            <ListFilters $columns="2fr repeat(4, 1fr)">
              <ListSearch label="Buscar documentos" placeholder="Nombre o descripción" value={filters.q} onChange={(v) => setFilter('q', v)} />
              <ListFilterSelect label="Vinculado a" value={filters.relatedEntityType} onChange={(v) => setFilter('relatedEntityType', v)} options={ENTITY_OPTIONS} />
              <ListFilterSelect
                label="Propiedad"
                allLabel="Todas"
                value={filters.propertyId}
                onChange={(v) => setFilter('propertyId', v)}
                options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
              />
              <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
              <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
            </ListFilters>
          }
          whenEmpty={<CardDescription>Todavía no hay documentos</CardDescription>}
        />
      </Card>
    </Stack>
  );
}
