/** Stand-in for `next/cache` in integration tests: there is no page cache to revalidate. */
export function revalidatePath(): void {}
export function revalidateTag(): void {}
