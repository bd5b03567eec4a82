import type {
  ContractStatus,
  DepositStatus,
  IncidentCategory,
  IncidentPriority,
  IncidentStatus,
  PaymentMethod,
  UnitStatus,
  UnitTypeName,
} from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import type { DemoCalendar } from './demoCalendar';
import { refCatastral } from './demoPeople';

/** The demo users the portfolio refers to, by email. */
const OWNER = 'owner@demo.arrendia.es';
const TENANT = 'tenant@demo.arrendia.es';
const MANAGER = 'manager@demo.arrendia.es';
const AGENTE = 'agente@demo.arrendia.es';
const DELEGADO = 'delegado@demo.arrendia.es';
const ISABEL = 'isabel.moreno@demo.arrendia.es';
const FERNANDO = 'fernando.ruiz@demo.arrendia.es';
const ROSA = 'rosa.delgado@demo.arrendia.es';
const ANTONIO = 'antonio.herrera@demo.arrendia.es';
const SOFIA = 'sofia.castro@demo.arrendia.es';
const GIULIA = 'giulia.romano@demo.arrendia.es';
const DANIEL = 'daniel.ortega@demo.arrendia.es';
const MIGUEL = 'miguel.serrano@demo.arrendia.es';
const ELENA = 'elena.vazquez@demo.arrendia.es';
const LUKAS = 'lukas.schneider@demo.arrendia.es';
const ANDREA = 'andrea.molina@demo.arrendia.es';
const LAURA = 'laura.gomez@demo.arrendia.es';
const DIEGO = 'diego.navarro@demo.arrendia.es';

export interface DemoResidential {
  numBedrooms: number;
  numBathrooms: number;
  floorLevel: number;
  isFurnished?: boolean;
  hasTerrace?: boolean;
  hasElevator?: boolean;
  hasAirConditioning?: boolean;
  heatingType: string;
  energyCertificateRating: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';
  allowsPets?: boolean;
}

export interface DemoUnit {
  /** Unique in the plan; contracts and incidents refer to units by it. */
  key: string;
  type: UnitTypeName;
  unitName: string;
  description: string;
  areaM2: string;
  baseRentPrice: string;
  /** The status when no Activo contract rents the unit (then it is Alquilado). */
  idleStatus?: Exclude<UnitStatus, 'Alquilado'>;
  isActive?: boolean;
  amenities: string[];
  /** Required for vivienda and habitacion. */
  residential?: DemoResidential;
}

/** Running costs the owner pays, in cents. */
export interface DemoCosts {
  /** Community fees, every month on day 2 (direct debit). */
  comunidad: number;
  /** Property tax, once a year on the 10th of `ibiMonth`. */
  ibi: number;
  ibiMonth: number;
  /** Building insurance, once a year on the 15th of `seguroMonth`. */
  seguro: number;
  seguroMonth: number;
  /** Utilities the owner pays for a shared flat, every month on day 20 (winter adds heating). */
  suministros?: number;
  /** The month offset after which the owner pays nothing (an archived, sold property). */
  untilMonth?: number;
}

export interface DemoProperty {
  owner: string;
  managedByAgency?: boolean;
  /** Ends with its district in brackets: one of the catalogue's five (spec §2). */
  propertyName: string;
  addressStreet: string;
  addressNumber: string;
  addressDetails: string;
  postalCode: string;
  refCatastral: string;
  totalAreaM2: string;
  buildYear: number;
  notes?: string;
  isArchived?: boolean;
  /** Months before today the owner registered it (createdAt). */
  registeredMonthsAgo: number;
  costs: DemoCosts;
  units: DemoUnit[];
}

export interface DemoContract {
  key: string;
  unit: string;
  /** The first one is the primary tenant. */
  tenants: string[];
  status: ContractStatus;
  /** Starts on the 1st of this month offset. */
  startMonth: number;
  /** Ends on the last day of this month offset; null for an open-ended contract. */
  endMonth: number | null;
  rentAmount: string;
  paymentDay: number;
  depositStatus: DepositStatus;
  renewalNoticeDays: 30 | 60;
  paymentMethod: PaymentMethod;
  terminationReason?: string;
  notes?: string;
  /** This month's rent is overdue: recorded Pendiente even when its day has passed. */
  paysLate?: boolean;
  /** Its annual rent update clause (issue 36); none without. */
  rentUpdate?: 'ipc' | 'irav';
}

export interface DemoIncident {
  key: string;
  unit: string;
  /** Set when a tenant reports it under its contract. */
  contract?: string;
  reportedBy: string;
  assignedTo?: string;
  incidentCategory: IncidentCategory;
  title: string;
  description: string;
  status: IncidentStatus;
  priority: IncidentPriority;
  costEstimate?: string;
  finalCost?: string;
  resolutionNotes?: string;
  createdDaysAgo: number;
  /** When it was resolved (Resuelta) or closed (Cerrada); a final cost is paid that day. */
  resolvedDaysAgo?: number;
}

export type DemoEntityRef = { type: 'contract'; key: string } | { type: 'incident'; key: string } | { type: 'property'; refCatastral: string };

export interface DemoConversation {
  title: string;
  related?: DemoEntityRef;
  participants: string[];
  messages: { from: string; content: string; hoursAgo: number; read: boolean }[];
}

export type DemoNotificationType = 'new_incident' | 'payment_received' | 'contract_signed' | 'incident_resolved';

export interface DemoNotification {
  to: string;
  notificationType: DemoNotificationType;
  title: string;
  message: string;
  related?: DemoEntityRef;
  isRead: boolean;
  hoursAgo: number;
}

export interface DemoPortfolioPlan {
  /** Owners who delegate their whole portfolio to a propietario_delegado. */
  delegations: { owner: string; delegate: string }[];
  properties: DemoProperty[];
  contracts: DemoContract[];
  incidents: DemoIncident[];
  conversations: DemoConversation[];
  notifications: DemoNotification[];
}

const SHARED_FLAT: DemoResidential = {
  numBedrooms: 1,
  numBathrooms: 2,
  floorLevel: 2,
  isFurnished: true,
  heatingType: 'Radiadores eléctricos',
  energyCertificateRating: 'F',
};

const ROOM_AMENITIES = ['Amueblada', 'Wifi', 'Lavadora', 'Cocina equipada', 'Limpieza de zonas comunes'];

/** Referencias catastrales of the plan: also the mark that the portfolio is already seeded. */
const REF = {
  santaEngracia: refCatastral('0857312VK4705G0012'),
  espirituSanto: refCatastral('0950204VK4705A0007'),
  cavaBaja: refCatastral('0341809VK4704A0001'),
  velazquez: refCatastral('1960511VK4716A0045'),
  huertas: refCatastral('0843107VK4704D0009'),
  ponzano: refCatastral('1070402VK4717A0018'),
  mayor: refCatastral('0145602VK4704E0004'),
  palma: refCatastral('0752118VK4705B0003'),
  toledo: refCatastral('0339915VK4703H0021'),
  jorgeJuan: refCatastral('1855703VK4715E0015'),
  lagasca: refCatastral('1958407VK4715H0030'),
  galileo: refCatastral('0765221VK4706F0011'),
} as const;

/** Every referencia catastral the demo portfolio uses. */
export const DEMO_REF_CATASTRALES: readonly string[] = Object.values(REF);

/**
 * The demo portfolio in Madrid, with every date relative to `cal`: the demo owner's five
 * properties (one archived), four the demo agency manages for two owners, three of two owners who
 * delegate to delegado@demo; units of every type; contracts in every status; incidents of every
 * status, priority and category; conversations and notifications.
 */
export function demoPortfolioPlan(cal: DemoCalendar): DemoPortfolioPlan {
  const properties: DemoProperty[] = [
    // The demo owner's portfolio.
    {
      owner: OWNER,
      propertyName: 'Piso Santa Engracia (Chamberí)',
      addressStreet: 'Calle de Santa Engracia',
      addressNumber: '58',
      addressDetails: '3º A',
      postalCode: '28010',
      refCatastral: REF.santaEngracia,
      totalAreaM2: '94.00',
      buildYear: 1962,
      registeredMonthsAgo: 30,
      costs: { comunidad: 9540, ibi: 48_712, ibiMonth: 11, seguro: 21_480, seguroMonth: 3 },
      units: [
        {
          key: 'santaEngracia/piso',
          type: 'vivienda',
          unitName: 'Piso 3º A',
          description: 'Piso exterior de dos dormitorios con balcón a Santa Engracia, reformado en 2021.',
          areaM2: '88.00',
          baseRentPrice: '1350.00',
          amenities: ['Ascensor', 'Aire acondicionado', 'Amueblado', 'Balcón', 'Calefacción de gas natural'],
          residential: {
            numBedrooms: 2,
            numBathrooms: 1,
            floorLevel: 3,
            isFurnished: true,
            hasElevator: true,
            hasAirConditioning: true,
            heatingType: 'Gas natural individual',
            energyCertificateRating: 'E',
          },
        },
        {
          key: 'santaEngracia/trastero',
          type: 'trastero',
          unitName: 'Trastero 7',
          description: 'Trastero en planta sótano con acceso por ascensor.',
          areaM2: '6.00',
          baseRentPrice: '45.00',
          amenities: ['Acceso 24 h'],
        },
      ],
    },
    {
      owner: OWNER,
      propertyName: 'Piso compartido Espíritu Santo (Malasaña)',
      addressStreet: 'Calle del Espíritu Santo',
      addressNumber: '24',
      addressDetails: '2º izquierda',
      postalCode: '28004',
      refCatastral: REF.espirituSanto,
      totalAreaM2: '132.50',
      buildYear: 1905,
      notes: 'Piso compartido de cuatro habitaciones. Los suministros están incluidos en la renta.',
      registeredMonthsAgo: 28,
      costs: { comunidad: 12_075, ibi: 61_530, ibiMonth: 11, seguro: 26_890, seguroMonth: 6, suministros: 14_840 },
      units: [
        {
          key: 'espirituSanto/h1',
          type: 'habitacion',
          unitName: 'Habitación 1 (exterior)',
          description: 'Habitación exterior con balcón a la calle, cama de 135 y escritorio.',
          areaM2: '14.50',
          baseRentPrice: '580.00',
          amenities: [...ROOM_AMENITIES, 'Balcón'],
          residential: SHARED_FLAT,
        },
        {
          key: 'espirituSanto/h2',
          type: 'habitacion',
          unitName: 'Habitación 2',
          description: 'Habitación luminosa a patio de manzana, cama de 135.',
          areaM2: '12.00',
          baseRentPrice: '520.00',
          amenities: ROOM_AMENITIES,
          residential: SHARED_FLAT,
        },
        {
          key: 'espirituSanto/h3',
          type: 'habitacion',
          unitName: 'Habitación 3 (interior)',
          description: 'Habitación interior tranquila, cama de 90.',
          areaM2: '10.00',
          baseRentPrice: '480.00',
          amenities: ROOM_AMENITIES,
          residential: SHARED_FLAT,
        },
        {
          key: 'espirituSanto/h4',
          type: 'habitacion',
          unitName: 'Habitación 4',
          description: 'Habitación a patio con armario empotrado, cama de 105.',
          areaM2: '11.00',
          baseRentPrice: '490.00',
          amenities: ROOM_AMENITIES,
          residential: SHARED_FLAT,
        },
      ],
    },
    {
      owner: OWNER,
      propertyName: 'Local Cava Baja (La Latina)',
      addressStreet: 'Calle de la Cava Baja',
      addressNumber: '16',
      addressDetails: 'Bajo',
      postalCode: '28005',
      refCatastral: REF.cavaBaja,
      totalAreaM2: '145.00',
      buildYear: 1880,
      notes: 'Local con licencia de restauración, arrendado a una taberna.',
      registeredMonthsAgo: 40,
      costs: { comunidad: 6820, ibi: 94_355, ibiMonth: 10, seguro: 41_260, seguroMonth: 1 },
      units: [
        {
          key: 'cavaBaja/local',
          type: 'local',
          unitName: 'Local Cava Baja 16',
          description: 'Local a pie de calle con bodega abovedada y salida de humos.',
          areaM2: '145.00',
          baseRentPrice: '1850.00',
          amenities: ['Salida de humos', 'Licencia de restauración', 'Escaparate', 'Bodega'],
        },
      ],
    },
    {
      owner: OWNER,
      propertyName: 'Garajes Velázquez (Salamanca)',
      addressStreet: 'Calle de Velázquez',
      addressNumber: '78',
      addressDetails: 'Sótano 1',
      postalCode: '28001',
      refCatastral: REF.velazquez,
      totalAreaM2: '34.00',
      buildYear: 1975,
      registeredMonthsAgo: 24,
      costs: { comunidad: 4500, ibi: 18_245, ibiMonth: 11, seguro: 8_930, seguroMonth: 9 },
      units: [
        {
          key: 'velazquez/plaza12',
          type: 'garaje',
          unitName: 'Plaza 12',
          description: 'Plaza de garaje para coche grande, sin columnas.',
          areaM2: '12.50',
          baseRentPrice: '120.00',
          amenities: ['Puerta automática', 'Vigilancia'],
        },
        {
          key: 'velazquez/plaza13',
          type: 'garaje',
          unitName: 'Plaza 13',
          description: 'Plaza de garaje junto a la rampa, con punto de recarga.',
          areaM2: '12.50',
          baseRentPrice: '135.00',
          amenities: ['Puerta automática', 'Vigilancia', 'Punto de recarga'],
        },
        {
          key: 'velazquez/trastero',
          type: 'trastero',
          unitName: 'Trastero S-3',
          description: 'Trastero pendiente de impermeabilizar; fuera de alquiler hasta la obra.',
          areaM2: '9.00',
          baseRentPrice: '60.00',
          idleStatus: 'En mantenimiento',
          isActive: false,
          amenities: [],
        },
      ],
    },
    {
      owner: OWNER,
      propertyName: 'Apartamento Huertas (Centro)',
      addressStreet: 'Calle de las Huertas',
      addressNumber: '31',
      addressDetails: '4º interior',
      postalCode: '28014',
      refCatastral: REF.huertas,
      totalAreaM2: '52.00',
      buildYear: 1920,
      notes: 'Archivada: vendida tras finalizar el último contrato.',
      isArchived: true,
      registeredMonthsAgo: 44,
      costs: { comunidad: 5860, ibi: 29_780, ibiMonth: 11, seguro: 16_420, seguroMonth: 2, untilMonth: -6 },
      units: [
        {
          key: 'huertas/piso',
          type: 'vivienda',
          unitName: 'Apartamento 4º interior',
          description: 'Apartamento de un dormitorio en el Barrio de las Letras.',
          areaM2: '52.00',
          baseRentPrice: '1100.00',
          amenities: ['Amueblado', 'Calefacción eléctrica'],
          residential: { numBedrooms: 1, numBathrooms: 1, floorLevel: 4, isFurnished: true, heatingType: 'Eléctrica', energyCertificateRating: 'F' },
        },
      ],
    },
    // Managed by the demo agency for two owners.
    {
      owner: ROSA,
      managedByAgency: true,
      propertyName: 'Piso Ponzano (Chamberí)',
      addressStreet: 'Calle de Ponzano',
      addressNumber: '41',
      addressDetails: '4º B',
      postalCode: '28003',
      refCatastral: REF.ponzano,
      totalAreaM2: '76.00',
      buildYear: 1968,
      registeredMonthsAgo: 30,
      costs: { comunidad: 8760, ibi: 41_290, ibiMonth: 11, seguro: 19_870, seguroMonth: 4 },
      units: [
        {
          key: 'ponzano/piso',
          type: 'vivienda',
          unitName: 'Piso 4º B',
          description: 'Piso de dos dormitorios cerca de la zona de tapas de Ponzano.',
          areaM2: '76.00',
          baseRentPrice: '1450.00',
          amenities: ['Ascensor', 'Calefacción central', 'Armarios empotrados'],
          residential: {
            numBedrooms: 2,
            numBathrooms: 1,
            floorLevel: 4,
            hasElevator: true,
            heatingType: 'Central',
            energyCertificateRating: 'D',
            allowsPets: true,
          },
        },
      ],
    },
    {
      owner: ANTONIO,
      managedByAgency: true,
      propertyName: 'Oficina Calle Mayor (Centro)',
      addressStreet: 'Calle Mayor',
      addressNumber: '19',
      addressDetails: '2º',
      postalCode: '28013',
      refCatastral: REF.mayor,
      totalAreaM2: '118.00',
      buildYear: 1890,
      registeredMonthsAgo: 20,
      costs: { comunidad: 14_350, ibi: 87_640, ibiMonth: 10, seguro: 32_150, seguroMonth: 7 },
      units: [
        {
          key: 'mayor/oficina',
          type: 'oficina',
          unitName: 'Oficina 2º',
          description: 'Oficina diáfana con cuatro balcones a la calle Mayor, junto a la Puerta del Sol.',
          areaM2: '118.00',
          baseRentPrice: '2100.00',
          amenities: ['Aire acondicionado', 'Fibra óptica', 'Ascensor', 'Aseo propio'],
        },
      ],
    },
    {
      owner: ROSA,
      managedByAgency: true,
      propertyName: 'Piso La Palma (Malasaña)',
      addressStreet: 'Calle de la Palma',
      addressNumber: '47',
      addressDetails: '1º derecha',
      postalCode: '28004',
      refCatastral: REF.palma,
      totalAreaM2: '64.00',
      buildYear: 1910,
      registeredMonthsAgo: 6,
      costs: { comunidad: 7140, ibi: 33_815, ibiMonth: 11, seguro: 15_960, seguroMonth: 5 },
      units: [
        {
          key: 'palma/piso',
          type: 'vivienda',
          unitName: 'Piso 1º derecha',
          description: 'Piso de un dormitorio reformado, con vigas de madera vistas.',
          areaM2: '64.00',
          baseRentPrice: '1250.00',
          idleStatus: 'Reservado',
          amenities: ['Reformado', 'Aire acondicionado', 'Cocina equipada'],
          residential: { numBedrooms: 1, numBathrooms: 1, floorLevel: 1, hasAirConditioning: true, heatingType: 'Bomba de calor', energyCertificateRating: 'C' },
        },
      ],
    },
    {
      owner: ANTONIO,
      managedByAgency: true,
      propertyName: 'Piso Toledo (La Latina)',
      addressStreet: 'Calle de Toledo',
      addressNumber: '86',
      addressDetails: '3º C',
      postalCode: '28005',
      refCatastral: REF.toledo,
      totalAreaM2: '82.00',
      buildYear: 1958,
      registeredMonthsAgo: 46,
      costs: { comunidad: 7980, ibi: 36_540, ibiMonth: 11, seguro: 17_320, seguroMonth: 8 },
      units: [
        {
          key: 'toledo/piso',
          type: 'vivienda',
          unitName: 'Piso 3º C',
          description: 'Piso de dos dormitorios junto a la Puerta de Toledo; cocina en reforma.',
          areaM2: '70.00',
          baseRentPrice: '1150.00',
          idleStatus: 'En mantenimiento',
          amenities: ['Ascensor', 'Terraza'],
          residential: { numBedrooms: 2, numBathrooms: 1, floorLevel: 3, hasTerrace: true, hasElevator: true, heatingType: 'Gas natural individual', energyCertificateRating: 'E' },
        },
        {
          key: 'toledo/plaza2',
          type: 'garaje',
          unitName: 'Plaza 2',
          description: 'Plaza de garaje para coche mediano.',
          areaM2: '12.00',
          baseRentPrice: '95.00',
          amenities: ['Puerta automática'],
        },
      ],
    },
    // Of two owners who delegate their portfolio to delegado@demo.
    {
      owner: ISABEL,
      propertyName: 'Piso Jorge Juan (Salamanca)',
      addressStreet: 'Calle de Jorge Juan',
      addressNumber: '35',
      addressDetails: '5º izquierda',
      postalCode: '28001',
      refCatastral: REF.jorgeJuan,
      totalAreaM2: '128.00',
      buildYear: 1945,
      registeredMonthsAgo: 14,
      costs: { comunidad: 18_620, ibi: 112_470, ibiMonth: 11, seguro: 34_580, seguroMonth: 10 },
      units: [
        {
          key: 'jorgeJuan/piso',
          type: 'vivienda',
          unitName: 'Piso 5º izquierda',
          description: 'Piso señorial de tres dormitorios con portero físico.',
          areaM2: '128.00',
          baseRentPrice: '2250.00',
          amenities: ['Portero', 'Ascensor', 'Calefacción central', 'Suelos de madera'],
          residential: { numBedrooms: 3, numBathrooms: 2, floorLevel: 5, hasElevator: true, heatingType: 'Central', energyCertificateRating: 'D' },
        },
      ],
    },
    {
      owner: ISABEL,
      propertyName: 'Ático Lagasca (Salamanca)',
      addressStreet: 'Calle de Lagasca',
      addressNumber: '64',
      addressDetails: 'Ático',
      postalCode: '28001',
      refCatastral: REF.lagasca,
      totalAreaM2: '142.00',
      buildYear: 1959,
      registeredMonthsAgo: 14,
      costs: { comunidad: 21_390, ibi: 128_960, ibiMonth: 11, seguro: 38_740, seguroMonth: 12 },
      units: [
        {
          key: 'lagasca/atico',
          type: 'vivienda',
          unitName: 'Ático',
          description: 'Ático de tres dormitorios con terraza de 40 m² y vistas al Retiro.',
          areaM2: '142.00',
          baseRentPrice: '2400.00',
          amenities: ['Terraza', 'Ascensor', 'Aire acondicionado', 'Plaza de garaje opcional'],
          residential: {
            numBedrooms: 3,
            numBathrooms: 2,
            floorLevel: 7,
            hasTerrace: true,
            hasElevator: true,
            hasAirConditioning: true,
            heatingType: 'Gas natural individual',
            energyCertificateRating: 'C',
            allowsPets: true,
          },
        },
      ],
    },
    {
      owner: FERNANDO,
      propertyName: 'Piso Galileo (Chamberí)',
      addressStreet: 'Calle de Galileo',
      addressNumber: '69',
      addressDetails: '2º D',
      postalCode: '28015',
      refCatastral: REF.galileo,
      totalAreaM2: '58.00',
      buildYear: 1972,
      registeredMonthsAgo: 18,
      costs: { comunidad: 6950, ibi: 31_120, ibiMonth: 11, seguro: 14_780, seguroMonth: 11 },
      units: [
        {
          key: 'galileo/piso',
          type: 'vivienda',
          unitName: 'Piso 2º D',
          description: 'Piso de un dormitorio junto a la plaza de Olavide.',
          areaM2: '58.00',
          baseRentPrice: '1150.00',
          amenities: ['Ascensor', 'Calefacción central'],
          residential: { numBedrooms: 1, numBathrooms: 1, floorLevel: 2, hasElevator: true, heatingType: 'Central', energyCertificateRating: 'E' },
        },
      ],
    },
  ];

  const contracts: DemoContract[] = [
    {
      key: 'pablo-santaEngracia',
      unit: 'santaEngracia/piso',
      tenants: [TENANT],
      status: 'Activo',
      startMonth: -7,
      endMonth: 4,
      rentAmount: '1350.00',
      paymentDay: 5,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Domiciliación',
      notes: 'Prórroga anual hasta cinco años según la LAU.',
      rentUpdate: 'irav',
    },
    {
      key: 'sofia-h1',
      unit: 'espirituSanto/h1',
      tenants: [SOFIA],
      status: 'Activo',
      startMonth: -10,
      endMonth: 0,
      rentAmount: '580.00',
      paymentDay: 1,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Bizum',
      notes: 'La inquilina ha comunicado que no renovará: se muda a un piso de la calle de la Palma.',
    },
    {
      key: 'giulia-h2',
      unit: 'espirituSanto/h2',
      tenants: [GIULIA],
      status: 'Activo',
      startMonth: -14,
      endMonth: 9,
      rentAmount: '520.00',
      paymentDay: 3,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
    },
    {
      key: 'daniel-h3',
      unit: 'espirituSanto/h3',
      tenants: [DANIEL],
      status: 'Activo',
      startMonth: -2,
      endMonth: 9,
      rentAmount: '480.00',
      paymentDay: 1,
      depositStatus: 'Pendiente',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
      notes: 'Fianza pendiente de ingreso.',
      paysLate: true,
    },
    {
      key: 'miguel-cavaBaja',
      unit: 'cavaBaja/local',
      tenants: [MIGUEL],
      status: 'Activo',
      startMonth: -36,
      endMonth: 23,
      rentAmount: '1850.00',
      paymentDay: 1,
      depositStatus: 'Recibida',
      renewalNoticeDays: 60,
      paymentMethod: 'Domiciliación',
      notes: 'Arrendamiento para uso distinto de vivienda: Taberna La Cava S.L.',
    },
    {
      key: 'miguel-plaza12',
      unit: 'velazquez/plaza12',
      tenants: [MIGUEL],
      status: 'Activo',
      startMonth: -20,
      endMonth: null,
      rentAmount: '120.00',
      paymentDay: 1,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Domiciliación',
    },
    {
      key: 'laura-huertas',
      unit: 'huertas/piso',
      tenants: [LAURA],
      status: 'Finalizado',
      startMonth: -42,
      endMonth: -6,
      rentAmount: '1100.00',
      paymentDay: 5,
      depositStatus: 'Devuelta',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
      terminationReason: 'No renovación por venta del inmueble, comunicada con el preaviso legal.',
    },
    {
      key: 'elena-ponzano',
      unit: 'ponzano/piso',
      tenants: [ELENA],
      status: 'Activo',
      startMonth: -26,
      endMonth: 9,
      rentAmount: '1450.00',
      paymentDay: 3,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Domiciliación',
    },
    {
      key: 'lukas-mayor',
      unit: 'mayor/oficina',
      tenants: [LUKAS],
      status: 'Activo',
      startMonth: -16,
      endMonth: 19,
      rentAmount: '2100.00',
      paymentDay: 1,
      depositStatus: 'Recibida',
      renewalNoticeDays: 60,
      paymentMethod: 'Transferencia',
      notes: 'Estudio de arquitectura. Uso distinto de vivienda.',
    },
    {
      key: 'sofia-palma',
      unit: 'palma/piso',
      tenants: [SOFIA],
      status: 'Pendiente',
      startMonth: 1,
      endMonth: 12,
      rentAmount: '1250.00',
      paymentDay: 1,
      depositStatus: 'Pendiente',
      renewalNoticeDays: 30,
      paymentMethod: 'Domiciliación',
      notes: 'Firmado; entrega de llaves el primer día del contrato.',
    },
    {
      key: 'pablo-toledo',
      unit: 'toledo/piso',
      tenants: [TENANT],
      status: 'Finalizado',
      startMonth: -44,
      endMonth: -8,
      rentAmount: '980.00',
      paymentDay: 5,
      depositStatus: 'Devuelta',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
      terminationReason: 'Desistimiento del inquilino por traslado, con 30 días de preaviso.',
    },
    {
      key: 'elena-plaza2',
      unit: 'toledo/plaza2',
      tenants: [ELENA],
      status: 'Activo',
      startMonth: -10,
      endMonth: null,
      rentAmount: '95.00',
      paymentDay: 3,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Domiciliación',
    },
    {
      key: 'laura-jorgeJuan',
      unit: 'jorgeJuan/piso',
      tenants: [LAURA],
      status: 'Activo',
      startMonth: -5,
      endMonth: 6,
      rentAmount: '2250.00',
      paymentDay: 1,
      depositStatus: 'Recibida',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
    },
    {
      key: 'andrea-lagasca',
      unit: 'lagasca/atico',
      tenants: [ANDREA],
      status: 'Activo',
      startMonth: -11,
      endMonth: 12,
      rentAmount: '2400.00',
      paymentDay: 2,
      depositStatus: 'Recibida',
      renewalNoticeDays: 60,
      paymentMethod: 'Domiciliación',
    },
    {
      key: 'daniel-galileo',
      unit: 'galileo/piso',
      tenants: [DANIEL],
      status: 'Finalizado',
      startMonth: -15,
      endMonth: -3,
      rentAmount: '1150.00',
      paymentDay: 4,
      depositStatus: 'Devuelta',
      renewalNoticeDays: 30,
      paymentMethod: 'Transferencia',
      terminationReason: 'Fin del plazo pactado; el inquilino no prorroga.',
    },
  ];

  const incidents: DemoIncident[] = [
    {
      key: 'calentador',
      unit: 'santaEngracia/piso',
      contract: 'pablo-santaEngracia',
      reportedBy: TENANT,
      assignedTo: OWNER,
      incidentCategory: 'Fontanería',
      title: 'Fuga en el calentador',
      description: 'Gotea agua por la parte inferior del calentador de la cocina y se forma un charco cada mañana.',
      status: 'En Progreso',
      priority: 'Alta',
      costEstimate: '180.00',
      createdDaysAgo: 6,
    },
    {
      key: 'persiana',
      unit: 'santaEngracia/piso',
      contract: 'pablo-santaEngracia',
      reportedBy: TENANT,
      incidentCategory: 'Otros',
      title: 'Persiana del salón atascada',
      description: 'La cinta de la persiana del salón se ha soltado y la persiana no sube.',
      status: 'Abierta',
      priority: 'Baja',
      costEstimate: '90.00',
      createdDaysAgo: 2,
    },
    {
      key: 'enchufe',
      unit: 'santaEngracia/piso',
      contract: 'pablo-santaEngracia',
      reportedBy: TENANT,
      assignedTo: OWNER,
      incidentCategory: 'Electricidad',
      title: 'Enchufe de la cocina sin corriente',
      description: 'El enchufe junto a la nevera no da corriente desde que saltó el diferencial.',
      status: 'Cerrada',
      priority: 'Media',
      costEstimate: '80.00',
      finalCost: '65.34',
      resolutionNotes: 'El electricista sustituyó el enchufe y revisó el cuadro eléctrico.',
      createdDaysAgo: 64,
      resolvedDaysAgo: 60,
    },
    {
      key: 'lavadora',
      unit: 'espirituSanto/h2',
      contract: 'giulia-h2',
      reportedBy: GIULIA,
      assignedTo: OWNER,
      incidentCategory: 'Electrodomésticos',
      title: 'La lavadora no centrifuga',
      description: 'La lavadora del piso termina el programa con la ropa empapada.',
      status: 'Resuelta',
      priority: 'Media',
      costEstimate: '120.00',
      finalCost: '95.50',
      resolutionNotes: 'Cambiada la bomba de desagüe.',
      createdDaysAgo: 15,
      resolvedDaysAgo: 12,
    },
    {
      key: 'calefaccion',
      unit: 'espirituSanto/h1',
      contract: 'sofia-h1',
      reportedBy: SOFIA,
      incidentCategory: 'Calefacción/Aire Acondicionado',
      title: 'La calefacción no enciende',
      description: 'Los radiadores de las habitaciones 1 y 2 no calientan desde anoche.',
      status: 'Abierta',
      priority: 'Urgente',
      costEstimate: '150.00',
      createdDaysAgo: 1,
    },
    {
      key: 'cierre',
      unit: 'cavaBaja/local',
      contract: 'miguel-cavaBaja',
      reportedBy: MIGUEL,
      assignedTo: OWNER,
      incidentCategory: 'Cerrajería',
      title: 'Cerradura de la persiana metálica rota',
      description: 'No se puede cerrar el local: la cerradura de la persiana metálica está forzada.',
      status: 'Cerrada',
      priority: 'Urgente',
      costEstimate: '250.00',
      finalCost: '212.96',
      resolutionNotes: 'Cerrajero de urgencia: bombín antibumping nuevo y dos juegos de llaves.',
      createdDaysAgo: 121,
      resolvedDaysAgo: 120,
    },
    {
      key: 'humedad',
      unit: 'ponzano/piso',
      contract: 'elena-ponzano',
      reportedBy: ELENA,
      assignedTo: AGENTE,
      incidentCategory: 'Fontanería',
      title: 'Humedad en el techo del baño',
      description: 'Ha aparecido una mancha de humedad en el techo del baño que crece cada día; parece venir del piso de arriba.',
      status: 'Abierta',
      priority: 'Alta',
      costEstimate: '350.00',
      createdDaysAgo: 3,
    },
    {
      key: 'aire',
      unit: 'mayor/oficina',
      contract: 'lukas-mayor',
      reportedBy: LUKAS,
      assignedTo: DIEGO,
      incidentCategory: 'Calefacción/Aire Acondicionado',
      title: 'El aire acondicionado no enfría',
      description: 'La máquina de la sala principal expulsa aire a temperatura ambiente.',
      status: 'En Progreso',
      priority: 'Media',
      costEstimate: '240.00',
      createdDaysAgo: 9,
    },
    {
      key: 'portal',
      unit: 'ponzano/piso',
      reportedBy: AGENTE,
      assignedTo: AGENTE,
      incidentCategory: 'Zonas Comunes',
      title: 'Luz del rellano fundida',
      description: 'El punto de luz del rellano de la cuarta planta no funciona.',
      status: 'Resuelta',
      priority: 'Baja',
      finalCost: '34.90',
      resolutionNotes: 'Sustituido el plafón por uno LED con detector de presencia.',
      createdDaysAgo: 24,
      resolvedDaysAgo: 20,
    },
    {
      key: 'cocina',
      unit: 'toledo/piso',
      reportedBy: MANAGER,
      assignedTo: DIEGO,
      incidentCategory: 'Pintura y Decoración',
      title: 'Reforma de la cocina y pintura del piso',
      description: 'Renovar muebles de cocina y pintar el piso antes de volver a alquilarlo.',
      status: 'En Progreso',
      priority: 'Media',
      costEstimate: '4500.00',
      createdDaysAgo: 40,
    },
    {
      key: 'ascensor',
      unit: 'jorgeJuan/piso',
      contract: 'laura-jorgeJuan',
      reportedBy: LAURA,
      assignedTo: DELEGADO,
      incidentCategory: 'Ascensor',
      title: 'Ascensor parado entre plantas',
      description: 'El ascensor se quedó parado entre la cuarta y la quinta planta; nadie quedó dentro.',
      status: 'Resuelta',
      priority: 'Urgente',
      resolutionNotes: 'Reparado por la empresa mantenedora a cargo de la comunidad.',
      createdDaysAgo: 36,
      resolvedDaysAgo: 35,
    },
    {
      key: 'pintura',
      unit: 'lagasca/atico',
      contract: 'andrea-lagasca',
      reportedBy: ANDREA,
      assignedTo: DELEGADO,
      incidentCategory: 'Pintura y Decoración',
      title: 'Pintar el dormitorio tras la humedad',
      description: 'Quedó una mancha en la pared del dormitorio principal tras la filtración de la terraza.',
      status: 'Cerrada',
      priority: 'Baja',
      costEstimate: '400.00',
      finalCost: '381.15',
      resolutionNotes: 'Tratamiento antihumedad y pintura plástica del dormitorio.',
      createdDaysAgo: 100,
      resolvedDaysAgo: 90,
    },
  ];

  const conversations: DemoConversation[] = [
    {
      title: 'Contrato del piso de Santa Engracia',
      related: { type: 'contract', key: 'pablo-santaEngracia' },
      participants: [OWNER, TENANT],
      messages: [
        { from: TENANT, content: 'Hola Javier, ¿me confirmas que la renta se cobra por domiciliación el día 5?', hoursAgo: 240, read: true },
        { from: OWNER, content: 'Sí, Pablo: el día 5 de cada mes. Si algún mes necesitas cambiarlo, avísame con tiempo.', hoursAgo: 238, read: true },
        { from: TENANT, content: 'Perfecto. Otra cosa: ¿puedo poner una estantería atornillada en el salón?', hoursAgo: 30, read: true },
        { from: OWNER, content: 'Claro, siempre que al irte tapes los agujeros. ¡Gracias por preguntar!', hoursAgo: 28, read: false },
      ],
    },
    {
      title: 'Incidencia: Fuga en el calentador',
      related: { type: 'incident', key: 'calentador' },
      participants: [TENANT, OWNER],
      messages: [
        { from: TENANT, content: 'Te mando fotos de la fuga del calentador. He cerrado la llave de paso por si acaso.', hoursAgo: 140, read: true },
        { from: OWNER, content: 'Bien hecho. El técnico de Fontanería Chamberí pasa el jueves entre las 9 y las 11.', hoursAgo: 120, read: true },
        { from: TENANT, content: 'El técnico dice que hay que cambiar una pieza y vuelve la semana que viene.', hoursAgo: 20, read: false },
      ],
    },
    {
      title: 'Gestión del piso de Ponzano',
      related: { type: 'property', refCatastral: REF.ponzano },
      participants: [MANAGER, ROSA],
      messages: [
        { from: MANAGER, content: 'Rosa, la inquilina ha avisado de una humedad en el baño. Pedimos presupuesto al fontanero y te lo paso.', hoursAgo: 70, read: true },
        { from: ROSA, content: 'De acuerdo, Marta. Si es del vecino de arriba, que lo cubra su seguro.', hoursAgo: 65, read: true },
        { from: MANAGER, content: 'Presupuesto recibido: 350 €. Hablamos con la comunidad para ver de dónde viene.', hoursAgo: 6, read: false },
      ],
    },
    {
      title: 'Incidencia: Humedad en el techo del baño',
      related: { type: 'incident', key: 'humedad' },
      participants: [ELENA, AGENTE],
      messages: [
        { from: ELENA, content: 'Buenos días, la mancha del baño es cada vez más grande. ¿Cuándo puede venir alguien?', hoursAgo: 50, read: true },
        { from: AGENTE, content: 'Hola Elena, mañana a las 10 pasa el fontanero con la administradora de la finca.', hoursAgo: 47, read: true },
        { from: ELENA, content: 'Perfecto, estaré en casa. Gracias.', hoursAgo: 46, read: false },
      ],
    },
    {
      title: 'Renovación del contrato de la oficina de Calle Mayor',
      related: { type: 'contract', key: 'lukas-mayor' },
      participants: [MANAGER, ANTONIO],
      messages: [
        { from: ANTONIO, content: 'Marta, ¿el inquilino de la oficina quiere seguir tras el tercer año?', hoursAgo: 300, read: true },
        { from: MANAGER, content: 'Sí, nos ha dicho que quiere renovar. Te propongo actualizar la renta con el IPC.', hoursAgo: 290, read: true },
      ],
    },
    {
      title: 'Devolución de la fianza del piso de Calle de Toledo',
      related: { type: 'contract', key: 'pablo-toledo' },
      participants: [TENANT, MANAGER],
      messages: [
        { from: TENANT, content: 'Hola Marta, ¿cuándo podréis devolverme la fianza del piso de Toledo?', hoursAgo: 5400, read: true },
        { from: MANAGER, content: 'Hola Pablo, revisado el inventario sin incidencias: te la transferimos esta semana.', hoursAgo: 5380, read: true },
      ],
    },
    {
      title: 'Informe mensual de la cartera',
      participants: [DELEGADO, ISABEL],
      messages: [
        { from: DELEGADO, content: `Isabel, te adjunto el resumen de ${cal.monthName(-1)}: los dos pisos cobrados y sin incidencias abiertas.`, hoursAgo: 100, read: true },
        { from: ISABEL, content: 'Gracias, Alberto. ¿Qué pasó con el ascensor de Jorge Juan?', hoursAgo: 90, read: true },
        { from: DELEGADO, content: 'Lo arregló la mantenedora a cargo de la comunidad; no nos cuesta nada.', hoursAgo: 4, read: false },
      ],
    },
    {
      title: 'Entrada en el piso de La Palma',
      related: { type: 'contract', key: 'sofia-palma' },
      participants: [SOFIA, DIEGO],
      messages: [
        { from: SOFIA, content: '¿A qué hora quedamos el día 1 para la entrega de llaves?', hoursAgo: 26, read: true },
        { from: DIEGO, content: 'A las 10:00 en el portal. Lleva el justificante de la fianza, por favor.', hoursAgo: 3, read: false },
      ],
    },
  ];

  const notifications: DemoNotification[] = [
    {
      to: OWNER,
      notificationType: 'new_incident',
      title: 'Nueva incidencia: La calefacción no enciende',
      message: 'Sofía Castro ha reportado una incidencia urgente en Habitación 1 (exterior).',
      related: { type: 'incident', key: 'calefaccion' },
      isRead: false,
      hoursAgo: 24,
    },
    {
      to: OWNER,
      notificationType: 'new_incident',
      title: 'Nueva incidencia: Persiana del salón atascada',
      message: 'Pablo García ha reportado una incidencia en Piso 3º A.',
      related: { type: 'incident', key: 'persiana' },
      isRead: false,
      hoursAgo: 48,
    },
    {
      to: OWNER,
      notificationType: 'payment_received',
      title: 'Pago recibido',
      message: `Miguel Ángel Serrano ha pagado la renta de ${cal.monthName(-1)} del Local Cava Baja 16: ${formatEuros('1850.00')}.`,
      related: { type: 'contract', key: 'miguel-cavaBaja' },
      isRead: true,
      hoursAgo: 24 * 30,
    },
    {
      to: OWNER,
      notificationType: 'incident_resolved',
      title: 'Incidencia resuelta: La lavadora no centrifuga',
      message: `Coste final de la reparación: ${formatEuros('95.50')}.`,
      related: { type: 'incident', key: 'lavadora' },
      isRead: true,
      hoursAgo: 24 * 12,
    },
    {
      to: OWNER,
      notificationType: 'contract_signed',
      title: 'Contrato firmado: Habitación 3 (interior)',
      message: 'Daniel Ortega ha firmado el contrato de la Habitación 3 (interior).',
      related: { type: 'contract', key: 'daniel-h3' },
      isRead: true,
      hoursAgo: 24 * 65,
    },
    {
      to: MANAGER,
      notificationType: 'contract_signed',
      title: 'Contrato firmado: Piso La Palma',
      message: `Sofía Castro ha firmado el contrato del Piso 1º derecha; empieza el 1 de ${cal.monthName(1)}.`,
      related: { type: 'contract', key: 'sofia-palma' },
      isRead: false,
      hoursAgo: 30,
    },
    {
      to: MANAGER,
      notificationType: 'new_incident',
      title: 'Nueva incidencia: Humedad en el techo del baño',
      message: 'Elena Vázquez ha reportado una incidencia de prioridad alta en Piso 4º B (Ponzano).',
      related: { type: 'incident', key: 'humedad' },
      isRead: false,
      hoursAgo: 72,
    },
    {
      to: MANAGER,
      notificationType: 'payment_received',
      title: 'Pago recibido',
      message: `Lukas Schneider ha pagado la renta de ${cal.monthName(-1)} de la Oficina 2º: ${formatEuros('2100.00')}.`,
      related: { type: 'contract', key: 'lukas-mayor' },
      isRead: true,
      hoursAgo: 24 * 28,
    },
    {
      to: MANAGER,
      notificationType: 'incident_resolved',
      title: 'Incidencia resuelta: Luz del rellano fundida',
      message: 'Carmen Romero ha resuelto la incidencia en Calle de Ponzano 41.',
      related: { type: 'incident', key: 'portal' },
      isRead: true,
      hoursAgo: 24 * 20,
    },
    {
      to: AGENTE,
      notificationType: 'new_incident',
      title: 'Incidencia asignada: Humedad en el techo del baño',
      message: 'Marta Sánchez te ha asignado la incidencia de Calle de Ponzano 41, 4º B.',
      related: { type: 'incident', key: 'humedad' },
      isRead: false,
      hoursAgo: 71,
    },
    {
      to: TENANT,
      notificationType: 'new_incident',
      title: 'Incidencia registrada',
      message: 'Hemos recibido tu aviso «Persiana del salón atascada». Te contactaremos pronto.',
      related: { type: 'incident', key: 'persiana' },
      isRead: false,
      hoursAgo: 48,
    },
    {
      to: TENANT,
      notificationType: 'payment_received',
      title: 'Pago recibido',
      message: `Hemos recibido tu pago de la renta de ${cal.monthName(-1)}: ${formatEuros('1350.00')}.`,
      related: { type: 'contract', key: 'pablo-santaEngracia' },
      isRead: true,
      hoursAgo: 24 * 27,
    },
    {
      to: TENANT,
      notificationType: 'incident_resolved',
      title: 'Incidencia resuelta: Enchufe de la cocina sin corriente',
      message: 'El electricista ha sustituido el enchufe. Gracias por tu paciencia.',
      related: { type: 'incident', key: 'enchufe' },
      isRead: true,
      hoursAgo: 24 * 60,
    },
    {
      to: DELEGADO,
      notificationType: 'incident_resolved',
      title: 'Incidencia resuelta: Ascensor parado entre plantas',
      message: 'La comunidad de Jorge Juan 35 ha reparado el ascensor.',
      related: { type: 'incident', key: 'ascensor' },
      isRead: false,
      hoursAgo: 24 * 35,
    },
  ];

  return {
    delegations: [
      { owner: ISABEL, delegate: DELEGADO },
      { owner: FERNANDO, delegate: DELEGADO },
    ],
    properties,
    contracts,
    incidents,
    conversations,
    notifications,
  };
}
