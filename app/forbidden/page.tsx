import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ButtonLink } from "@/components/ui/button";
import { requirePageActor } from "@/lib/auth/page";
import {
  deniedMessage,
  minimumRole,
  PERMISSIONS,
  type Permission,
  ROLE_LABELS,
} from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "No access" };
export const dynamic = "force-dynamic";

export default async function ForbiddenPage({
  searchParams,
}: {
  searchParams: Promise<{ permission?: string }>;
}) {
  const actor = await requirePageActor("dataset.read");
  const requested = (await searchParams).permission;
  const permission = PERMISSIONS.find(
    (candidate): candidate is Permission => candidate === requested,
  );
  return (
    <AuthCard
      title="You do not have access to that page"
      description={
        permission
          ? deniedMessage(actor.role, permission)
          : `Your role is ${ROLE_LABELS[actor.role].toLowerCase()}.`
      }
    >
      <p className="text-sm text-slate-700">
        {permission
          ? `Ask an admin to make you ${minimumRole(permission) === "admin" ? "an admin" : `an ${minimumRole(permission)}`} if you need it.`
          : "Ask an admin if you need more access."}
      </p>
      <div className="mt-6">
        <ButtonLink href="/" variant="secondary">
          Back to datasets
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
