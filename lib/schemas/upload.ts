import { z } from "zod";

/**
 * The confirm step of an upload: the form in components/datasets validates with this schema and
 * the server action parses with it.
 */
/** Select value that keeps a role as the profile left it (ambiguous, when it was). */
export const KEEP_PROFILE_PICK = "*";

/**
 * A column name, or "" / null for "this dataset has no such column"; absent or
 * `KEEP_PROFILE_PICK` keeps the profile's own mapping.
 */
const shorthandPick = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value === "" ? null : value === KEEP_PROFILE_PICK ? undefined : value));

export const confirmUploadSchema = z.object({
  token: z.uuid(),
  name: z
    .string()
    .trim()
    .min(1, "Give the dataset a name.")
    .max(120, "Keep the name under 120 characters."),
  keyColumn: z.string().min(1, "Choose the key column."),
  shorthand: z.object({ category: shorthandPick, stock: shorthandPick, price: shorthandPick }),
});

export type ConfirmUploadInput = z.input<typeof confirmUploadSchema>;
