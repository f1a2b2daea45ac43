// The error answers moved to api/src/http/api-errors.ts. This forwarding file stays only while
// api/src/jobs/jobs.service.ts still imports it from here: point that import at ../http/api-errors.js,
// then remove this file and the api/src/common folder.
export * from '../http/api-errors.js';
