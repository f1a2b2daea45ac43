export * from './errors.js';
export * from './request.js';
