import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import mysql from 'mysql2/promise';

/** A connection that reads values as the server holds them: dates as written, big numbers whole. */
function connect(url: string) {
  return mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:'), dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
}

/** A value as SQL: JSON columns, which the driver hands over parsed, written back as their text. */
const literal = (connection: mysql.Connection, value: unknown) =>
  connection.escape(value !== null && typeof value === 'object' && !Buffer.isBuffer(value) ? JSON.stringify(value) : value);

const ROWS_PER_INSERT = 200;

/**
 * Writes the whole database as SQL statements, one per line (values escaped, so no line break is left inside one), from
 * one consistent snapshot (`START TRANSACTION WITH CONSISTENT SNAPSHOT`): what a transaction committed is in it whole,
 * or not at all, however many tables it wrote.
 */
export async function dumpMariadb(url: string, file: string): Promise<void> {
  const connection = await connect(url);
  const out = await open(file, 'wx', 0o600);
  try {
    await connection.query("SET time_zone = '+00:00'");
    await connection.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const [tables] = await connection.query<mysql.RowDataPacket[]>(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
    );
    for (const { name } of tables as { name: string }[]) {
      const [[created]] = await connection.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${connection.escapeId(name)}`);
      await out.write(`${String(created!['Create Table']).replace(/\s*\n\s*/g, ' ')};\n`);
      const [rows, fields] = await connection.query<mysql.RowDataPacket[]>(`SELECT * FROM ${connection.escapeId(name)}`);
      const columns = fields.map((field) => connection.escapeId(field.name)).join(', ');
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => `(${fields.map((field) => literal(connection, row[field.name])).join(', ')})`);
        await out.write(`INSERT INTO ${connection.escapeId(name)} (${columns}) VALUES ${values.join(', ')};\n`);
      }
    }
    await connection.query('COMMIT');
  } finally {
    await out.close();
    await connection.end();
  }
}

/** Runs a dump's statements into the database of `url`, which must hold no table yet. */
export async function loadMariadb(url: string, file: string): Promise<void> {
  const connection = await connect(url);
  try {
    const [[{ tables }]] = (await connection.query('SELECT COUNT(*) AS tables FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()')) as unknown as [[{ tables: number | string }]];
    if (Number(tables) > 0) throw new Error('The database holds tables already: restore into a new, empty database');
    await connection.query("SET time_zone = '+00:00'");
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    let number = 0;
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      number += 1;
      if (!line.trim()) continue;
      await connection.query(line).catch((error: Error) => {
        throw new Error(`${file}, statement ${number} (${line.slice(0, 60)}…): ${error.message}`);
      });
    }
    await connection.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await connection.end();
  }
}
