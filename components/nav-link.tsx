"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

function isActive(pathname: string, match: string[]): boolean {
  return match.some((prefix) =>
    prefix === "/" ? pathname === "/" : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export function NavLink({
  href,
  match,
  children,
}: {
  href: string;
  match: string[];
  children: ReactNode;
}) {
  const active = isActive(usePathname(), match);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={
        active
          ? "rounded-md bg-slate-100 px-3 py-1.5 font-medium text-slate-900"
          : "rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-50 hover:text-slate-900"
      }
    >
      {children}
    </Link>
  );
}
