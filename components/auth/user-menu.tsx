import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { signOutAction } from "@/lib/actions/account";
import type { Actor } from "@/lib/auth/actor";
import { ROLE_LABELS } from "@/lib/auth/permissions";

/** The signed-in person in the header: name and role (linking to their account), and sign-out. */
export function UserMenu({ actor }: { actor: Actor }) {
  return (
    <div className="ml-auto flex min-w-0 items-center gap-2 text-sm sm:gap-3">
      <Link
        href="/account"
        className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-50"
        data-testid="signed-in-user"
      >
        <span className="truncate font-medium text-slate-900">{actor.name}</span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
          {ROLE_LABELS[actor.role]}
        </span>
      </Link>
      <form action={signOutAction}>
        <button type="submit" className={`${buttonClasses("ghost", "sm")} whitespace-nowrap`}>
          Sign out
        </button>
      </form>
    </div>
  );
}
