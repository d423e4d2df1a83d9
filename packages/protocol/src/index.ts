export * from './enums';
export * from './errors';
export * from './contract';
export * from './qb';
export * from './user/index';
export * from './status';
export * from './room/dto';
export * from './realtime/index';
