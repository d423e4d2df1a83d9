export * from './dto';
export * from './auth';
