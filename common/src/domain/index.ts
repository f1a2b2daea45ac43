export * from './api.js';
export * from './areas.js';
export * from './communes.js';
export * from './energy.js';
export * from './format.js';
export * from './lli.js';
export * from './reference.js';
