export * from './errors.js';
export * from './request.js';
export * from './pdf-file.js';
