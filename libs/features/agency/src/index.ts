export * from './AgencyOverviewPanels';
