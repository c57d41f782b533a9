/**
 * People's names in the order a reader looks for them in a list: by letter, whatever the case or
 * accents ("de Grussa" among the Ds, "Ó Briain" among the Os, not after Z as the databases' byte
 * order puts them), and numbers as numbers.
 */
const names = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });

interface PersonName {
  firstName: string;
  lastName: string;
}

/** Surname, then first name: lists of members and clients. */
export function bySurname(a: PersonName, b: PersonName): number {
  return names.compare(a.lastName, b.lastName) || names.compare(a.firstName, b.firstName);
}

/** First name, then surname: lists of colleagues, who know each other by first name. */
export function byFirstName(a: PersonName, b: PersonName): number {
  return names.compare(a.firstName, b.firstName) || names.compare(a.lastName, b.lastName);
}
