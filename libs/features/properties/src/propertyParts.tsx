import { UNIT_TYPE_LABELS, UNIT_TYPE_NAMES, type PropertyListItem } from '@arrendia/api-contract';
import { formatNumber } from '@arrendia/locale-es';
import { Badge } from '@arrendia/ui';

/** 'Calle de Fuencarral 12, Madrid'. */
export const addressLine = (p: Pick<PropertyListItem, 'addressStreet' | 'addressNumber' | 'city'>) =>
  `${[p.addressStreet, p.addressNumber].filter(Boolean).join(' ')}, ${p.city}`;

/** '85,5 m²', '90 m²': two decimals at most, no trailing zeros. */
export const formatArea = (m2: string) => `${formatNumber(m2, 2).replace(/,?0+$/, '')} m²`;

/** The unit types as a select offers them ('Vivienda completa', 'Habitación'…). */
export const UNIT_TYPE_OPTIONS = UNIT_TYPE_NAMES.map((value) => ({ value, label: UNIT_TYPE_LABELS[value] }));

/** 'Habitación' for 'habitacion'; a type the labels do not know, as the API names it. */
export const unitTypeLabel = (typeName: string) => UNIT_TYPE_OPTIONS.find((o) => o.value === typeName)?.label ?? typeName;

/** Activa / Archivada (spec §4, from isArchived). */
export function ArchiveBadge({ isArchived }: { isArchived: boolean }) {
  return isArchived ? <Badge>Archivada</Badge> : <Badge $tone="green">Activa</Badge>;
}
