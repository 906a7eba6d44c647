export * from './catalogue';
export * from './reelay-error';
export * from './credential-redaction';
