/** The name shown for a person: first and last name, or the e-mail address when both are blank. */
export function displayName(person: { firstName: string; lastName: string; email: string }): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return name || person.email;
}

/** E-mail addresses are compared without case and surrounding space. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
