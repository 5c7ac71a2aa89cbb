import { BOOKS } from "./catalogs/books";
import { GENERATED } from "./catalogs/generated";
import { SEED } from "./catalogs/seed";
import type { Change, CorpusCase } from "./expect";

/**
 * The rules planner's corpus: instructions on three catalogs with the exact cells each
 * must change after planning and a dry run — or the refusal it must give, with the words it
 * could not place.
 *
 * - seed: the 7-row catalog of the original executor (tests/fixtures/seed-products.csv),
 *   including the seed's own example instructions.
 * - generated: 300 rows of `node tests/fixtures/gen-products.mjs 300` (`generated-300.csv`),
 *   with expected cells computed by small oracles over the rows.
 * - books: a catalog whose columns are not the seed's (`list_price`, `available` yes/no,
 *   `genre`, `format`, `pages`, key `book_id`).
 */

export const CORPUS: readonly CorpusCase[] = [...SEED, ...GENERATED, ...BOOKS];

export type { Change };
