import type { Household, ProSituation, RecordStage } from '@hsa-lli/common/domain';
import { hashPassword } from '../src/auth/passwords.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { RecordPerson } from '../src/records/entities/record-person.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { DEMO_PASSWORD, type TestApi } from './backends.js';

export interface CommitteeFile {
  id: number;
  reference: string;
  email: string;
  name: string;
}

const PEOPLE: { first: string; last: string; situation: Household; income: number; pro: ProSituation }[] = [
  { first: 'Maite', last: 'Goyheneche', situation: 'alone', income: 28_400, pro: 'cdi' },
  { first: 'Xabi', last: 'Elissalde', situation: 'couple', income: 41_000, pro: 'cdi' },
  { first: 'Nora', last: 'Bidart', situation: 'alone', income: 23_900, pro: 'cdd' },
  { first: 'Iker', last: 'Arrieta', situation: 'alone', income: 61_000, pro: 'independant' },
  { first: 'Lorea', last: 'Sallaberry', situation: 'couple', income: 36_500, pro: 'ctt' },
  { first: 'Beñat', last: 'Haritschelhar', situation: 'alone', income: 30_100, pro: 'cdi' },
];

/**
 * Application files with their own customer account (`<first>.<last>.<tag>@example.org`, the demo password), at a
 * stage, wishing `good`: the candidates a committee test presents. Written through the entities, as the demo data is.
 */
export async function committeeFiles(api: TestApi, tag: string, count: number, good: Good, stage: RecordStage = 'under_review'): Promise<CommitteeFile[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: CommitteeFile[] = [];
  await api.dataSource.transaction(async (manager) => {
    for (const [index, person] of PEOPLE.slice(0, count).entries()) {
      const email = `${person.first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${person.last.toLowerCase()}.${tag}@example.org`;
      const user = await manager.save(manager.create(User, { email, roles: ['customer'], firstName: person.first, lastName: person.last, passwordHash, phone: null }));
      const reference = `DOS-2026-${tag.toUpperCase()}${index + 1}`;
      const persons = [{ firstName: person.first, lastName: person.last, taxIncome: person.situation === 'couple' ? Math.round(person.income / 2) : person.income }];
      if (person.situation === 'couple') persons.push({ firstName: 'Ane', lastName: person.last, taxIncome: person.income - Math.round(person.income / 2) });
      const record = await manager.save(
        manager.create(Record, {
          reference,
          stage,
          situation: person.situation,
          link: person.situation === 'couple' ? 'marie' : null,
          dependants: 0,
          members: [],
          discoverySource: 'word_of_mouth',
          user,
          wishedGoods: [good],
          flatSizes: [good.flatSize],
          persons: persons.map((each, position) =>
            manager.create(RecordPerson, {
              ...each,
              position: position + 1,
              birthDate: '1990-03-14',
              email: position === 0 ? email : null,
              phone: null,
              address: null,
              zipCode: null,
              city: null,
              proSituation: person.pro,
              employer: null,
              housingSituation: 'loc_prive',
            }),
          ),
        }),
      );
      files.push({ id: record.id, reference, email, name: `${person.first} ${person.last}` });
    }
  });
  return files;
}
