import { describe, expect, it } from 'vitest';
import { myRecordUpdateSchema, validate } from '@hsa-lli/common/domain';
import type { PersonFields, RecordDocumentView } from '@hsa-lli/common/domain';
import { apiValue, goodsStillWished, holdsSecondApplicant, memberRows, membersText, sectionOf, updateOf } from './record-values.js';

describe('the information form’s texts as update-mine takes them', () => {
  it('nests each field under its path, amounts in euros as numbers, lists as arrays, empty choices as null', () => {
    const values = {
      'person_1.tax_income': '32 500',
      'person_1.birth_date': '',
      'person_1.pro_situation': 'cdi',
      'person_2.first_name': 'Maite',
      'wishes.goods': '12,7',
      'wishes.flat_sizes': 'T2,T3bis',
      'wishes.max_rent': '',
      link: '',
    };
    expect(updateOf(values, Object.keys(values))).toEqual({
      person_1: { tax_income: 32500, birth_date: null, pro_situation: 'cdi' },
      person_2: { first_name: 'Maite' },
      wishes: { goods: [12, 7], flat_sizes: ['T2', 'T3bis'], max_rent: null },
      link: null,
    });
  });

  it('makes a person alone lose the second applicant and the link', () => {
    expect(updateOf({ situation: 'alone' }, ['situation'])).toEqual({ situation: 'alone', person_2: null, link: null });
    expect(updateOf({ situation: 'couple' }, ['situation'])).toEqual({ situation: 'couple' });
  });

  it('sends what cannot be read as typed, for the schema to say why in French', () => {
    expect(apiValue('person_1.tax_income', '1 250,50')).toBe(1250.5);
    expect(apiValue('wishes.max_rent', 'abc')).toBe('abc');
    const checked = validate(myRecordUpdateSchema, updateOf({ 'person_1.tax_income': '1 250,50', 'wishes.max_rent': 'abc' }, ['person_1.tax_income', 'wishes.max_rent']));
    expect(checked).toEqual({
      success: false,
      fields: {
        'person_1.tax_income': 'Indiquez le revenu fiscal de référence en euros, sans centimes (0 si vous n’avez pas de revenus).',
        'wishes.max_rent': 'Indiquez un loyer mensuel en euros.',
      },
    });
  });

  it('keeps the dependants as one list, a birth date not given as null', () => {
    const text = membersText([
      { first_name: 'Léa', birth_date: '2019-04-02', role: 'child' },
      { first_name: 'Jon', birth_date: '', role: 'parent' },
    ]);
    expect(memberRows(text)).toHaveLength(2);
    expect(updateOf({ members: text }, ['members'])).toEqual({
      members: [
        { first_name: 'Léa', birth_date: '2019-04-02', role: 'child' },
        { first_name: 'Jon', birth_date: null, role: 'parent' },
      ],
    });
    expect(memberRows('')).toEqual([]);
  });

  it('tells which part of the page a field belongs to', () => {
    expect(['situation', 'members', 'person_1.phone', 'person_2.city', 'discovery_source', 'wishes.goods'].map(sectionOf)).toEqual([
      'household',
      'household',
      'person_1',
      'person_2',
      'discovery',
      'wishes',
    ]);
  });
});

describe('the second applicant a person alone would delete', () => {
  const blank: PersonFields = {
    first_name: '',
    last_name: '',
    birth_date: null,
    email: null,
    phone: null,
    address: null,
    zip_code: null,
    city: null,
    pro_situation: null,
    employer: null,
    housing_situation: null,
    tax_income: null,
  };
  const document = (type: RecordDocumentView['type']) => ({ type }) as RecordDocumentView;

  it('is there as soon as one of their fields is filled, their name or not', () => {
    expect(holdsSecondApplicant({ person_2: null, documents: [] })).toBe(false);
    expect(holdsSecondApplicant({ person_2: blank, documents: [document('p1_nat_id')] })).toBe(false);
    expect(holdsSecondApplicant({ person_2: { ...blank, first_name: 'Maite' }, documents: [] })).toBe(true);
    expect(holdsSecondApplicant({ person_2: { ...blank, pro_situation: 'cdi' }, documents: [] })).toBe(true);
    expect(holdsSecondApplicant({ person_2: { ...blank, tax_income: 0 }, documents: [] })).toBe(true);
  });

  it('is there when the file holds one of their documents, their fields empty', () => {
    expect(holdsSecondApplicant({ person_2: blank, documents: [document('p1_nat_id'), document('p2_payslips')] })).toBe(true);
    expect(holdsSecondApplicant({ person_2: null, documents: [document('p2_nat_id')] })).toBe(true);
  });
});

describe('the goods wished when the residences chosen change', () => {
  const goods = [
    { id: 12, residence: { id: 1 } },
    { id: 7, residence: { id: 2 } },
    { id: 30, residence: { id: 2 } },
  ];

  it('drops the goods of a residence no longer chosen and keeps the others in their order', () => {
    expect(goodsStillWished(['30', '12', '7'], [2], goods)).toEqual(['30', '7']);
    expect(goodsStillWished(['12', '7'], [1, 2], goods)).toEqual(['12', '7']);
    expect(goodsStillWished(['12', '7'], [], goods)).toEqual([]);
  });

  it('keeps a good whose residence it does not know: not loaded yet, or not among those loaded', () => {
    expect(goodsStillWished(['12', '99'], [], undefined)).toEqual(['12', '99']);
    expect(goodsStillWished(['12', '99'], [], goods)).toEqual(['99']);
  });
});
