import type { SearchResults } from '@arrendia/api-contract';

/** One row of the search list, ready to draw and to open. */
export interface SearchOption {
  /** DOM id, for aria-activedescendant. */
  id: string;
  label: string;
  detail: string;
  /** Where opening it goes. */
  to: string;
}

export interface SearchGroup {
  key: keyof SearchResults;
  heading: string;
  options: SearchOption[];
}

const HEADINGS: Readonly<Record<keyof SearchResults, string>> = {
  properties: 'Propiedades',
  tenants: 'Inquilinos',
  contracts: 'Contratos',
};

const fullName = (first: string | null, last: string | null) => [first, last].filter((p) => p?.trim()).join(' ');

/**
 * The API's results as the groups the list shows, in the order Propiedades, Inquilinos, Contratos,
 * empty groups left out. A property opens its detail page, a tenant the tenants list with that
 * tenant highlighted, a contract its detail page.
 */
export function groupSearchResults(results: SearchResults, idPrefix: string): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      key: 'properties',
      heading: HEADINGS.properties,
      options: results.properties.map((p) => ({
        id: `${idPrefix}-property-${p.id}`,
        label: p.propertyName,
        detail: [p.addressStreet, p.city].filter(Boolean).join(', '),
        to: `/properties/${p.id}`,
      })),
    },
    {
      key: 'tenants',
      heading: HEADINGS.tenants,
      options: results.tenants.map((t) => ({
        id: `${idPrefix}-tenant-${t.id}`,
        label: fullName(t.firstName, t.lastName) || t.email,
        detail: t.email,
        to: `/tenants?highlight=${t.id}`,
      })),
    },
    {
      key: 'contracts',
      heading: HEADINGS.contracts,
      options: results.contracts.map((c) => ({
        id: `${idPrefix}-contract-${c.id}`,
        label: c.contractCode,
        detail: `${c.propertyName} · ${c.unitName}`,
        to: `/contracts/${c.id}`,
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}
