import './ui.css';

export * from './loader.js';
export * from './message.js';
export * from './remote-routes.js';
export * from './standalone.js';
