/**
 * Path segments read as numbers. A version number is a positive 32-bit integer (Prisma's Int):
 * anything else in the path (a 400-digit number, `1e3`, `-1`) names no version, and is answered
 * as not found rather than handed to the database, which would refuse it with an internal error.
 */
const MAX_INT = 2_147_483_647;

export function versionNumberParam(segment: string): number | null {
  if (!/^\d{1,10}$/.test(segment)) return null;
  const number = Number(segment);
  return number >= 1 && number <= MAX_INT ? number : null;
}
