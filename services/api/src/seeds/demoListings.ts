import type { ListingDistrict, ListingType } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { DemoCalendar } from './demoCalendar';
import { demoPortfolioPlan } from './demoPortfolioPlan';

/** One advert of the public catalogue, published on a unit of the demo portfolio (by its plan key). */
export interface DemoListing {
  unit: string;
  type: ListingType;
  title: string;
  address: string;
  district: ListingDistrict;
  price: string;
  deposit: string;
  /** Floor of a unit without residential details (negative: basement). */
  floor?: number;
  description: string;
  fullDescription: string;
  amenities: string[];
  nearbyPlaces: string[];
  /** Days from today; negative: already available. */
  availableInDays: number;
  /** The advert names the agency managing the property. */
  showAgency?: boolean;
  contact: { name: string; phone: string; email: string };
  postedDaysAgo: number;
  views: number;
  saved: number;
  rating: string | null;
  reviews: number;
}

const JAVIER = { name: 'Javier Martín', phone: '623456789', email: 'owner@demo.arrendia.es' };
const CASTELLANA = { name: 'Inmobiliaria Castellana', phone: '910123456', email: 'contacto@castellana.demo.arrendia.es' };
const ISABEL = { name: 'Isabel Moreno', phone: '678901234', email: 'isabel.moreno@demo.arrendia.es' };
const FERNANDO = { name: 'Fernando Ruiz', phone: '689012345', email: 'fernando.ruiz@demo.arrendia.es' };

/** Photos of an advert: generated placeholders (spec §3: /api/placeholder/{w}/{h}). */
export function listingImages(index: number): string[] {
  return [0, 1, 2, 3].map((i) => `/api/placeholder/800/${600 + index * 4 + i}`);
}

/**
 * The published catalogue: 14 adverts over the five districts, every type, every price range
 * (≤500: 3, 500-1000: 2, 1000-2000: 6, >2000: 3), five of them naming the agency. Only units of
 * active, unarchived properties (the archived Huertas flat is not advertised).
 */
export const DEMO_LISTINGS: readonly DemoListing[] = [
  {
    unit: 'santaEngracia/piso',
    type: 'Apartamento',
    title: 'Piso luminoso de 2 dormitorios en Chamberí',
    address: 'Calle de Santa Engracia, 58',
    district: 'Chamberí',
    price: '1350.00',
    deposit: '1350.00',
    description: 'Exterior, con ascensor y calefacción central, a dos minutos del metro Iglesia.',
    fullDescription:
      'Piso exterior de 88 m² en una finca clásica de Chamberí. Dos dormitorios dobles, salón con balcón a la calle, cocina independiente equipada y baño completo. Calefacción central incluida en la comunidad. Ideal para una pareja o una familia pequeña que quiera vivir en un barrio tranquilo y con todos los servicios.',
    amenities: ['Ascensor', 'Calefacción central', 'Balcón', 'Cocina equipada', 'Portero físico'],
    nearbyPlaces: ['Metro Iglesia (L1) · 2 min', 'Mercado de Chamberí · 5 min', 'Parque Canal de Isabel II · 8 min'],
    availableInDays: 20,
    contact: JAVIER,
    postedDaysAgo: 3,
    views: 342,
    saved: 27,
    rating: '4.7',
    reviews: 18,
  },
  {
    unit: 'ponzano/piso',
    type: 'Apartamento',
    title: 'Piso reformado junto a la calle Ponzano',
    address: 'Calle de Ponzano, 41',
    district: 'Chamberí',
    price: '1450.00',
    deposit: '1450.00',
    description: 'Reformado en 2022, con aire acondicionado y en plena zona de tapas de Ponzano.',
    fullDescription:
      'Vivienda de 76 m² completamente reformada: dos dormitorios, salón comedor, cocina abierta con electrodomésticos nuevos y baño con plato de ducha. Aire acondicionado por conductos. La gestiona Inmobiliaria Castellana, que atiende visitas de lunes a sábado.',
    amenities: ['Aire acondicionado', 'Ascensor', 'Reformado', 'Cocina equipada'],
    nearbyPlaces: ['Metro Ríos Rosas (L1) · 4 min', 'Calle Ponzano · 1 min', 'Canal de Isabel II · 6 min'],
    availableInDays: 35,
    showAgency: true,
    contact: CASTELLANA,
    postedDaysAgo: 2,
    views: 518,
    saved: 41,
    rating: '4.8',
    reviews: 23,
  },
  {
    unit: 'galileo/piso',
    type: 'Estudio',
    title: 'Estudio con ascensor en Galileo',
    address: 'Calle de Galileo, 69',
    district: 'Chamberí',
    price: '1150.00',
    deposit: '1150.00',
    description: 'Estudio amplio con dormitorio separado, ideal para una persona, junto a Quevedo.',
    fullDescription:
      'Estudio de 58 m² en segunda planta con ascensor. Zona de día con cocina americana y un dormitorio separado por puerta corredera. Calefacción central y buena luz de mañana. A pocos minutos de las glorietas de Quevedo y Bilbao.',
    amenities: ['Ascensor', 'Calefacción central', 'Cocina americana'],
    nearbyPlaces: ['Metro Quevedo (L2) · 5 min', 'Centro Cultural Galileo · 2 min', 'Universidad Complutense (Moncloa) · 15 min'],
    availableInDays: 45,
    contact: FERNANDO,
    postedDaysAgo: 9,
    views: 156,
    saved: 12,
    rating: '4.3',
    reviews: 7,
  },
  {
    unit: 'espirituSanto/h1',
    type: 'Habitación',
    title: 'Habitación exterior en piso compartido de Malasaña',
    address: 'Calle del Espíritu Santo, 24',
    district: 'Malasaña',
    price: '580.00',
    deposit: '580.00',
    description: 'Habitación exterior amueblada en piso de cuatro, gastos y wifi incluidos.',
    fullDescription:
      'Habitación exterior de 14,5 m² con cama doble, escritorio y armario empotrado, en un piso compartido de cuatro habitaciones. Dos baños, cocina equipada y limpieza semanal de zonas comunes. Gastos de luz, agua e internet incluidos en el precio.',
    amenities: ['Amueblada', 'Wifi', 'Lavadora', 'Cocina equipada', 'Limpieza de zonas comunes'],
    nearbyPlaces: ['Metro Tribunal (L1, L10) · 3 min', 'Plaza del Dos de Mayo · 2 min', 'Gran Vía · 10 min'],
    availableInDays: 10,
    contact: JAVIER,
    postedDaysAgo: 1,
    views: 611,
    saved: 58,
    rating: '4.5',
    reviews: 31,
  },
  {
    unit: 'espirituSanto/h2',
    type: 'Habitación',
    title: 'Habitación tranquila en Malasaña',
    address: 'Calle del Espíritu Santo, 24',
    district: 'Malasaña',
    price: '520.00',
    deposit: '520.00',
    description: 'Habitación amueblada con escritorio en piso compartido, gastos incluidos.',
    fullDescription:
      'Habitación de 12 m² que da a un patio tranquilo, con cama de 135, escritorio y armario. Comparte piso con tres personas que trabajan o estudian. Gastos e internet incluidos; estancia mínima de seis meses.',
    amenities: ['Amueblada', 'Wifi', 'Lavadora', 'Cocina equipada'],
    nearbyPlaces: ['Metro Tribunal (L1, L10) · 3 min', 'Mercado de San Ildefonso · 5 min'],
    availableInDays: 25,
    contact: JAVIER,
    postedDaysAgo: 6,
    views: 287,
    saved: 19,
    rating: '4.4',
    reviews: 12,
  },
  {
    unit: 'espirituSanto/h3',
    type: 'Habitación',
    title: 'Habitación interior económica en Malasaña',
    address: 'Calle del Espíritu Santo, 24',
    district: 'Malasaña',
    price: '480.00',
    deposit: '480.00',
    description: 'Habitación interior amueblada, la opción más económica del barrio.',
    fullDescription:
      'Habitación interior de 10 m² con cama individual, escritorio y estanterías. Piso compartido con dos baños y cocina equipada. Todos los gastos incluidos y limpieza semanal de zonas comunes.',
    amenities: ['Amueblada', 'Wifi', 'Lavadora'],
    nearbyPlaces: ['Metro Noviciado (L2) · 5 min', 'Plaza del Dos de Mayo · 3 min'],
    availableInDays: -5,
    contact: JAVIER,
    postedDaysAgo: 12,
    views: 198,
    saved: 9,
    rating: null,
    reviews: 0,
  },
  {
    unit: 'palma/piso',
    type: 'Apartamento',
    title: 'Apartamento con aire acondicionado en la calle de la Palma',
    address: 'Calle de la Palma, 47',
    district: 'Malasaña',
    price: '1250.00',
    deposit: '1250.00',
    description: 'Un dormitorio, bomba de calor y certificado energético C, en el corazón de Malasaña.',
    fullDescription:
      'Apartamento de 64 m² en primera planta: dormitorio doble, salón luminoso, cocina independiente y baño. Climatización por bomba de calor y certificado energético C. Lo gestiona Inmobiliaria Castellana.',
    amenities: ['Aire acondicionado', 'Bomba de calor', 'Cocina equipada'],
    nearbyPlaces: ['Metro Noviciado (L2) · 4 min', 'Conde Duque · 6 min', 'Plaza de España · 10 min'],
    availableInDays: 30,
    showAgency: true,
    contact: CASTELLANA,
    postedDaysAgo: 5,
    views: 402,
    saved: 33,
    rating: '4.6',
    reviews: 15,
  },
  {
    unit: 'cavaBaja/local',
    type: 'Local Comercial',
    title: 'Local a pie de calle en la Cava Baja',
    address: 'Calle de la Cava Baja, 16',
    district: 'La Latina',
    price: '1850.00',
    deposit: '3700.00',
    floor: 0,
    description: 'Local de 145 m² con salida de humos, en la calle con más ambiente de La Latina.',
    fullDescription:
      'Local comercial de 145 m² a pie de calle con dos escaparates, salida de humos y licencia para hostelería. Sótano de almacén y aseos adaptados. La fianza legal de un local es de dos mensualidades.',
    amenities: ['Salida de humos', 'Escaparate', 'Aseos adaptados', 'Almacén'],
    nearbyPlaces: ['Metro La Latina (L5) · 3 min', 'Plaza Mayor · 6 min', 'El Rastro · 5 min'],
    availableInDays: 60,
    contact: JAVIER,
    postedDaysAgo: 20,
    views: 233,
    saved: 14,
    rating: null,
    reviews: 0,
  },
  {
    unit: 'toledo/piso',
    type: 'Apartamento',
    title: 'Piso con terraza en la calle de Toledo',
    address: 'Calle de Toledo, 86',
    district: 'La Latina',
    price: '1150.00',
    deposit: '1150.00',
    description: 'Dos dormitorios y terraza, con ascensor, a un paso de la Puerta de Toledo.',
    fullDescription:
      'Piso de 70 m² en tercera planta con ascensor: dos dormitorios, salón con salida a una terraza de 8 m², cocina y baño. Calefacción individual de gas natural. Lo gestiona Inmobiliaria Castellana.',
    amenities: ['Terraza', 'Ascensor', 'Calefacción individual'],
    nearbyPlaces: ['Metro Puerta de Toledo (L5) · 2 min', 'Mercado de la Cebada · 6 min', 'Madrid Río · 8 min'],
    availableInDays: 15,
    showAgency: true,
    contact: CASTELLANA,
    postedDaysAgo: 4,
    views: 376,
    saved: 22,
    rating: '4.2',
    reviews: 9,
  },
  {
    unit: 'toledo/plaza2',
    type: 'Garaje',
    title: 'Plaza de garaje en La Latina',
    address: 'Calle de Toledo, 86',
    district: 'La Latina',
    price: '95.00',
    deposit: '95.00',
    floor: -1,
    description: 'Plaza para coche mediano en el primer sótano, con puerta automática.',
    fullDescription: 'Plaza de garaje de 12 m² en la planta -1 del edificio, con acceso por rampa y mando a distancia. Vigilancia por cámaras.',
    amenities: ['Puerta automática', 'Videovigilancia'],
    nearbyPlaces: ['Metro Puerta de Toledo (L5) · 2 min'],
    availableInDays: 0,
    showAgency: true,
    contact: CASTELLANA,
    postedDaysAgo: 15,
    views: 88,
    saved: 3,
    rating: null,
    reviews: 0,
  },
  {
    unit: 'velazquez/plaza12',
    type: 'Garaje',
    title: 'Plaza de garaje amplia en Velázquez',
    address: 'Calle de Velázquez, 78',
    district: 'Salamanca',
    price: '120.00',
    deposit: '120.00',
    floor: -2,
    description: 'Plaza amplia en el segundo sótano, fácil de maniobrar, en pleno barrio de Salamanca.',
    fullDescription: 'Plaza de 12,5 m² en la planta -2, sin columnas, con toma de corriente para coche eléctrico y acceso peatonal por ascensor.',
    amenities: ['Toma para coche eléctrico', 'Ascensor', 'Puerta automática'],
    nearbyPlaces: ['Metro Velázquez (L4) · 4 min', 'El Retiro · 8 min'],
    availableInDays: 7,
    contact: JAVIER,
    postedDaysAgo: 8,
    views: 97,
    saved: 5,
    rating: null,
    reviews: 0,
  },
  {
    unit: 'jorgeJuan/piso',
    type: 'Apartamento',
    title: 'Piso familiar de 3 dormitorios en Jorge Juan',
    address: 'Calle de Jorge Juan, 35',
    district: 'Salamanca',
    price: '2250.00',
    deposit: '2250.00',
    description: 'Tres dormitorios y dos baños en quinta planta con ascensor, cerca del Retiro.',
    fullDescription:
      'Vivienda señorial de 128 m²: tres dormitorios, dos baños, salón comedor de 30 m² y cocina office. Calefacción central y portero físico. A diez minutos andando del parque del Retiro.',
    amenities: ['Ascensor', 'Calefacción central', 'Portero físico', 'Trastero'],
    nearbyPlaces: ['Metro Velázquez (L4) · 3 min', 'El Retiro · 10 min', 'Calle Serrano · 4 min'],
    availableInDays: 40,
    contact: ISABEL,
    postedDaysAgo: 11,
    views: 455,
    saved: 38,
    rating: '4.9',
    reviews: 21,
  },
  {
    unit: 'lagasca/atico',
    type: 'Apartamento',
    title: 'Ático con terraza en Lagasca',
    address: 'Calle de Lagasca, 64',
    district: 'Salamanca',
    price: '2400.00',
    deposit: '2400.00',
    description: 'Ático de 142 m² con terraza, mascotas bienvenidas, en el barrio de Salamanca.',
    fullDescription:
      'Ático de 142 m² con terraza perimetral, tres dormitorios, dos baños y salón con chimenea. Aire acondicionado y calefacción central. Se admiten mascotas.',
    amenities: ['Terraza', 'Aire acondicionado', 'Ascensor', 'Admite mascotas'],
    nearbyPlaces: ['Metro Serrano (L4) · 5 min', 'El Retiro · 7 min', 'Museo Arqueológico · 8 min'],
    availableInDays: 50,
    contact: ISABEL,
    postedDaysAgo: 16,
    views: 529,
    saved: 47,
    rating: '4.8',
    reviews: 26,
  },
  {
    unit: 'mayor/oficina',
    type: 'Local Comercial',
    title: 'Local de oficinas en la Calle Mayor',
    address: 'Calle Mayor, 19',
    district: 'Centro',
    price: '2100.00',
    deposit: '4200.00',
    floor: 2,
    description: 'Espacio de 118 m² para oficina o despacho profesional, a un minuto de Sol.',
    fullDescription:
      'Local de 118 m² en segunda planta, distribuido en recepción, tres despachos, sala de reuniones y office. Aire acondicionado, fibra óptica y acceso con control. Lo gestiona Inmobiliaria Castellana.',
    amenities: ['Aire acondicionado', 'Fibra óptica', 'Ascensor', 'Control de acceso'],
    nearbyPlaces: ['Metro Sol (L1, L2, L3) · 2 min', 'Plaza Mayor · 1 min', 'Mercado de San Miguel · 3 min'],
    availableInDays: 30,
    showAgency: true,
    contact: CASTELLANA,
    postedDaysAgo: 25,
    views: 144,
    saved: 8,
    rating: '4.1',
    reviews: 4,
  },
];

/**
 * Publishes DEMO_LISTINGS on the units of the demo portfolio. Idempotent: a unit that already has
 * a listing is left as it is (its counters keep growing), so a restart changes nothing.
 */
export async function seedDemoListings(trx: Knex.Transaction, cal: DemoCalendar): Promise<void> {
  const plan = demoPortfolioPlan(cal);
  const unitOf = new Map(plan.properties.flatMap((p) => p.units.map((u) => [u.key, { refCatastral: p.refCatastral, unitName: u.unitName }] as const)));

  const rows = [];
  for (const [index, listing] of DEMO_LISTINGS.entries()) {
    const where = unitOf.get(listing.unit);
    if (!where) throw new Error(`demo listing on an unknown unit: ${listing.unit}`);
    const unit = await trx('rentable_units')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .where({ 'main_properties.refCatastral': where.refCatastral, 'rentable_units.unitName': where.unitName })
      .first('rentable_units.id');
    // The portfolio was not seeded here (someone removed it): nothing to publish on.
    if (!unit) continue;
    rows.push({
      rentableUnitId: unit.id,
      isPublished: true,
      listingType: listing.type,
      title: listing.title,
      address: listing.address,
      city: 'Madrid',
      district: listing.district,
      price: listing.price,
      deposit: listing.deposit,
      floor: listing.floor ?? null,
      images: JSON.stringify(listingImages(index)),
      description: listing.description,
      fullDescription: listing.fullDescription,
      amenities: JSON.stringify(listing.amenities),
      nearbyPlaces: JSON.stringify(listing.nearbyPlaces),
      availableFrom: cal.ago(-listing.availableInDays).toISOString().slice(0, 10),
      contactName: listing.contact.name,
      contactPhone: listing.contact.phone,
      contactEmail: listing.contact.email,
      showAgency: listing.showAgency ?? false,
      views: listing.views,
      saved: listing.saved,
      rating: listing.rating,
      reviews: listing.reviews,
      publishedAt: cal.ago(listing.postedDaysAgo),
    });
  }
  if (!rows.length) return;
  const inserted: { id: number; rentableUnitId: number }[] = await trx('unit_listings')
    .insert(rows)
    .onConflict('rentableUnitId')
    .ignore()
    .returning(['id', 'rentableUnitId']);

  // A few visitors' messages on the listings just published (none on a restart).
  const listingOf = new Map(inserted.map((r) => [r.rentableUnitId, r.id]));
  const leads = [];
  for (const lead of DEMO_LEADS) {
    const row = rows[DEMO_LISTINGS.findIndex((l) => l.unit === lead.unit)];
    const listingId = row && listingOf.get(row.rentableUnitId);
    if (!listingId) continue;
    const owner = await trx('rentable_units')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .where('rentable_units.id', row.rentableUnitId)
      .first('main_properties.ownerUserId', 'main_properties.managerAgencyId');
    leads.push({
      listingId,
      recipientUserId: owner.ownerUserId,
      agencyId: owner.managerAgencyId,
      name: lead.name,
      email: lead.email,
      phone: lead.phone ?? null,
      message: lead.message,
      createdAt: cal.ago(lead.daysAgo, 3),
    });
  }
  if (!leads.length) return;
  const saved: { id: number; agencyId: number | null; listingId: number; name: string; email: string; phone: string | null }[] = await trx('leads')
    .insert(leads)
    .returning(['id', 'agencyId', 'listingId', 'name', 'email', 'phone']);

  // The agency's leads go to its agent; the first one already has a visit booked for tomorrow.
  const agencyLeads = saved.filter((l) => l.agencyId !== null);
  const agent = await trx('users').where('email', 'agente@demo.arrendia.es').first('id', 'agencyId');
  if (!agent || !agencyLeads.length) return;
  // The demo agent is in charge of its agency's properties ('Mis Propiedades').
  await trx('main_properties').where('managerAgencyId', agent.agencyId).whereNull('assignedAgentUserId').update({ assignedAgentUserId: agent.id });
  await trx('leads').whereIn('id', agencyLeads.map((l) => l.id)).update({ assignedAgentUserId: agent.id });
  const first = agencyLeads[0]!;
  const unit = await trx('unit_listings').where('id', first.listingId).first('rentableUnitId');
  const startsAt = cal.ago(-1);
  startsAt.setUTCHours(16, 0, 0, 0);
  await trx('leads').where('id', first.id).update({ status: 'Visita programada', notes: 'Llamada hecha: prefiere visitar por la tarde.' });
  await trx('visits').insert({
    leadId: first.id,
    contactName: first.name,
    contactPhone: first.phone,
    contactEmail: first.email,
    rentableUnitId: unit.rentableUnitId,
    agentUserId: agent.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    notes: 'Primera visita',
  });
}

/** Messages visitors left through the property pages' contact form. */
const DEMO_LEADS: readonly { unit: string; name: string; email: string; phone?: string; message: string; daysAgo: number }[] = [
  {
    unit: 'santaEngracia/piso',
    name: 'Clara Benítez',
    email: 'clara.benitez@example.com',
    phone: '611222333',
    message: 'Hola, me interesa el piso. ¿Se podría visitar el jueves por la tarde?',
    daysAgo: 1,
  },
  { unit: 'espirituSanto/h1', name: 'Marco Rossi', email: 'marco.rossi@example.com', message: '¿La habitación sigue disponible para septiembre? Soy estudiante de máster.', daysAgo: 0 },
  {
    unit: 'ponzano/piso',
    name: 'Beatriz Llorente',
    email: 'beatriz.llorente@example.com',
    phone: '622333444',
    message: 'Somos una pareja con trabajo estable. ¿Qué documentación necesitáis?',
    daysAgo: 2,
  },
];
