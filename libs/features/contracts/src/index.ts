export { ContractsScreen } from './ContractsScreen';
export { MyContractsScreen, contractPdfUrl } from './MyContractsScreen';
