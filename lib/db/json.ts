import { z } from "zod";
import type { DatasetProfile } from "@/lib/dataset/types";

/**
 * Schemas for the JSON documents stored in text columns. Reading goes through them so a row
 * written by an older version, or edited by hand, fails loudly at the boundary instead of
 * somewhere deep in a page.
 */

const columnProfileSchema = z.object({
  name: z.string(),
  index: z.number().int(),
  type: z.enum(["number", "integer", "boolean", "text", "date"]),
  emptyCount: z.number().int(),
  distinctCount: z.number().int(),
  distinctValues: z.array(z.string()).optional(),
  min: z.string().optional(),
  max: z.string().optional(),
  booleanStyle: z
    .enum([
      "true/false",
      "TRUE/FALSE",
      "True/False",
      "yes/no",
      "Yes/No",
      "YES/NO",
      "Y/N",
      "y/n",
      "1/0",
    ])
    .optional(),
  decimals: z.number().int().optional(),
});

export const datasetProfileSchema: z.ZodType<DatasetProfile> = z.looseObject({
  columns: z.array(columnProfileSchema.loose()),
  rowCount: z.number().int(),
  keyColumn: z.string(),
  shorthand: z.object({
    key: z.string(),
    category: z.string().optional(),
    stock: z.string().optional(),
    price: z.string().optional(),
  }),
  ambiguousShorthand: z
    .object({
      key: z.array(z.string()).optional(),
      category: z.array(z.string()).optional(),
      stock: z.array(z.string()).optional(),
      price: z.array(z.string()).optional(),
    })
    .optional(),
  sampleRows: z.array(z.array(z.string())),
}) as z.ZodType<DatasetProfile>;

export function readJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`Stored ${what} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`Stored ${what} does not match its schema:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Prisma types `Bytes` as `Uint8Array<ArrayBuffer>`; the CSV bytes we hold are plain Uint8Arrays
 * over ordinary (never shared) ArrayBuffers, so this only narrows the type — no copy of what can
 * be a 77 MB file.
 */
export function asBytes(data: Uint8Array): Uint8Array<ArrayBuffer> {
  return data as Uint8Array<ArrayBuffer>;
}
