import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { authEnabled, pageActor } from "@/lib/auth/page";
import { safeReturnPath } from "@/lib/auth/return-path";
import { countUsers } from "@/lib/db/users";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string }>;
}) {
  const next = safeReturnPath((await searchParams).next);
  if (!authEnabled() || (await pageActor())) redirect(next);
  if ((await countUsers()) === 0) redirect("/setup");
  return (
    <AuthCard
      title="Sign in to Signoff"
      description="Use the email and password your admin gave you."
      footer="Forgot your password? Ask an admin to set a new one."
    >
      <SignInForm next={next} />
    </AuthCard>
  );
}
