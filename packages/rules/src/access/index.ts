export * from './table';
export * from './can';
export * from './policies';
export * from './doc';
