export { default } from '../../src/features/notifications/SettingsScreen';
