import { describe, expect, it } from 'vitest';
import { applicantsLabel } from './records.js';

describe('the applicants of a file, as the list names them', () => {
  it('names one person, a couple of one name, a couple of two names, and leaves out an applicant not named yet', () => {
    expect(applicantsLabel([{ first_name: 'Lucas', last_name: 'Bergeret' }])).toBe('Lucas Bergeret');
    expect(applicantsLabel([{ first_name: 'Ainhoa', last_name: 'Mendiburu' }, { first_name: 'Thomas', last_name: 'Mendiburu' }])).toBe('Ainhoa et Thomas Mendiburu');
    expect(applicantsLabel([{ first_name: 'Julien', last_name: 'Darrigrand' }, { first_name: 'Claire', last_name: 'Etcheto' }])).toBe('Julien Darrigrand et Claire Etcheto');
    expect(applicantsLabel([{ first_name: 'Maite', last_name: 'Irigoyen' }, { first_name: '', last_name: '' }])).toBe('Maite Irigoyen');
  });
});
