export * from './dto';
export * from './endpoints';
