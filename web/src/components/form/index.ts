export * from './fields';
export * from './serverErrors';
