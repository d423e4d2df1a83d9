export * from './search';
export * from './song-data';
export * from './catalogue';
