// The test data: what the benches and the browser journeys import (built, from api/dist/test-data/index.js) to make
// and take away their data through the API's entities. Never imported by the API itself (see test-data.ts).
import 'reflect-metadata';

export { openTestData, TestData } from './test-data.js';
export * from './entities.js';
// What the benches' reads need of TypeORM's find operators, so that they import nothing else.
export { In, IsNull, Not } from 'typeorm';
export type * from './types.js';
