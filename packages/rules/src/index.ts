export * from './accounts';
export * from './music';
export * from './song-status';
export * from './crates';
export * from './socket-limits';
export * from './room-size';
export * from './chat';
export * from './room-roles';
