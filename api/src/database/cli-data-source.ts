// Data source for the TypeORM CLI (migration:generate, migration:show), configured from the environment.
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config.js';
import { dataSourceOptions } from './data-source.js';

export default new DataSource({ ...dataSourceOptions(loadConfig()), migrationsRun: false });
