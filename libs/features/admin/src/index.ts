export { ADMIN_QUICK_ACTIONS, AdminDashboard } from './AdminDashboard';
export { ApartmentsManagementScreen, RentalTypesScreen, RoomsManagementScreen } from './RentalTypesScreen';
export { ADMIN_OVERVIEW_PATH, rentalTypesPath, useAdminOverview, useRentalTypes } from './useAdmin';
