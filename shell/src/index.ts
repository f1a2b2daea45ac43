import { preloadRemoteFor } from './app/remotes.js';
import { askSession } from './app/session-asked.js';

// What every page needs is asked for while the shell starts, not after: the session (session-asked.ts) and the files
// of the page's remote (remotes.ts). Each call is a task of its own: starting a request is a few milliseconds of work
// on a slow phone, and this script's own start is already one of the page's longest tasks.
setTimeout(askSession);
setTimeout(() => preloadRemoteFor(window.location.pathname));

// An asynchronous boundary, so that shared modules are negotiated before any of them runs.
// The libraries are started one browser task at a time: each is a few tens of milliseconds of work
// on a slow phone, and the page stays responsive between them (measured by npm run bench:lighthouse).
const STARTUP = [
  () => import('react-dom/client'),
  () => import('react-router'),
  () => import('@reduxjs/toolkit'),
  () => import('@hsa-lli/common/domain'),
  () => import('@hsa-lli/common/ui'),
  () => import('@hsa-lli/common/store'),
  () => import('./app/router.js'),
  () => import('./bootstrap.js'),
];
for (const start of STARTUP) {
  await new Promise((resolve) => setTimeout(resolve));
  await start();
}

export {};
