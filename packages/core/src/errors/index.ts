export * from './catalogue';
export * from './reelay-error';
