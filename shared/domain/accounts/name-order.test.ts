import { describe, expect, it } from 'vitest';
import { byFirstName, bySurname } from './name-order';

const person = (firstName: string, lastName: string) => ({ firstName, lastName });

describe('the order of people in a list', () => {
  it('puts surnames by letter whatever their case or accents', () => {
    const growers = [person('Tom', 'Zed'), person('Mick', 'van Gelderen'), person('Ana', 'Oliver'), person('Ciara', 'Ó Briain'), person('Rosa', 'de Grussa'), person('Ben', 'Dunn')];
    expect(growers.sort(bySurname).map((grower) => grower.lastName)).toEqual(['de Grussa', 'Dunn', 'Ó Briain', 'Oliver', 'van Gelderen', 'Zed']);
  });

  it('breaks a tie on the surname by first name, and orders colleagues by first name', () => {
    expect([person('Sam', 'Dunn'), person('ben', 'DUNN')].sort(bySurname).map((grower) => grower.firstName)).toEqual(['ben', 'Sam']);
    expect([person('Zoë', 'Adams'), person('Émile', 'Young'), person('Emily', 'Brown')].sort(byFirstName).map((staff) => staff.firstName)).toEqual(['Émile', 'Emily', 'Zoë']);
  });
});
