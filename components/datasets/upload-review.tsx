"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useTransition } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert, SelectField, TextField } from "@/components/ui/field";
import { formatCount } from "@/components/ui/format";
import { confirmUploadAction } from "@/lib/actions/datasets";
import { DELIMITER_NAMES, type Delimiter } from "@/lib/dataset/csv-dialect";
import { explainKeyColumn } from "@/lib/dataset/key-reason";
import { applyShorthandChoice, COLUMN_ROLES } from "@/lib/dataset/shorthand-choice";
import type { DatasetProfile } from "@/lib/dataset/types";
import {
  type ConfirmUploadInput,
  confirmUploadSchema,
  KEEP_PROFILE_PICK,
} from "@/lib/schemas/upload";
import type { StagedUpload } from "@/lib/services/upload-dataset";
import { ColumnProfileTable, SampleRowsTable } from "./column-profile-table";
import { DelimiterChoice } from "./delimiter-choice";
import { formatBytes } from "./format-bytes";

const ROLE_LABELS = {
  category: {
    label: "Category column",
    hint: (
      <>
        What <code>categories</code> filters match
      </>
    ),
  },
  stock: {
    label: "Stock column",
    hint: (
      <>
        The boolean <code>in_stock</code> filters read and <code>set_stock</code> writes
      </>
    ),
  },
  price: {
    label: "Price column",
    hint: (
      <>
        What <code>price_gte</code>/<code>price_lte</code> and price actions use
      </>
    ),
  },
};

/** Step 2 of an upload: the profile, and the user's name, key column and shorthand mapping. */
export function UploadReview({
  upload,
  onStartOver,
  onReread,
}: {
  upload: StagedUpload;
  onStartOver: () => void;
  /** Reads the same file again with another separator. */
  onReread: (delimiter: Delimiter) => void;
}) {
  const { profile } = upload;
  const { form, errors, pending, keyExplanation, preview, onSubmit } = useConfirmUpload(upload);

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <UploadHeading upload={upload} onReread={onReread} />
        <form className="mt-5 space-y-5" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Dataset name"
              autoComplete="off"
              error={errors.name?.message}
              {...form.register("name")}
            />
            <div>
              <SelectField
                label="Key column"
                hint={
                  <span data-testid="key-reason">
                    {keyExplanation.reason} It identifies each row in diffs and history; only
                    columns with a unique value on every row can be the key.
                  </span>
                }
                error={errors.keyColumn?.message}
                {...form.register("keyColumn")}
              >
                {upload.keyCandidates.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </SelectField>
              {keyExplanation.warning ? (
                <p
                  role="status"
                  className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900"
                >
                  {keyExplanation.warning}
                </p>
              ) : null}
            </div>
          </div>

          <ShorthandMapping
            upload={upload}
            register={(role) => form.register(`shorthand.${role}`)}
          />

          {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
          <div className="flex items-center gap-3 border-t border-slate-100 pt-5">
            <Button type="submit" disabled={pending}>
              {pending ? "Creating dataset…" : "Create dataset"}
            </Button>
            <Button variant="ghost" onClick={onStartOver} disabled={pending}>
              Choose another file
            </Button>
          </div>
        </form>
      </Card>

      <ProfileCards columns={preview} sample={profile} />
    </div>
  );
}

/** The file's name, size and shape, and the separator it was read with. */
function UploadHeading({
  upload,
  onReread,
}: {
  upload: StagedUpload;
  onReread: (delimiter: Delimiter) => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Review {upload.fileName}</h2>
        <p className="text-sm text-slate-600" data-testid="upload-summary">
          {formatCount(upload.rowCount)} rows · {upload.profile.columns.length} columns ·{" "}
          {DELIMITER_NAMES[upload.delimiter]}-separated · {formatBytes(upload.byteSize)}
        </p>
      </div>
      <div className="mt-2">
        <DelimiterChoice current={upload.delimiter} onChoose={onReread} />
      </div>
    </>
  );
}

/** The review's form: its defaults from the profile, the profile its choices give, and submit. */
function useConfirmUpload(upload: StagedUpload) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { profile } = upload;
  const form = useForm<ConfirmUploadInput, unknown, z.output<typeof confirmUploadSchema>>({
    resolver: zodResolver(confirmUploadSchema),
    defaultValues: {
      token: upload.token,
      name: upload.suggestedName,
      keyColumn: profile.keyColumn,
      shorthand: Object.fromEntries(COLUMN_ROLES.map((role) => [role, initialPick(profile, role)])),
    },
  });
  const { errors } = form.formState;
  const keyColumn = form.watch("keyColumn");
  const keyExplanation = explainKeyColumn(profile, keyColumn);
  const shorthand = form.watch("shorthand");
  const preview = useMemo(
    () => previewProfile(profile, keyColumn, shorthand),
    [profile, keyColumn, shorthand],
  );

  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await confirmUploadAction(values);
      if (result.ok) {
        router.push(`/datasets/${result.data.datasetId}`);
        return;
      }
      const field =
        result.code === "conflict" ? "name" : result.fieldErrors?.keyColumn ? "keyColumn" : "root";
      form.setError(field, { message: result.error });
    }),
  );
  return { form, errors, pending, keyExplanation, preview, onSubmit };
}

/** The columns as the choices above would profile them, and the file's first rows. */
function ProfileCards({ columns, sample }: { columns: DatasetProfile; sample: DatasetProfile }) {
  return (
    <>
      <Card>
        <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
          Columns
        </h3>
        <ColumnProfileTable profile={columns} />
      </Card>
      <Card>
        <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
          First rows
        </h3>
        <SampleRowsTable profile={sample} />
      </Card>
    </>
  );
}

/** Which columns the seed format's shorthand (categories, in_stock, price…) acts on. */
function ShorthandMapping({
  upload,
  register,
}: {
  upload: StagedUpload;
  register: (role: (typeof COLUMN_ROLES)[number]) => UseFormRegisterReturn;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Shorthand mapping</legend>
      <p className="mt-0.5 text-xs text-slate-500">
        Plans written in the seed format (<code>categories</code>, <code>in_stock</code>,{" "}
        <code>price_gte</code>, <code>set_price</code>…) act on these columns.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        {COLUMN_ROLES.map((role) => (
          <ShorthandSelect
            key={role}
            role={role}
            candidates={upload.shorthandCandidates[role]}
            ambiguous={upload.profile.ambiguousShorthand?.[role]}
            register={register(role)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function ShorthandSelect({
  role,
  candidates,
  ambiguous,
  register,
}: {
  role: (typeof COLUMN_ROLES)[number];
  candidates: string[];
  ambiguous: string[] | undefined;
  register: UseFormRegisterReturn;
}) {
  const { label, hint } = ROLE_LABELS[role];
  return (
    <SelectField
      label={label}
      hint={
        ambiguous ? (
          <span className="text-amber-700">
            {ambiguous.join(" and ")} could both be the {role}. Pick one, or each plan will have to
            name the column.
          </span>
        ) : (
          hint
        )
      }
      {...register}
    >
      {ambiguous ? <option value={KEEP_PROFILE_PICK}>Undecided (ask in each plan)</option> : null}
      <option value="">None</option>
      {candidates.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

function initialPick(profile: DatasetProfile, role: (typeof COLUMN_ROLES)[number]): string {
  if (profile.ambiguousShorthand?.[role]) return KEEP_PROFILE_PICK;
  return profile.shorthand[role] ?? "";
}

/** The profile as it will be stored with the picks applied, for the columns table. */
function previewProfile(
  profile: DatasetProfile,
  keyColumn: string,
  shorthand: ConfirmUploadInput["shorthand"],
): DatasetProfile {
  const parsed = confirmUploadSchema.shape.shorthand.safeParse(shorthand ?? {});
  const choice = parsed.success ? parsed.data : {};
  try {
    return applyShorthandChoice({ ...profile, keyColumn }, choice);
  } catch {
    return { ...profile, keyColumn };
  }
}
