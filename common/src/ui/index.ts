import './ui.css';

export * from './account-links.js';
export * from './fields/index.js';
export * from './form.js';
export * from './loader.js';
export * from './message.js';
export * from './modal.js';
export * from './prerender.js';
export * from './remote-routes.js';
export * from './request-error-message.js';
export * from './save-file.js';
export * from './standalone.js';
export * from './upload-links.js';
export * from './upload-zone.js';
export * from './use-submission.js';
