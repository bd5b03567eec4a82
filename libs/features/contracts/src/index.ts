export { ContractsScreen } from './ContractsScreen';
