import type { Metadata } from "next";
import { UploadFlow } from "@/components/datasets/upload-flow";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Upload a CSV" };
export const dynamic = "force-dynamic";

export default async function UploadPage() {
  await requirePageActor("dataset.upload");
  return (
    <>
      <PageHeader
        title="Upload a CSV"
        description="Signoff checks every row, profiles the columns and proposes a key column. You confirm before anything is stored."
      />
      <UploadFlow limitBytes={env().SIGNOFF_MAX_UPLOAD_MB * 1024 * 1024} />
    </>
  );
}
