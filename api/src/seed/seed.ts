import { flatSizeLabel, goodSlug } from '@hsa-lli/common/back-office';
import {
  formatSurface,
  rentCeilingCents,
  slugify,
  type ContactSubject,
  type FlatSize,
  type Household,
  type ProSituation,
} from '@hsa-lli/common/domain';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '../auth/passwords.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { Equipment } from '../equipments/entities/equipment.entity.js';
import { Good } from '../goods/entities/good.entity.js';
import { Image } from '../images/entities/image.entity.js';
import { imagesDir } from '../images/images.service.js';
import { RecordPerson } from '../records/entities/record-person.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { Commune } from '../reference/entities/commune.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import { User } from '../users/entities/user.entity.js';
import { seedDemoCommittee } from './demo-committee.js';
import { seedDemoVisits } from './demo-visits.js';
import { seedDemoHistory } from './demo-history.js';
import { DEMO_EQUIPMENTS, DEMO_PASSWORD, DEMO_RESIDENCES, DEMO_USERS, type DemoGood } from './demo-data.js';
import { PHOTO_SIZE, PLAN_SIZE, facadeSvg, interiorSvg, planSvg } from './illustrations.js';

/** Whether the database holds no account and no residence yet. */
export async function isFresh(dataSource: DataSource): Promise<boolean> {
  const [users, residences] = await Promise.all([dataSource.manager.count(User), dataSource.manager.count(Residence)]);
  return users === 0 && residences === 0;
}

/** Loads the demo data into a fresh database; leaves any other database alone. */
export async function seedIfFresh(dataSource: DataSource, dataDir: string, options: DemoOptions = {}): Promise<boolean> {
  if (!(await isFresh(dataSource))) return false;
  await seedDemo(dataSource, dataDir, options);
  return true;
}

function roomsOf(size: FlatSize): string[] {
  if (size === 'garage') return ['Garage'];
  if (size === 'studio') return ['Pièce de vie', 'Salle d’eau'];
  const count = Number(size[1]);
  const rooms = ['Séjour', 'Cuisine', 'Salle de bains', 'Entrée'];
  for (let index = 1; index < count; index += 1) rooms.push(`Chambre ${index}`);
  if (size.endsWith('bis')) rooms.push('Bureau');
  return rooms;
}

/** Monthly rent charges included: a little under the LLI ceiling of the zone for 2026, plus the charges. */
/** The first day of the month that many months from now, 'YYYY-MM-DD'. */
function firstOfMonthIn(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

function rentOf(good: DemoGood, zone: Residence['area'], index: number): number {
  if (good.flatSize === 'garage') return 7500;
  const ceiling = rentCeilingCents(2026, zone, good.surface);
  const belowCeiling = Math.floor((ceiling * (0.9 + (index % 5) * 0.02)) / 100) * 100;
  return belowCeiling + good.charges * 100;
}

class ImageWriter {
  private count = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  write(prefix: string, svg: string): string {
    this.count += 1;
    const fileName = `${prefix}-${this.count}.svg`;
    writeFileSync(join(this.dir, fileName), svg);
    return fileName;
  }
}

async function seedResidences(manager: EntityManager, images: ImageWriter): Promise<{ residences: Residence[]; goods: Good[] }> {
  const equipments = {
    residence: await manager.save(
      Equipment,
      DEMO_EQUIPMENTS.residence.map((name) => manager.create(Equipment, { name, type: 'residence' })),
    ),
    good: await manager.save(Equipment, DEMO_EQUIPMENTS.good.map((name) => manager.create(Equipment, { name, type: 'good' }))),
  };
  const residences: Residence[] = [];
  const goods: Good[] = [];
  for (const [index, demo] of DEMO_RESIDENCES.entries()) {
    const city = await manager.findOneByOrFail(Commune, { insee: demo.insee });
    const style = city.departement === '40' ? 'landes' : 'basque';
    const residence = await manager.save(
      manager.create(Residence, {
        slug: slugify(`${demo.name} ${city.name}`),
        status: demo.status,
        closedLabel: demo.closedLabel ?? null,
        reference: `RES-${String(index + 1).padStart(3, '0')}`,
        name: demo.name,
        area: city.zone,
        city,
        neighborhood: demo.neighborhood,
        deliveryDate: demo.deliveryDate,
        limitDate: demo.limitDate ?? null,
        facilities: demo.equipments.map((position) => equipments.residence[position]!),
        advantages: demo.advantages,
        certifications: demo.certifications,
        description: demo.description,
        districtDesc: demo.district,
        addressLine1: demo.address,
        addressLine2: `${city.postalCode} ${city.name}`,
      }),
    );
    residences.push(residence);
    for (let photo = 0; photo < 3; photo += 1) {
      const alt = `Illustration : ${demo.name}, vue ${photo + 1}`;
      await manager.save(
        manager.create(Image, {
          residence,
          kind: 'photo',
          position: photo,
          fileName: images.write(`residence-${index + 1}`, facadeSvg({ seed: index * 10 + photo, title: alt, style, floors: demo.floors })),
          contentType: 'image/svg+xml',
          ...PHOTO_SIZE,
          alt,
        }),
      );
    }
    for (const [goodIndex, demoGood] of demo.goods.entries()) {
      const label = flatSizeLabel(demoGood.flatSize);
      const good = await manager.save(
        manager.create(Good, {
          enabled: demoGood.enabled,
          residence,
          reference: `${residence.reference}-${String(goodIndex + 1).padStart(2, '0')}`,
          slug: goodSlug(demoGood.flatSize, demoGood.surface),
          flatSize: demoGood.flatSize,
          surface: demoGood.surface,
          rentPriceCents: rentOf(demoGood, city.zone, index + goodIndex),
          monthlyCostsCents: demoGood.charges * 100,
          description:
            demoGood.flatSize === 'garage'
              ? `Garage fermé en ${demoGood.floor} de la ${demo.name}, accès par badge.`
              : `${label} de ${formatSurface(demoGood.surface)} au ${demoGood.floor}, ${demo.name}, à ${city.name}. Séjour lumineux, rangements intégrés.`,
          facilities:
            demoGood.flatSize === 'garage'
              ? []
              : [0, 2, 3, 5, 6].filter((_, position) => (position + goodIndex) % 2 === 0).map((position) => equipments.good[position]!),
          dpeKwh: demoGood.dpeKwh,
          dpeKgco2: demoGood.dpeKgco2,
          availableFrom: demoGood.availableFrom ?? (demoGood.noticeEndsInMonths ? firstOfMonthIn(demoGood.noticeEndsInMonths) : null),
        }),
      );
      goods.push(good);
      const title = `${label} — ${demo.name}`;
      const pictures = [
        { kind: 'photo' as const, svg: interiorSvg(index * 100 + goodIndex, `Illustration : intérieur, ${title}`), alt: `Illustration de l’intérieur, ${title}`, size: PHOTO_SIZE },
        { kind: 'plan' as const, svg: planSvg(roomsOf(demoGood.flatSize), `Plan indicatif, ${title}`), alt: `Plan indicatif, ${title}`, size: PLAN_SIZE },
      ];
      for (const [position, picture] of pictures.entries()) {
        await manager.save(
          manager.create(Image, {
            good,
            kind: picture.kind,
            position,
            fileName: images.write(`good-${good.id}`, picture.svg),
            contentType: 'image/svg+xml',
            ...picture.size,
            alt: picture.alt,
          }),
        );
      }
    }
  }
  return { residences, goods };
}

interface DemoPerson {
  firstName: string;
  lastName: string;
  birthDate: string;
  proSituation: ProSituation;
  taxIncome: number;
}

const DEMO_RECORDS: { situation: Household; dependants: number; residence: number; persons: DemoPerson[]; owner?: string }[] = [
  {
    situation: 'alone',
    dependants: 0,
    residence: 4,
    owner: 'customer@demo.hsa-lli.fr',
    persons: [{ firstName: 'Lucas', lastName: 'Bergeret', birthDate: '1994-04-12', proSituation: 'cdi', taxIncome: 31200 }],
  },
  {
    situation: 'couple',
    dependants: 1,
    residence: 0,
    persons: [
      { firstName: 'Ainhoa', lastName: 'Mendiburu', birthDate: '1989-09-03', proSituation: 'cdi', taxIncome: 34800 },
      { firstName: 'Thomas', lastName: 'Mendiburu', birthDate: '1987-01-22', proSituation: 'cdd', taxIncome: 27500 },
    ],
  },
  {
    situation: 'alone',
    dependants: 0,
    residence: 1,
    persons: [{ firstName: 'Michèle', lastName: 'Haramburu', birthDate: '1957-11-30', proSituation: 'retraite', taxIncome: 24600 }],
  },
  {
    situation: 'couple',
    dependants: 2,
    residence: 6,
    persons: [
      { firstName: 'Julien', lastName: 'Darrigrand', birthDate: '1985-06-14', proSituation: 'independant', taxIncome: 29900 },
      { firstName: 'Claire', lastName: 'Darrigrand', birthDate: '1986-02-08', proSituation: 'cdi', taxIncome: 26100 },
    ],
  },
];

const DEMO_CONTACTS: { subject: ContactSubject; name: string; email: string; phone: string | null; message: string }[] = [
  {
    subject: 'new_record',
    name: 'Ainhoa Mendiburu',
    email: 'ainhoa.mendiburu@example.org',
    phone: '06 12 34 56 78',
    message: 'Bonjour, nous cherchons un T3 à Anglet pour la rentrée. Pouvez-vous nous indiquer la marche à suivre ?',
  },
  {
    subject: 'infos',
    name: 'Bixente Olhagaray',
    email: 'b.olhagaray@example.org',
    phone: null,
    message: 'Les logements de la résidence Arrosa sont-ils accessibles aux personnes à mobilité réduite ?',
  },
  {
    subject: 'record_follow_up',
    name: 'Lucas Bergeret',
    email: 'customer@demo.hsa-lli.fr',
    phone: '06 98 76 54 32',
    message: 'J’ai déposé mes pièces justificatives la semaine dernière, mon dossier est-il complet ?',
  },
  {
    subject: 'new_record',
    name: 'Nathalie Sallaberry',
    email: 'n.sallaberry@example.org',
    phone: '07 11 22 33 44',
    message: 'Je souhaiterais candidater pour un studio à Capbreton.',
  },
  {
    subject: 'rgpd',
    name: 'Pierre Lassalle',
    email: 'pierre.lassalle@example.org',
    phone: null,
    message: 'Je souhaite connaître les données personnelles que vous détenez à mon sujet.',
  },
];

export interface DemoOptions {
  /** A year of past files and their follow-up (demo-history.ts), dated back from now. */
  history?: boolean;
}

/** Writes the demo data; the caller makes sure the database is fresh. */
export async function seedDemo(dataSource: DataSource, dataDir: string, { history = false }: DemoOptions = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const images = new ImageWriter(imagesDir(dataDir));
  await dataSource.transaction(async (manager) => {
    const users = await manager.save(
      User,
      DEMO_USERS.map((user) => manager.create(User, { ...user, roles: [...user.roles], passwordHash, phone: null })),
    );
    const { residences, goods } = await seedResidences(manager, images);
    for (const [index, demo] of DEMO_RECORDS.entries()) {
      const residence = residences[demo.residence]!;
      const good = goods.find((candidate) => candidate.residence.id === residence.id) ?? null;
      await manager.save(
        manager.create(Record, {
          reference: `DOS-2026-${String(index + 1).padStart(4, '0')}`,
          stage: (['in_progress', 'under_review', 'committee', 'complete'] as const)[index]!,
          situation: demo.situation,
          link: demo.situation === 'couple' ? 'marie' : null,
          dependants: demo.dependants,
          members: Array.from({ length: demo.dependants }, (_, child) => ({ first_name: ['Maddi', 'Ibai'][child]!, birth_date: `201${6 + child}-05-1${child}`, role: 'child' as const })),
          discoverySource: 'word_of_mouth',
          user: users.find((user) => user.email === demo.owner) ?? null,
          residence,
          good,
          wishedResidences: [residence],
          wishedGoods: good ? [good] : [],
          flatSizes: good ? [good.flatSize] : [],
          maxRent: null,
          persons: demo.persons.map((person, position) =>
            manager.create(RecordPerson, {
              ...person,
              position: position + 1,
              email: null,
              phone: null,
              housingSituation: 'loc_prive',
            }),
          ),
        }),
      );
    }
    await manager.save(
      ContactForm,
      DEMO_CONTACTS.map((contact) => manager.create(ContactForm, { ...contact, consent: true, eligibility: null })),
    );
    await seedDemoVisits(manager, { now: new Date(), goods });
    if (history) {
      const now = new Date();
      await seedDemoHistory(manager, { now, goods, staff: users.filter((user) => user.roles.some((role) => role === 'hsa' || role === 'coordinator')) });
      await seedDemoCommittee(manager, { now, goods, users });
    }
  });
}
