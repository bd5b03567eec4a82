/** @jest-environment jsdom */
import type { ListingCard as Listing } from '@arrendia/api-contract';
import { ThemeProvider } from '@arrendia/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ListingCard } from './ListingCard';

const listing = (images: string[]): Listing => ({
  id: 7,
  type: 'Apartamento',
  title: 'Piso luminoso en Chamberí',
  address: 'Calle de Santa Engracia, 58',
  city: 'Madrid',
  district: 'Chamberí',
  price: '1350.00',
  deposit: '1350.00',
  size: 88,
  bedrooms: 2,
  bathrooms: 1,
  floor: 3,
  hasElevator: true,
  furnished: false,
  pets: false,
  images,
  description: 'Exterior y con ascensor.',
  amenities: [],
  availableFrom: null,
  contactName: 'Javier Martín',
  contactPhone: '623456789',
  contactEmail: 'owner@demo.arrendia.es',
  agency: null,
  posted: '2026-11-18T10:00:00.000Z',
});

const photoOf = (images: string[]) => {
  const { container } = render(
    <ThemeProvider initialMode="light">
      <MemoryRouter>
        <ListingCard listing={listing(images)} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  expect(screen.getByRole('link', { name: 'Piso luminoso en Chamberí' })).toHaveAttribute('href', '/property/7');
  return container.querySelector('img')!;
};

describe('ListingCard photo', () => {
  it('offers every kept width of an uploaded photo, sized for the card', () => {
    const img = photoOf(['/api/public/listing-photos/7/1280']);
    expect(img).toHaveAttribute('src', '/api/public/listing-photos/7/1280');
    expect(img).toHaveAttribute('srcset', '/api/public/listing-photos/7/320 320w, /api/public/listing-photos/7/640 640w, /api/public/listing-photos/7/1280 1280w');
    expect(img).toHaveAttribute('sizes', '(max-width: 640px) 100vw, 400px');
  });

  it('leaves a seeded placeholder as one image', () => {
    const img = photoOf(['/api/placeholder/800/600']);
    expect(img).toHaveAttribute('src', '/api/placeholder/800/600');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
