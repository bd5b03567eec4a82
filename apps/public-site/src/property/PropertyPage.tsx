import { listingPhotoSrcSet, type ListingDetail } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros, formatPhone, phoneHref, sumMoney } from '@arrendia/locale-es';
import { Badge, Button, Card, CardTitle, FactList, Icon, LoadError, Skeleton } from '@arrendia/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { floorLabel } from '../catalog/ListingCard';
import { useListing } from '../catalog/useListings';
import { Container } from '../layout/PublicLayout';
import { usePageMeta } from '../seo/usePageMeta';
import { ContactForm } from './ContactForm';

const Page = styled(Container)`
  padding-top: ${({ theme }) => theme.space.xl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  @media (max-width: 860px) { grid-template-columns: minmax(0, 1fr); }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: 1.25;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const MainPhoto = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Thumbs = styled.ul`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
`;

const Thumb = styled.button<{ $selected: boolean }>`
  display: block;
  padding: 0;
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: none;
  cursor: pointer;
  overflow: hidden;
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; }
`;

const Section = styled.section`
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space.md}; }
  p { line-height: 1.6; }
`;


const CheckList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space.sm}; }
  svg { color: ${({ theme }) => theme.colors.successText}; flex-shrink: 0; }
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primaryText};
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The economic summary: figures in rows, the total under a rule. */
const Summary = styled(FactList)`
  dd { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  dt:last-of-type, dd:last-of-type { padding-top: ${({ theme }) => theme.space.sm}; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  position: sticky;
  top: 88px;
`;

const NotFoundBox = styled.div`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  text-align: center;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
`;

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

function Gallery({ listing }: { listing: ListingDetail }) {
  const [selected, setSelected] = useState(0);
  const images = listing.images.length ? listing.images : ['/api/placeholder/800/600'];
  // Uploaded photos come in several widths; the seed's placeholders in one.
  const mainSrcSet = listingPhotoSrcSet(images[selected]);
  return (
    <section aria-label="Galería de fotos">
      <MainPhoto
        src={images[selected]}
        srcSet={mainSrcSet}
        sizes={mainSrcSet ? '(max-width: 900px) 100vw, 800px' : undefined}
        alt={`${listing.title}: foto ${selected + 1} de ${images.length}`}
        width={800}
        height={600}
        fetchPriority="high"
      />
      {images.length > 1 && (
        <Thumbs>
          {images.map((src, i) => {
            const srcSet = listingPhotoSrcSet(src);
            return (
              <li key={src}>
                <Thumb type="button" $selected={i === selected} aria-pressed={i === selected} aria-label={`Ver foto ${i + 1}`} onClick={() => setSelected(i)}>
                  <img src={src} srcSet={srcSet} sizes={srcSet ? '200px' : undefined} alt="" width={200} height={150} loading="lazy" />
                </Thumb>
              </li>
            );
          })}
        </Thumbs>
      )}
    </section>
  );
}

function PropertyNotFound() {
  usePageMeta({ title: 'Propiedad no encontrada', description: 'La propiedad que buscas no está disponible. Consulta el resto de alquileres de Arrendia.' });
  return (
    <Page>
      <NotFoundBox>
        <Title>Propiedad no encontrada</Title>
        <Muted>La propiedad que buscas no está disponible</Muted>
        <Link to="/alquiler">Volver al catálogo</Link>
      </NotFoundBox>
    </Page>
  );
}

function PropertyDetail({ listing }: { listing: ListingDetail }) {
  const [contactOpen, setContactOpen] = useState(false);
  const description = `${listing.type} en ${listing.district} por ${formatEuros(listing.price)} al mes. ${listing.description}`;
  usePageMeta({
    title: `${listing.title} · ${listing.district}`,
    description,
    openGraph: { title: listing.title, description, image: listing.images[0] ?? '/api/placeholder/1200/630', type: 'website' },
  });

  const facts: [string, string][] = [
    ['Tipo', listing.type],
    ['Superficie', listing.size != null ? `${listing.size.toLocaleString('es-ES')} m²` : '—'],
    ['Habitaciones', listing.bedrooms > 0 ? String(listing.bedrooms) : '—'],
    ['Baños', listing.bathrooms > 0 ? String(listing.bathrooms) : '—'],
    ['Planta', listing.floor != null ? floorLabel(listing.floor) : '—'],
    ['Ascensor', yesNo(listing.hasElevator)],
    ['Amueblado', yesNo(listing.furnished)],
    ['Mascotas', listing.pets ? 'Admitidas' : 'No admitidas'],
    ['Disponible desde', listing.availableFrom ? formatDate(listing.availableFrom) : 'Ya disponible'],
  ];

  return (
    <Page>
      <p>
        <Link to="/alquiler">← Volver al catálogo</Link>
      </p>
      <header>
        <Tags>
          <Badge>{listing.type}</Badge>
          <Badge $variant="accent">{listing.district}</Badge>
        </Tags>
        <Title>{listing.title}</Title>
        <Muted>
          {listing.address}, {listing.district}, {listing.city} · Publicado el {formatDate(listing.posted)} · {listing.views} visitas · {listing.saved} guardados
          {listing.rating != null && ` · ${listing.rating.toLocaleString('es-ES')} ★ (${listing.reviews} opiniones)`}
        </Muted>
      </header>
      <Layout>
        <Column>
          <Gallery listing={listing} />
          <Section aria-labelledby="facts-title">
            <h2 id="facts-title">Características</h2>
            <FactList $layout="tiles" $boxed>
              {facts.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </FactList>
          </Section>
          <Section aria-labelledby="description-title">
            <h2 id="description-title">Descripción</h2>
            <p>{listing.fullDescription}</p>
          </Section>
          {listing.amenities.length > 0 && (
            <Section aria-labelledby="amenities-title">
              <h2 id="amenities-title">Comodidades</h2>
              <CheckList>
                {listing.amenities.map((a) => (
                  <li key={a}>
                    <Icon name="check" size={16} />
                    {a}
                  </li>
                ))}
              </CheckList>
            </Section>
          )}
          {listing.nearbyPlaces.length > 0 && (
            <Section aria-labelledby="nearby-title">
              <h2 id="nearby-title">Lugares cercanos</h2>
              <CheckList>
                {listing.nearbyPlaces.map((place) => (
                  <li key={place}>
                    <Icon name="home" size={16} />
                    {place}
                  </li>
                ))}
              </CheckList>
            </Section>
          )}
        </Column>
        <Side aria-label="Precio y contacto">
          <Card>
            <Price>
              {formatEuros(listing.price)} <span>/mes</span>
            </Price>
            <CardTitle as="h2">Resumen económico</CardTitle>
            <Summary $layout="rows">
              <div>
                <dt>Primer mes</dt>
                <dd>{formatEuros(listing.price)}</dd>
              </div>
              <div>
                <dt>Fianza</dt>
                <dd>{formatEuros(listing.deposit)}</dd>
              </div>
              <div>
                <dt>Total pago inicial</dt>
                <dd>{formatEuros(sumMoney([listing.price, listing.deposit]))}</dd>
              </div>
            </Summary>
          </Card>
          <Card>
            <CardTitle as="h2">Contacto</CardTitle>
            <p>
              <strong>{listing.contactName}</strong>
              {listing.agency && <Muted as="span"> · {listing.agency}</Muted>}
            </p>
            <p>
              <a href={phoneHref(listing.contactPhone)}>{formatPhone(listing.contactPhone)}</a>
            </p>
            <p>
              <a href={`mailto:${listing.contactEmail}`}>{listing.contactEmail}</a>
            </p>
            <Muted>Tiempo medio de respuesta: 2-4 horas</Muted>
            {contactOpen ? (
              <ContactForm listingId={listing.id} onClose={() => setContactOpen(false)} />
            ) : (
              <Button fullWidth onClick={() => setContactOpen(true)}>
                Enviar mensaje
              </Button>
            )}
          </Card>
        </Side>
      </Layout>
    </Page>
  );
}

/** The property page (/property/:id): gallery, facts, description, economics and contact. */
export function PropertyPage() {
  const { id } = useParams();
  const listing = useListing(id);
  if (listing.isError) {
    if (errorStatus(listing.error) === 404) return <PropertyNotFound />;
    return (
      <Page>
        <NotFoundBox>
          <Title>Propiedad en alquiler</Title>
          <LoadError retry={listing}>No se pudo cargar la propiedad</LoadError>
          <Link to="/alquiler">Volver al catálogo</Link>
        </NotFoundBox>
      </Page>
    );
  }
  if (!listing.data) {
    return (
      <Page aria-busy="true">
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="420px" />
      </Page>
    );
  }
  return <PropertyDetail listing={listing.data} />;
}
