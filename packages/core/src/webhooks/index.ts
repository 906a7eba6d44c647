export * from './signing';
export * from './standard-webhooks';
export * from './verify-webhook';
