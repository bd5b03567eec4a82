export { DashboardMetricCards } from './DashboardMetricCards';
export { PropertiesCard } from './PropertiesCard';
export { RecentActivityCard } from './RecentActivityCard';
export { UpcomingTasksCard } from './UpcomingTasksCard';
