import { formatEuros } from '@arrendia/locale-es';
import { Button, Card, Form, ListState, PageHeader, SelectField, Skeleton, TextField } from '@arrendia/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '../layout/PublicLayout';
import { usePageMeta } from '../seo/usePageMeta';
import { ALL, DISTRICT_OPTIONS, PRICE_OPTIONS, readFilters, TYPE_OPTIONS, writeFilters, type CatalogFilters } from './filters';
import { ListingCard } from './ListingCard';
import { useListings } from './useListings';

/** How long typing pauses before the search goes to the URL (and the API). */
const SEARCH_DEBOUNCE_MS = 300;

const Page = styled(Container)`
  padding-top: ${({ theme }) => theme.space.xxl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

/** The ui Form, its filters side by side: they apply as they change, nothing is sent. */
const Filters = styled(Form)`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: end;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  list-style: none;
  margin: 0;
  padding: 0;
  li > * { height: 100%; }
`;

const TileValue = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const TileLabel = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Results = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.xl};
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
`;

function Tile({ value, label }: { value: string; label: string }) {
  return (
    <li>
      <Card>
        <TileValue>{value}</TileValue>
        <TileLabel>{label}</TileLabel>
      </Card>
    </li>
  );
}

/** The rental catalogue (/alquiler): filters in the URL, results and summary from the API. */
export function CatalogPage() {
  usePageMeta({
    title: 'Pisos, habitaciones y locales en alquiler en Madrid',
    description:
      'Busca alquileres en Chamberí, Malasaña, Centro, La Latina y Salamanca: apartamentos, habitaciones, estudios, garajes y locales comerciales con precio, fianza y fotos.',
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [text, setText] = useState(filters.q);
  const listings = useListings(filters);

  const update = (change: Partial<CatalogFilters>) => {
    // Any change of filter starts again at page 1; the login dialog's ?login=1 is not kept here.
    setSearchParams(writeFilters({ ...filters, page: 1, ...change }), { replace: !('page' in change) });
  };

  // The search box writes to the URL once typing pauses; a URL change (back, reload) refills it.
  useEffect(() => {
    if (text.trim() === filters.q) return undefined;
    const timer = window.setTimeout(() => update({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  useEffect(() => {
    setText((current) => (current.trim() === filters.q ? current : filters.q));
  }, [filters.q]);

  const data = listings.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Page>
      <PageHeader title="Alquileres disponibles" description="Viviendas, habitaciones, estudios, garajes y locales publicados en Arrendia." />

      <Filters role="search" aria-label="Filtrar alquileres" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Buscar" type="search" placeholder="Título, dirección o zona" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Tipo" options={TYPE_OPTIONS} value={filters.type ?? ALL} onValueChange={(v) => update({ type: v === ALL ? null : (v as CatalogFilters['type']) })} />
        <SelectField
          label="Zona"
          options={DISTRICT_OPTIONS}
          value={filters.district ?? ALL}
          onValueChange={(v) => update({ district: v === ALL ? null : (v as CatalogFilters['district']) })}
        />
        <SelectField
          label="Precio"
          options={PRICE_OPTIONS}
          value={filters.price ?? ALL}
          onValueChange={(v) => update({ price: v === ALL ? null : (v as CatalogFilters['price']) })}
        />
      </Filters>

      <section aria-label="Resumen de la búsqueda">
        <Tiles>
          <Tile value={data ? String(data.total) : '—'} label="Propiedades encontradas" />
          <Tile value={data ? formatEuros(data.averagePrice) : '—'} label="Precio medio" />
          <Tile value="3 nuevas esta semana" label="Novedades" />
          <Tile value="24h" label="Tiempo medio de respuesta" />
        </Tiles>
      </section>

      <section aria-label="Resultados" aria-busy={listings.isFetching || undefined}>
        <ListState
          read={listings}
          skeleton={
            <Results>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height="320px" />
              ))}
            </Results>
          }
          error="No se pudo cargar el catálogo"
          empty={data?.items.length === 0}
          whenEmpty={
            <Empty>
              <h2>No se encontraron propiedades</h2>
              <p>Prueba ajustando tus filtros de búsqueda</p>
            </Empty>
          }
        >
          <Results>
            {data?.items.map((listing, i) => (
              <ListingCard key={listing.id} listing={listing} eager={i < 3} />
            ))}
          </Results>
        </ListState>
      </section>

      {data && totalPages > 1 && (
        <Pager aria-label="Paginación">
          <Button variant="outline" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
            Anterior
          </Button>
          <span aria-live="polite">
            Página {filters.page} de {totalPages}
          </span>
          <Button variant="outline" disabled={filters.page >= totalPages} onClick={() => update({ page: filters.page + 1 })}>
            Siguiente
          </Button>
        </Pager>
      )}
    </Page>
  );
}
