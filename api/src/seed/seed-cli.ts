import 'reflect-metadata';
import { ConfigError, keepFilesPrivate, loadConfig } from '../config/config.js';
import { dataSourceOptions, openDataSource } from '../database/data-source.js';
import { isFresh, seedDemo } from './seed.js';

// `npm run seed`: the explicit way to load the demo data, into the embedded database or DATABASE_URL's.
// It refuses a database that already holds accounts or residences, so it can never mix demo and real data.
try {
  const config = loadConfig();
  keepFilesPrivate();
  const dataSource = await openDataSource(dataSourceOptions(config));
  if (!(await isFresh(dataSource))) {
    console.error('The database already holds data: the demo data goes only into a new, empty database.');
    process.exitCode = 1;
  } else {
    await seedDemo(dataSource, config.dataDir, { history: config.demoHistory });
    console.log(`Demo data loaded into the ${config.databaseUrl ? 'DATABASE_URL' : 'embedded'} database.`);
  }
  await dataSource.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
  process.exitCode = 1;
}
