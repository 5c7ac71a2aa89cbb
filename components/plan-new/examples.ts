import type { DatasetProfile } from "@/lib/dataset/types";

/**
 * A few instructions written from the dataset's own columns and values, so the examples on the
 * new-plan page always make sense for the table the user picked.
 */
export function exampleInstructions(profile: DatasetProfile): string[] {
  const { shorthand } = profile;
  const categories =
    profile.columns.find((column) => column.name === shorthand.category)?.distinctValues ?? [];
  const keyIndex = profile.columns.findIndex((column) => column.name === profile.keyColumn);
  const key = profile.sampleRows[0]?.[keyIndex];
  const examples: string[] = [];

  if (shorthand.price && categories[0]) {
    examples.push(
      shorthand.stock
        ? `Increase prices by 10% for all in-stock ${categories[0]} products`
        : `Increase prices by 10% for ${categories[0]}`,
    );
  }
  if (shorthand.price && categories[1]) {
    examples.push(`Discount ${categories[1]} by 15%, never below $10`);
  }
  if (shorthand.price && key) examples.push(`Set the price of ${key} to 25`);
  if (shorthand.stock && categories.at(-1)) {
    examples.push(`Mark ${categories.at(-1)} as out of stock`);
  }
  if (shorthand.price && examples.length < 4) {
    examples.push("Raise prices under $20 by $2 and end prices in .99");
  }
  return examples.slice(0, 4);
}
