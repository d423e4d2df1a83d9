export * from './accounts';
export * from './music';
