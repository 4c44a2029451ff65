export * from './fields';
export * from './serverErrors';
export * from './BuilderSelectField';
export * from './FormPage';
export * from './NewPasswordFields';
export * from './rules';
export * from './DigitsField';
export * from './ReadOnlyField';
