// bench:records' exports of every file, as CSV and as XLSX: each through the API, its memory sampled and its major
// collections listed, then what the export writer holds as it goes, measured in this process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const root = join(import.meta.dirname, '..');
/** The exports' order: the list's default one. */
const EXPORT_SORT = { column: 'created_at', direction: 'desc' };

/** Resident memory of a process, in MB, from /proc. */
function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** The API's major garbage collections (its --trace-gc lines): when, and the heap they leave, in MB. */
const majorGcs = [];
const MAJOR_GC = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** Notes a line of the API's output that tells of a major garbage collection. */
export function noteMajorGc(text) {
  const gc = MAJOR_GC.exec(text);
  if (gc) majorGcs.push({ at: performance.now(), live: Number(gc[1]) });
}

/**
 * The export of every file through the API at `origin`: queued, followed until the file is there, downloaded. Its
 * resident memory is read every 100 ms and its major collections are listed, though both mostly tell how much room the
 * collector lets itself take: what the export holds is measured by `heldByExport`.
 */
export async function measureExport(origin, format, headers, pid, total) {
  const samples = [];
  const sampler = setInterval(() => samples.push({ at: performance.now(), mb: rssMb(pid) }), 100);
  await sleep(1_000);
  const before = Math.max(...samples.map((sample) => sample.mb));
  const started = performance.now();
  const queued = await fetch(`${origin}/api/records/export`, { method: 'POST', headers, body: JSON.stringify({ format, sort: EXPORT_SORT }) });
  if (queued.status !== 202) throw new Error(`The ${format} export was refused: ${queued.status} ${await queued.text()}`);
  const { job } = await queued.json();
  let file;
  for (;;) {
    const response = await fetch(`${origin}/api/records/export/${job.id}`, { headers });
    if (response.status === 200) {
      file = Buffer.from(await response.arrayBuffer());
      break;
    }
    if (response.status !== 202) throw new Error(`The ${format} export failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    await sleep(250);
  }
  const seconds = (performance.now() - started) / 1000;
  const ended = performance.now();
  await sleep(1_000);
  clearInterval(sampler);
  const live = majorGcs.filter((gc) => gc.at >= started && gc.at <= ended).map((gc) => gc.live);
  // A CSV line per file after the header (no field holds a line break); an XLSX is a zip, its rows compressed.
  const rows = format === 'csv' ? file.toString('utf8').split('\r\n').filter(Boolean).length - 1 : null;
  const row = {
    format,
    seconds,
    bytes: file.length,
    rows,
    majorCollections: live.length === 0 ? '—' : `${live.length}, leaving ${Math.min(...live).toFixed(0)} to ${Math.max(...live).toFixed(0)} MB`,
    rssBefore: before,
    rssPeak: Math.max(...samples.filter((sample) => sample.at >= started && sample.at <= ended).map((sample) => sample.mb)),
    rssAfter: samples.at(-1).mb,
    complete: (rows === null || rows === total) && (format === 'csv' || file.subarray(0, 2).toString() === 'PK'),
  };
  console.log(
    `  ${format.toUpperCase()}: ${seconds.toFixed(1)} s, ${(file.length / 2 ** 20).toFixed(1)} MB${rows === null ? '' : `, ${rows} rows`}; RSS ${before.toFixed(0)} MB before, ${row.rssPeak.toFixed(0)} MB at the peak, ${row.rssAfter.toFixed(0)} MB after; major collections: ${row.majorCollections}`,
  );
  return row;
}

/**
 * What an export holds as it goes: the API's export writer (RecordsExportService, its job run at once) on the built
 * API's classes in this process, on the database at `databaseUrl`, a garbage collection forced every 20 batches of
 * 1,000 files and the heap in use read after it. Rows kept would raise it batch after batch.
 */
export async function heldByExport(databaseUrl, format, dataDir) {
  await import('reflect-metadata');
  const { DataSource } = await import('typeorm');
  const { dataSourceOptions } = await import(join(root, 'api', 'dist', 'database', 'data-source.js'));
  const { RecordsListService } = await import(join(root, 'api', 'dist', 'records', 'records-list.service.js'));
  const { RecordsListColumnsService } = await import(join(root, 'api', 'dist', 'records', 'records-list-columns.service.js'));
  const { RecordsExportService } = await import(join(root, 'api', 'dist', 'records', 'records-export.service.js'));
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc');
  const dataSource = await new DataSource({ ...dataSourceOptions({ databaseUrl, dataDir }), migrationsRun: false }).initialize();
  try {
    const list = new RecordsListService(dataSource, new RecordsListColumnsService(dataSource));
    const chunks = list.chunks.bind(list);
    const heap = [];
    list.chunks = async function* (...args) {
      let batch = 0;
      for await (const chunk of chunks(...args)) {
        batch += 1;
        if (batch % 20 === 0) {
          collect();
          heap.push(process.memoryUsage().heapUsed / 2 ** 20);
        }
        yield chunk;
      }
    };
    let job;
    const jobs = { register: (_queue, _name, processor) => (job = processor), enqueue: (_queue, _name, data) => job(data) };
    const exporter = new RecordsExportService(jobs, list, { dataDir });
    try {
      await exporter.start({ format, sort: EXPORT_SORT }, { id: 0 });
    } finally {
      exporter.onModuleDestroy();
    }
    const row = { first: heap[0], max: Math.max(...heap), last: heap.at(-1), samples: heap.length };
    row.growth = row.max - row.first;
    console.log(`  ${format.toUpperCase()} in this process: heap in use ${heap.map((mb) => mb.toFixed(0)).join(', ')} MB after the collections every 20 batches`);
    return row;
  } finally {
    await dataSource.destroy();
  }
}
