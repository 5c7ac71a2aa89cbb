"use server";

import { serverAction } from "@/lib/actions/server-action";
import { confirmUploadSchema } from "@/lib/schemas/upload";
import { confirmUpload } from "@/lib/services/upload-dataset";

/** Step 2 of an upload: create the dataset from the staged file with the user's choices. */
export const confirmUploadAction = serverAction(
  { schema: confirmUploadSchema, permission: "dataset.upload", name: "dataset.confirm-upload" },
  async (input, { actor }) => {
    const created = await confirmUpload({ ...input, actor: actor.id });
    return { datasetId: created.datasetId };
  },
);
