export { default } from '../../src/features/notifications/NotificationsScreen';
