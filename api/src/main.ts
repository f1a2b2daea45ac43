import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { PdfPrinter } from './printing/printing.processor.js';
import { PrerenderService } from './seo/prerender.service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  await app.get(PrerenderService).start(url);
  app.get(PdfPrinter).start(url);
  console.log(config.serveApps ? `HSA LLI is running at ${url}/` : `HSA LLI API listening at ${url}/api`);
}

await main();
