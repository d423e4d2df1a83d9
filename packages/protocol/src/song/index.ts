export * from './dto';
export * from './endpoints';
export * from './endpoints-edit';
