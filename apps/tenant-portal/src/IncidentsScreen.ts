// The incidents screen as a module of this app, for App to load on demand: the incidents feature is
// imported statically here and by the dashboard's latest-incidents card, never both ways.
export { IncidentsScreen } from '@arrendia/feature-incidents';
