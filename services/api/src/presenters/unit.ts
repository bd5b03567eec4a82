import type { PropertyUnit, RentableUnit, ResidentialDetails, UnitOption, UnitType } from '@arrendia/api-contract';
import type { RentableUnit as RentableUnitModel } from '../models/RentableUnit';
import type { UnitDetailsResidential } from '../models/UnitDetailsResidential';
import type { UnitType as UnitTypeModel } from '../models/UnitType';

export type UnitColumns = Pick<
  RentableUnitModel,
  'id' | 'mainPropertyId' | 'unitTypeId' | 'unitName' | 'description' | 'areaM2' | 'currentStatus' | 'baseRentPrice' | 'amenities' | 'isActive'
>;

export function presentUnitType(type: Pick<UnitTypeModel, 'id' | 'typeName' | 'description'>): UnitType {
  return { id: type.id, typeName: type.typeName, description: type.description };
}

export function presentUnit(unit: UnitColumns): RentableUnit {
  return {
    id: unit.id,
    mainPropertyId: unit.mainPropertyId,
    unitTypeId: unit.unitTypeId,
    unitName: unit.unitName,
    description: unit.description,
    areaM2: unit.areaM2,
    currentStatus: unit.currentStatus,
    baseRentPrice: unit.baseRentPrice,
    amenities: unit.amenities,
    isActive: unit.isActive,
  };
}

export function presentResidentialDetails(details: UnitDetailsResidential): ResidentialDetails {
  return {
    numBedrooms: details.numBedrooms,
    numBathrooms: details.numBathrooms,
    floorLevel: details.floorLevel,
    isFurnished: details.isFurnished,
    hasTerrace: details.hasTerrace,
    hasElevator: details.hasElevator,
    hasAirConditioning: details.hasAirConditioning,
    heatingType: details.heatingType,
    energyCertificateRating: details.energyCertificateRating,
    allowsPets: details.allowsPets,
    orientation: details.orientation ?? null,
  };
}

/** A unit of a property's detail: loaded with its `unitType` and `details` relations. */
export function presentPropertyUnit(
  unit: UnitColumns & {
    unitType?: Pick<UnitTypeModel, 'id' | 'typeName'>;
    details?: UnitDetailsResidential | null;
    activeContract?: { id: number; contractCode: string } | null;
    listing?: { id: number; isPublished: boolean } | null;
  },
): PropertyUnit {
  return {
    ...presentUnit(unit),
    unitType: { id: unit.unitType!.id, typeName: unit.unitType!.typeName },
    details: unit.details ? presentResidentialDetails(unit.details) : null,
    activeContract: unit.activeContract ? { id: unit.activeContract.id, contractCode: unit.activeContract.contractCode } : null,
    listing: unit.listing ? { id: unit.listing.id, isPublished: unit.listing.isPublished } : null,
  };
}

/** A unit of the contract form's choice as queries/units.ts reads it: `hasActiveContract` as the driver returns it. */
export type UnitOptionRow = Omit<UnitOption, 'hasActiveContract'> & { hasActiveContract: unknown };

export function presentUnitOption(row: UnitOptionRow): UnitOption {
  return { ...row, hasActiveContract: Boolean(row.hasActiveContract) };
}
