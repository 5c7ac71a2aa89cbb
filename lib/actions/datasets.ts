"use server";

import { serverAction } from "@/lib/actions/server-action";
import { compute } from "@/lib/compute/pool";
import { confirmUploadSchema } from "@/lib/schemas/upload";

/** Step 2 of an upload: create the dataset from the staged file with the user's choices. */
export const confirmUploadAction = serverAction(
  { schema: confirmUploadSchema, permission: "dataset.upload", name: "dataset.confirm-upload" },
  async (input, { actor }) => {
    // Parses and profiles the file again with the chosen key: work for the compute thread.
    const created = await compute("confirmUpload", { ...input, actor: actor.id });
    return { datasetId: created.datasetId };
  },
);
