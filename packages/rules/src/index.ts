export * from './accounts';
export * from './music';
export * from './song-status';
export * from './crates';
