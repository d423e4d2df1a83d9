export * from './analytics';
export * from './moderation';
