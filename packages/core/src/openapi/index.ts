export * from './build-openapi-document';
export * from './build-llms-index';
