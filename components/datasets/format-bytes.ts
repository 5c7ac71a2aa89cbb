const UNITS = ["bytes", "KB", "MB", "GB"] as const;

/** 1536 → "1.5 KB", 80_000_000 → "76.3 MB". Binary units, as file managers show sizes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${UNITS[unit]}`;
}
