"use client";

import { useEffect, useState } from "react";

/**
 * False during server rendering and until React has hydrated the page. Password forms keep their
 * submit button disabled until then, so an early click cannot fall back to a native submission.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
