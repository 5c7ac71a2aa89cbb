import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { authEnabled, pageActor } from "@/lib/auth/page";
import { can } from "@/lib/auth/permissions";
import { NavLink } from "./nav-link";

const NAVIGATION = [
  { href: "/", label: "Datasets", match: ["/", "/datasets"] },
  { href: "/plans/new", label: "New plan", match: ["/plans"] },
  { href: "/history", label: "History", match: ["/history", "/executions"] },
];

export async function AppHeader() {
  const actor = await pageActor();
  const signedIn = actor !== null && authEnabled();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-8 px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded-md bg-brand-600 text-sm text-white"
          >
            ✓
          </span>
          Signoff
        </Link>
        {actor ? (
          <nav aria-label="Main" className="flex items-center gap-1 text-sm">
            {NAVIGATION.map((item) => (
              <NavLink key={item.href} href={item.href} match={item.match}>
                {item.label}
              </NavLink>
            ))}
            {signedIn && can(actor.role, "user.manage") ? (
              <NavLink href="/admin/users" match={["/admin"]}>
                Users
              </NavLink>
            ) : null}
          </nav>
        ) : null}
        {signedIn ? <UserMenu actor={actor} /> : null}
      </div>
    </header>
  );
}
