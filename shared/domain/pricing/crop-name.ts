/**
 * A crop as people read it: the pricing model keys crops in lower case ('wheat', 'field peas'); a
 * page, e-mail or chart writes the name with a capital, 'Wheat', 'Field peas'. Only the first letter
 * changes, so a name typed with capitals of its own keeps them.
 */
export function cropName(crop: string): string {
  const name = crop.trim();
  return name.charAt(0).toLocaleUpperCase('en-AU') + name.slice(1);
}
