export { PropertiesScreen } from './PropertiesScreen';
