import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { Record as ApplicationFile } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

const HEADERS = ['Référence', 'Demandeurs', 'Foyer', 'Recherche', 'Stade', 'Pièces', 'Dernier événement', 'Suivi par', 'Créé le'];

/** The body of an answer read as bytes (`binary`). */
function bytes(response: request.Response): Buffer {
  return response.body as Buffer;
}

/** Reads an answer's body as bytes, whatever its type. */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  (res as unknown as NodeJS.ReadableStream).on('data', (part: Buffer) => parts.push(part));
  (res as unknown as NodeJS.ReadableStream).on('end', () => callback(null, Buffer.concat(parts)));
};

/** A CSV of `;`-separated, double-quoted fields whose quotes are doubled, lines ended by CRLF. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const fields: string[] = [];
      const pattern = /"((?:[^"]|"")*)"(;|$)/gy;
      let match: RegExpExecArray | null;
      let end = 0;
      while ((match = pattern.exec(line)) !== null) {
        fields.push(match[1]!.replaceAll('""', '"'));
        end = pattern.lastIndex;
        if (match[2] === '') break;
      }
      expect(end, `a well-formed line: ${line}`).toBe(line.length);
      return fields;
    });
}

describe.each(BACKENDS)('the export of the application files on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let hsa: Agent;
  let followerName: string;

  /** Asks for an export and waits for its file, following the job every 100 ms. */
  async function exported(body: object, agent = hsa): Promise<request.Response> {
    const started = await agent.post('/api/records/export').send(body).expect(202);
    const id = (started.body as { job: { id: string } }).job.id;
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await agent.get(`/api/records/export/${id}`).buffer(true).parse(binary);
      if (answer.status !== 202) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Export ${id} did not end`);
  }

  beforeAll(async () => {
    api = await backend.start({});
    agents = await agentsByRole(api);
    hsa = agents.hsa;
    const manager = api.dataSource.manager;
    const follower = await manager.findOneByOrFail(User, { email: 'hsa@demo.hsa-lli.fr' });
    followerName = `${follower.firstName} ${follower.lastName}`;
    const file = (reference: string, stage: ApplicationFile['stage'], persons: { firstName: string; lastName: string }[]) =>
      manager.save(
        manager.create(ApplicationFile, {
          reference,
          stage,
          situation: persons.length > 1 ? 'couple' : 'alone',
          link: persons.length > 1 ? 'pacse' : null,
          dependants: 0,
          members: [],
          follower,
          flatSizes: [],
          persons: persons.map((person, index) =>
            manager.create(RecordPerson, { proSituation: null, taxIncome: null, email: null, ...person, position: index + 1 }),
          ),
        }),
      );
    await file('DOS-2026-9501', 'under_review', [
      { firstName: 'Anne;Marie', lastName: 'O"Hara' },
      { firstName: 'Paul', lastName: 'O"Hara' },
    ]);
    await file('DOS-2026-9502', 'under_review', [{ firstName: '=HYPERLINK("http://example.org")', lastName: 'Xabi' }]);
    // Matches the search, not the stage: left out.
    await file('DOS-2026-9503', 'complete', [{ firstName: 'Maite', lastName: 'Etcheverry' }]);
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('is open to admin, hsa and coordinator only: a customer 403, a visitor 401', async () => {
    await expectOnlyFor(api, agents, '/api/records/export', { format: 'csv' }, ['admin', 'hsa', 'coordinator']);
    expect((await request(api.server).get('/api/records/export/1')).status).toBe(401);
    expect((await agents.customer.get('/api/records/export/1')).status).toBe(403);
  });

  it('writes the filtered list as CSV: UTF-8 with a BOM, `;`, quoted fields, formulas kept as text', async () => {
    const answer = await exported({ format: 'csv', search: 'DOS-2026-95', filters: { stage: 'under_review' }, sort: { column: 'reference', direction: 'asc' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="dossiers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers['cache-control']).toContain('no-store');
    const body = bytes(answer);
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(body.subarray(3).toString('utf8'));
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 3)).toEqual(['DOS-2026-9501', 'Anne;Marie et Paul O"Hara', 'Couple']);
    expect(rows[0]![4]).toBe('En instruction');
    expect(rows[0]![5]).toMatch(/^\d+\/\d+$/);
    expect(rows[0]![7]).toBe(followerName);
    // A cell a spreadsheet would take for a formula is kept as text.
    expect(rows[1]!.slice(0, 2)).toEqual(['DOS-2026-9502', '\'=HYPERLINK("http://example.org") Xabi']);
  });

  it('writes the filtered list as an Excel workbook', async () => {
    const answer = await exported({ format: 'xlsx', search: 'DOS-2026-95', filters: { stage: 'under_review' }, sort: { column: 'reference', direction: 'desc' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="dossiers-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes(answer) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Dossiers')!;
    const values = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(HEADERS);
    expect(values.slice(1).map((row) => row[0])).toEqual(['DOS-2026-9502', 'DOS-2026-9501']);
    expect(values[2]![1]).toBe('Anne;Marie et Paul O"Hara');
  });

  it('answers 404 for another staff member’s export, and for an unknown one', async () => {
    const started = await hsa.post('/api/records/export').send({ format: 'csv' }).expect(202);
    const id = (started.body as { job: { id: string } }).job.id;
    await agents.coordinator.get(`/api/records/export/${id}`).expect(404);
    await agents.admin.get(`/api/records/export/${id}`).expect(404);
    await hsa.get('/api/records/export/no-such-job').expect(404);
    await exported({ format: 'csv' });
  });

  it('refuses a bad request with a French message per field', async () => {
    const answer = await hsa.post('/api/records/export').send({ format: 'pdf', page: 2 }).expect(400);
    expect(answer.body).toEqual({
      error: 'Certaines informations sont à corriger.',
      fields: { format: 'Choisissez le format CSV ou Excel.', page: "Ce champ n'est pas attendu." },
    });
  });
});
