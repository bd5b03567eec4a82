export { SettingsScreen, type ExtraSettingsTab } from './SettingsScreen';
