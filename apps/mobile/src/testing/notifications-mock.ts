/**
 * expo-notifications for component tests: the app's root layout registers push and listens for
 * taps, which no test of a screen is about. Every call answers "nothing happened".
 */
export const AndroidImportance = { HIGH: 4 };
export const setNotificationChannelAsync = jest.fn(async () => null);
export const getPermissionsAsync = jest.fn(async () => ({ granted: false, canAskAgain: false }));
export const requestPermissionsAsync = jest.fn(async () => ({
  granted: false,
  canAskAgain: false,
}));
export const getDevicePushTokenAsync = jest.fn(async () => ({ type: 'ios', data: 'test-token' }));
export const getLastNotificationResponseAsync = jest.fn(async () => null);
export const addNotificationResponseReceivedListener = jest.fn(() => ({ remove: () => undefined }));
