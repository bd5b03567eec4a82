import { listingPhotoSrcSet, type ListingCard as Listing } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { Badge } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Article = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Photo = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  flex: 1;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.3;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover { text-decoration: underline; }
  /* The whole card is the link's target area. */
  a::after { content: ''; position: absolute; inset: 0; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primaryText};
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Wrapper = styled.div`
  position: relative;
`;

/** Short facts of a listing: size, rooms, floor. */
export function listingFacts(listing: Pick<Listing, 'size' | 'bedrooms' | 'bathrooms' | 'floor'>): string[] {
  const facts: string[] = [];
  if (listing.size != null) facts.push(`${listing.size.toLocaleString('es-ES')} m²`);
  if (listing.bedrooms > 0) facts.push(`${listing.bedrooms} ${listing.bedrooms === 1 ? 'habitación' : 'habitaciones'}`);
  if (listing.bathrooms > 0) facts.push(`${listing.bathrooms} ${listing.bathrooms === 1 ? 'baño' : 'baños'}`);
  if (listing.floor != null) facts.push(floorLabel(listing.floor));
  return facts;
}

/** 'Bajo', 'Planta 3', or 'Sótano -1' for a negative floor. */
export function floorLabel(floor: number): string {
  if (floor < 0) return `Sótano ${floor}`;
  if (floor === 0) return 'Bajo';
  return `Planta ${floor}`;
}

/** A catalogue card linking to the property page. The first cards load their photo eagerly (LCP). */
export function ListingCard({ listing, eager = false }: { listing: Listing; eager?: boolean }) {
  const src = listing.images[0] ?? '/api/placeholder/400/300';
  const srcSet = listingPhotoSrcSet(src);
  return (
    <Wrapper>
      <Article aria-labelledby={`listing-${listing.id}`}>
        <Photo
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? '(max-width: 640px) 100vw, 400px' : undefined}
          alt=""
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <Body>
          <Tags>
            <Badge>{listing.type}</Badge>
            <Badge $variant="accent">{listing.district}</Badge>
            {listing.agency && <Badge>{listing.agency}</Badge>}
          </Tags>
          <Title id={`listing-${listing.id}`}>
            <Link to={`/property/${listing.id}`}>{listing.title}</Link>
          </Title>
          <Muted>
            {listing.address}, {listing.city}
          </Muted>
          <Facts>
            {listingFacts(listing).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </Facts>
          <Price>
            {formatEuros(listing.price)} <span>/mes</span>
          </Price>
        </Body>
      </Article>
    </Wrapper>
  );
}
