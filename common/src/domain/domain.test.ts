import { describe, expect, it } from 'vitest';
import { climateClass, energyClass, finalEnergyClass } from './energy.js';
import { ageInYears, formatCents, formatDate, formatDayOfWeek, formatEuros, formatDateTime, formatFileSize, formatNumber, formatSurface, formatTime, parisInstant, parisLocalDateTime, parseNumber, plural, slugify } from './format.js';
import { incomeCeiling, rentCeilingCents, surfaceCoefficient } from './lli.js';
import { completenessWords } from './completeness.js';
import { documentFacts, documentFilesHint } from './documents.js';
import { isHeavyRent, RENT_RATIO_LIMIT, rentRatio } from './record-eligibility.js';
import { remoteForPath } from './areas.js';
import { COMMUNES, communesByName, findCommune } from './communes.js';
import { labelOf, PRO_SITUATION_OPTIONS } from './reference.js';

describe('energy classes', () => {
  it('takes the first class whose threshold is at or above the value', () => {
    expect(energyClass(69)).toBe('A');
    expect(energyClass(70)).toBe('B');
    expect(energyClass(110)).toBe('B');
    expect(energyClass(420)).toBe('F');
    expect(energyClass(421)).toBe('G');
    expect(climateClass(5)).toBe('A');
    expect(climateClass(6)).toBe('B');
    expect(climateClass(100)).toBe('F');
    expect(climateClass(20000)).toBe('G');
  });

  it('gives a home the worse of its energy and climate classes', () => {
    expect(finalEnergyClass(60, 40)).toBe('D');
    expect(finalEnergyClass(300, 3)).toBe('E');
    expect(finalEnergyClass(50, 4)).toBe('A');
  });
});

describe('formats', () => {
  it('reads a wall-clock time as France gives it, summer and winter, across the changes of the clocks', () => {
    expect(parisInstant('2026-11-20T14:30').toISOString()).toBe('2026-11-20T13:30:00.000Z');
    expect(parisInstant('2026-07-14T22:00').toISOString()).toBe('2026-07-14T20:00:00.000Z');
    expect(parisInstant('2026-01-01T00:15').toISOString()).toBe('2025-12-31T23:15:00.000Z');
    // The night of 29 March 2026 goes from 01:59 (+01:00) to 03:00 (+02:00); that of 25 October back from 02:59 to 02:00.
    expect(parisInstant('2026-03-29T01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(parisInstant('2026-03-29T03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInstant('2026-10-25T04:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(parisLocalDateTime(new Date('2026-11-20T13:30:00Z'))).toBe('2026-11-20T14:30');
    expect(parisLocalDateTime(new Date('2026-07-14T20:05:00Z'))).toBe('2026-07-14T22:05');
  });

  it("keeps France's clocks as the time zone data does, from 1996 to 2040, changes of the clocks included", () => {
    const paris = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23', timeZone: 'Europe/Paris' });
    const expected = (instant: Date) => paris.format(instant).replace(', ', 'T');
    const instants: Date[] = [];
    // Every 7 hours and 13 minutes, which falls on every hour and most minutes of the day over the years…
    for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2040, 0, 1); at += (7 * 60 + 13) * 60_000) instants.push(new Date(at));
    // …and each minute around the changes of the clocks, at 01:00 UTC on the last Sundays of March and October.
    for (let year = 1996; year < 2040; year += 1) {
      for (const month of [2, 9]) {
        const lastSunday = Date.UTC(year, month + 1, 0) - new Date(Date.UTC(year, month + 1, 0)).getUTCDay() * 86_400_000;
        for (let minute = -90; minute <= 90; minute += 1) instants.push(new Date(lastSunday + 3_600_000 + minute * 60_000));
      }
    }
    const wrong = instants.filter((instant) => parisLocalDateTime(instant) !== expected(instant));
    expect(wrong.map((instant) => `${instant.toISOString()}: ${parisLocalDateTime(instant)}, not ${expected(instant)}`)).toEqual([]);
    expect(() => parisLocalDateTime(new Date('not a date'))).toThrow(RangeError);
  });

  it('writes money with a space between thousands and two decimals', () => {
    expect(formatCents(123456)).toBe('1\u00a0234,56\u00a0€');
    expect(formatCents(7500)).toBe('75,00\u00a0€');
    expect(formatCents(123456789)).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatCents(-5)).toBe('-0,05\u00a0€');
    // Amounts kept in euros: as many decimals as they have, or as many as asked for.
    expect(formatEuros(32500)).toBe('32\u00a0500\u00a0€');
    expect(formatEuros(812.5)).toBe('812,50\u00a0€');
    expect(formatEuros(-0.1 - 0.2)).toBe('-0,30\u00a0€');
    expect(formatEuros(812.5, 2)).toBe('812,50\u00a0€');
    expect(formatEuros(1234.6, 0)).toBe('1\u00a0235\u00a0€');
  });

  it('writes numbers with a decimal comma', () => {
    expect(formatNumber(84.5)).toBe('84,5');
    expect(formatNumber(12500)).toBe('12\u00a0500');
    expect(formatNumber(3)).toBe('3');
  });

  it('reads numbers with a comma or a dot, ignoring other characters', () => {
    expect(parseNumber('1 234,5 €')).toBe(1234.5);
    expect(parseNumber('12.75')).toBe(12.75);
    expect(parseNumber('abc')).toBeNull();
  });

  it('writes the first of the month as French prose does', () => {
    expect(formatDate('2027-02-01')).toBe('1er février 2027');
    expect(formatDate('2026-03-15')).toBe('15 mars 2026');
    expect(formatDate('2026-12-31')).toBe('31 décembre 2026');
    expect(formatDayOfWeek('2026-12-03')).toBe('jeudi 3 décembre 2026');
    expect(formatDayOfWeek('2027-02-01')).toBe('lundi 1er février 2027');
    // An instant is read on France's clocks: 23:30 UTC on Saturday is Sunday in Paris.
    expect(formatDayOfWeek(new Date('2027-01-30T23:30:00Z'))).toBe('dimanche 31 janvier 2027');
    // An instant is dated in France: 23:30 UTC on 31 January is already 1 February in Paris.
    expect(formatDate(new Date('2027-01-31T23:30:00Z'))).toBe('1er février 2027');
    expect(formatDate('2027-07-14T10:00:00.000Z')).toBe('14 juillet 2027');
  });

  it('writes an instant as France reads it, « 14 h 05 », in winter and in summer time', () => {
    expect(formatDateTime('2026-11-22T13:05:00.000Z')).toBe('22 novembre 2026 à 14\u00a0h\u00a005');
    expect(formatDateTime(new Date('2026-07-14T07:30:00Z'))).toBe('14 juillet 2026 à 9\u00a0h\u00a030');
    // Midnight in Paris is the next day's first hour, even while it is still the day before in UTC.
    expect(formatDateTime('2027-01-31T23:00:00Z')).toBe('1er février 2027 à 0\u00a0h\u00a000');
    expect(formatTime('2026-03-29T01:59:00Z')).toBe('3\u00a0h\u00a059');
    expect(formatTime('2026-10-25T00:59:00Z')).toBe('2\u00a0h\u00a059');
    expect(formatTime('2026-10-25T01:00:00Z')).toBe('2\u00a0h\u00a000');
  });

  it('makes URL slugs from French names', () => {
    expect(slugify('Les Jardins de l’Adour Boucau')).toBe('les-jardins-de-l-adour-boucau');
    expect(slugify('Résidence Arrosa')).toBe('residence-arrosa');
  });
});

describe('supporting documents', () => {
  it('tells what files a kind takes, both sides of an identity card in one', () => {
    expect(documentFilesHint('nat_id')).toBe(
      'PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier, 4 pages au plus. Mettez le recto et le verso dans un même PDF, ou sur une même photo.',
    );
    expect(documentFilesHint('payslips')).toBe('PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier, 12 pages au plus.');
    expect(documentFilesHint(null)).toBe('PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier.');
  });

  it('sizes files in ko and Mo, never « 0 ko »', () => {
    expect(formatSurface(46.5)).toBe('46,5 m²');
    expect(formatSurface(64)).toBe('64 m²');
    expect(formatFileSize(300)).toBe('1\u00a0ko');
    expect(formatFileSize(245_760)).toBe('240\u00a0ko');
    expect(formatFileSize(2_516_582)).toBe('2,4\u00a0Mo');
  });

  it('says what a file is and who put it there, its owner unnamed to themselves', () => {
    const pdf = { content_type: 'application/pdf', pages: 3, size: 245_760, source: 'owner', uploaded_at: '2026-03-12T09:00:00.000Z' } as const;
    expect(documentFacts(pdf, 'owner')).toBe('PDF de 3 pages, 240\u00a0ko, déposé le 12 mars 2026');
    expect(documentFacts(pdf, 'staff')).toBe('PDF de 3 pages, 240\u00a0ko, déposé par le demandeur le 12 mars 2026');
    const photo = { content_type: 'image/jpeg', pages: 1, size: 2_516_582, source: 'shared_link', uploaded_at: '2026-03-12T09:00:00.000Z' } as const;
    expect(documentFacts(photo, 'owner')).toBe('Photo, 2,4\u00a0Mo, déposée par lien de dépôt le 12 mars 2026');
    expect(documentFacts({ ...pdf, pages: 1, source: 'staff' }, 'staff')).toBe('PDF de 1 page, 240\u00a0ko, déposé par HSA le 12 mars 2026');
  });
});

describe('LLI ceilings', () => {
  it('reads the income line of the household and the zone', () => {
    expect(incomeCeiling(2026, 'A', 'alone', 0)).toBe(44344);
    expect(incomeCeiling(2026, 'B1', 'couple', 0)).toBe(48268);
    expect(incomeCeiling(2025, 'B1', 'alone', 2)).toBe(69455);
    expect(incomeCeiling(2026, 'A', 'couple', 4)).toBe(127122);
    expect(incomeCeiling(2026, 'A', 'couple', 6)).toBe(127122 + 2 * 14164);
    expect(() => incomeCeiling(2019, 'A', 'alone', 0)).toThrow(RangeError);
  });

  it('caps the rent with the surface coefficient', () => {
    expect(surfaceCoefficient(20)).toBe(1.2);
    expect(surfaceCoefficient(50)).toBe(1.08);
    expect(rentCeilingCents(2026, 'A', 50)).toBe(Math.floor(14.64 * 1.08 * 50 * 100));
  });
});

describe('reference data', () => {
  it('holds the communes served, in zones A and B1 only', () => {
    expect(COMMUNES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(COMMUNES.map((commune) => commune.areas))).toEqual(new Set(['A', 'B1']));
    expect(findCommune('64483')).toMatchObject({ label: 'Saint-Jean-de-Luz', zip_code: '64500', areas: 'A' });
  });

  it('lists the communes in French alphabetical order, accents read as their letter', () => {
    const labels = communesByName().map((commune) => commune.label);
    expect(labels).toHaveLength(COMMUNES.length);
    expect(labels.slice(0, 3)).toEqual(['Ahetze', 'Anglet', 'Angresse']);
    expect(labels.indexOf('Bénesse-Maremne')).toBe(labels.indexOf('Bayonne') + 1);
  });

  it('names a value by its option’s label, and an unknown value by itself', () => {
    expect(labelOf(PRO_SITUATION_OPTIONS, 'cdi')).toBe('Salarié(e) en CDI');
    expect(labelOf(PRO_SITUATION_OPTIONS, 'astronaute')).toBe('astronaute');
  });

  it('names an unknown value by the fallback it is given, and reads numbered options', () => {
    expect(labelOf(PRO_SITUATION_OPTIONS, 'astronaute', 'Type non précisé')).toBe('Type non précisé');
    expect(labelOf(PRO_SITUATION_OPTIONS, 'cdi', 'Type non précisé')).toBe('Salarié(e) en CDI');
    const residences = [{ value: 3, label: 'Itsasoa' }];
    expect(labelOf(residences, 3)).toBe('Itsasoa');
    expect(labelOf(residences, 4)).toBe('4');
    expect(labelOf(residences, '3')).toBe('3');
  });
});

describe('presentation rules', () => {
  it('writes a count with its words, singular up to 1 as French does', () => {
    expect(plural(0, 'enfant', 'enfants')).toBe('0 enfant');
    expect(plural(1, 'enfant', 'enfants')).toBe('1 enfant');
    expect(plural(2, 'enfant', 'enfants')).toBe('2 enfants');
    expect(completenessWords({ provided: 1, required: 4, validated: 0 })).toEqual({ provided: '1 pièce sur 4 fournie', validated: '0 validée' });
    expect(completenessWords({ provided: 3, required: 4, validated: 2 })).toEqual({ provided: '3 pièces sur 4 fournies', validated: '2 validées' });
  });

  it('counts whole years from a birth date to a day, the birthday itself included', () => {
    expect(ageInYears('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageInYears('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageInYears('1990-06-15', '2026-05-20')).toBe(35);
    expect(ageInYears('1990-06-15', '2026-07-01')).toBe(36);
    expect(ageInYears('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageInYears('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageInYears('2026-01-01', '2026-01-01')).toBe(0);
  });

  it('counts the age today in France when no day is given', () => {
    const today = new Date();
    const born = `${today.getUTCFullYear() - 30}-01-01`;
    expect([29, 30]).toContain(ageInYears(born));
  });

  it('judges a rent heavy above a third of the income, and an unknown share not heavy', () => {
    expect(isHeavyRent(rentRatio(100000, 36000))).toBe(false); // exactly a third
    expect(isHeavyRent(rentRatio(100100, 36000))).toBe(true);
    expect(isHeavyRent(0.4)).toBe(true);
    expect(isHeavyRent(0.2)).toBe(false);
    expect(isHeavyRent(RENT_RATIO_LIMIT)).toBe(false);
    expect(isHeavyRent(null)).toBe(false);
    expect(isHeavyRent(rentRatio(100000, null))).toBe(false);
  });
});

describe('remote areas', () => {
  it('sends each path to the remote that answers it', () => {
    expect(remoteForPath('/')).toBe('mf_public');
    expect(remoteForPath('/residences/les-pins')).toBe('mf_public');
    expect(remoteForPath('/admin/accueil')).toBe('mf_admin');
    expect(remoteForPath('/gestion/recommandations')).toBe('mf_admin');
    expect(remoteForPath('/administration')).toBe('mf_public');
    expect(remoteForPath('/mon-compte-hsa-lli/mon-dossier')).toBe('mf_account');
    expect(remoteForPath('/PDF/note-de-direction/3')).toBe('mf_pdf');
  });
});
