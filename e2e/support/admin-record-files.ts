import { emailOf } from './fixtures.ts';
import { withTestData } from './test-data.ts';

/**
 * The files of the file page's journey (tests/admin-record.spec.ts), written into the server's database through the
 * API's entities, so that what it changes (stages, events, follower) leaves the demo's files to the other journeys:
 * - DOS-2026-7001: a couple with a child, 60 000 € of incomes, looking in zone A (Résidence Les Hortensias, its T3 at
 *   971 €) and B1 (Résidence Arrosa); its applicant invited to a customer account not created yet.
 * - DOS-2026-7002: a person alone, 30 000 € of incomes, looking at the T2 (745 €) and T3 (971 €) of Les Hortensias.
 * - DOS-2026-7003: a couple whose second applicant's income is not given, with no wish yet.
 * And a coordinator of its own, who has already consulted 200 files today (RECORD_VIEWS_PER_DAY is 200). All of them
 * are taken away at the end.
 */
export const INVITED = { email: 'ane.etxeberria@example.org' };
export const LIMITED = { email: 'irati.harriet@example.org', name: 'Irati Harriet' };

const REFERENCES = ['DOS-2026-7001', 'DOS-2026-7002', 'DOS-2026-7003'];
/** The ids of this journey's files, by their references. */
const fileIds = new Map<string, number>();

export async function seed(): Promise<void> {
  await withTestData(async (data) => {
    if ((await data.recordId('DOS-2026-7001')) === null) {
      const hortensias = await data.residenceId('Résidence Les Hortensias');
      const arrosa = await data.residenceId('Résidence Arrosa');
      const t2 = await data.goodId('RES-001-01');
      const t3 = await data.goodId('RES-001-02');
      const { passwordHash } = (await data.user(emailOf('hsa')))!;
      await data.transaction(async () => {
        const [invited, limited] = await data.users([
          { email: INVITED.email, passwordHash: null, roles: ['customer'], firstName: 'Ane', lastName: 'Etxeberria', active: true, version: 1 },
          { email: LIMITED.email, passwordHash, roles: ['coordinator'], firstName: 'Irati', lastName: 'Harriet', active: true, version: 1 },
        ]);
        // Two hundred files consulted in the last 24 hours (files that need not exist: the count is of the trail).
        const anHourAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
        await data.auditEntries(
          Array.from({ length: 200 }, (_, index) => ({
            action: 'record_view',
            recordId: 900_001 + index,
            actorId: limited!,
            actorName: 'Irati H.',
            actorRoles: 'Coordinateur',
            ip: '127.0.0.1',
            userAgent: 'e2e',
            at: anHourAgo,
          })),
        );
        const dates = { stage: 'in_progress' as const, createdAt: new Date('2026-10-01T09:00:00Z'), updatedAt: new Date('2026-10-02T09:00:00Z') };
        const nobody = { birthDate: null, email: null, phone: null, address: null, zipCode: null, city: null };
        await data.files([
          {
            ...dates,
            reference: 'DOS-2026-7001',
            situation: 'couple',
            link: 'pacse',
            dependants: 1,
            members: [{ first_name: 'Maddi', birth_date: '2018-03-02', role: 'child' }],
            discoverySource: 'employer',
            flatSizes: ['T3'],
            maxRent: 1100,
            user: invited,
            persons: [
              {
                position: 1,
                firstName: 'Ane',
                lastName: 'Etxeberria',
                birthDate: '1990-05-14',
                email: INVITED.email,
                phone: '06 11 22 33 44',
                address: '12 rue des Pêcheurs',
                zipCode: '64100',
                city: 'Bayonne',
                proSituation: 'cdi',
                employer: 'Dassault Aviation',
                housingSituation: 'loc_prive',
                taxIncome: 34000,
              },
              { ...nobody, position: 2, firstName: 'Mikel', lastName: 'Garat', birthDate: '1988-11-02', proSituation: 'cdd', employer: 'Mairie d’Anglet', housingSituation: 'heberge', taxIncome: 26000 },
            ],
            wishedResidences: [hortensias, arrosa],
            wishedGoods: [t3],
          },
          {
            ...dates,
            reference: 'DOS-2026-7002',
            situation: 'alone',
            link: null,
            dependants: 0,
            members: [],
            discoverySource: 'search_engine',
            flatSizes: [],
            persons: [{ ...nobody, position: 1, firstName: 'Iker', lastName: 'Lasserre', birthDate: '1995-02-20', proSituation: 'ctt', employer: 'Adecco', housingSituation: 'loc_social', taxIncome: 30000 }],
            wishedGoods: [t2, t3],
          },
          {
            ...dates,
            reference: 'DOS-2026-7003',
            situation: 'couple',
            link: 'marie',
            dependants: 0,
            members: [],
            flatSizes: [],
            persons: [
              { ...nobody, position: 1, firstName: 'Leire', lastName: 'Irigoyen', proSituation: 'independant', taxIncome: 20000 },
              { ...nobody, position: 2, firstName: 'Jon', lastName: 'Irigoyen' },
            ],
          },
        ]);
      });
    }
    for (const reference of REFERENCES) fileIds.set(reference, (await data.recordId(reference))!);
  });
}

/**
 * Takes this journey's files and accounts away again (their persons, events, notes, links… go with them): the lists
 * other journeys filter, by stage or eligibility, hold the demo's files only.
 */
export async function unseed(): Promise<void> {
  await withTestData(async (data) => {
    await data.removeFiles(REFERENCES);
    await data.removeUsers([INVITED.email, LIMITED.email]);
  });
}

/** The address of one of this journey's files. */
export function fileUrl(reference: string): string {
  return `/admin/liste-des-dossiers/${fileIds.get(reference)}`;
}
