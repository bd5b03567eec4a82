export * from './PayRentDialog';
export * from './RentChargesPanel';
export * from './TenantHomePanels';
export * from './usePayments';
