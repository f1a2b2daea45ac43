import { describe, expect, it } from 'vitest';
import { myRecordUpdateSchema, validate } from '@hsa-lli/common/domain';
import { apiValue, memberRows, membersText, sectionOf, updateOf } from './record-values.js';

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
