import type { PropertyDetail } from '@arrendia/api-contract';

/** A property (id 4) with one free unit (id 40), as GET /api/properties/:id answers it: for the screens' tests. */
export function propertyDetailFixture(): PropertyDetail {
  return {
    id: 4,
    ownerUserId: 1,
    managerAgencyId: null,
    propertyName: 'Edificio Olivo',
    addressStreet: 'Calle de Toledo',
    addressNumber: '41',
    addressDetails: null,
    city: 'Madrid',
    province: 'Madrid',
    postalCode: '28005',
    country: 'España',
    refCatastral: null,
    totalAreaM2: null,
    buildYear: null,
    notes: null,
    isArchived: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    assignedAgent: null,
    managerAgency: null,
    pendingAgencyRequest: null,
    units: [
      {
        id: 40,
        mainPropertyId: 4,
        unitTypeId: 1,
        unitName: 'Ático A',
        description: null,
        areaM2: null,
        currentStatus: 'Disponible',
        baseRentPrice: '950.00',
        amenities: null,
        isActive: true,
        unitType: { id: 1, typeName: 'vivienda' },
        details: null,
        activeContract: null,
        listing: null,
      },
    ],
    contracts: [],
    incidents: [],
    recentTransactions: [],
  };
}
