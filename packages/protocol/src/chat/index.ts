export * from './message';
export * from './comet';
export * from './endpoints';
export * from './errors';
export * from './gifs';
