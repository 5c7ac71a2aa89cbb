/**
 * The synthetic product catalog of `../shared/bench/gen-products.mjs`, as a function, so the app
 * can seed its "Demo catalog" without the shared folder. Same algorithm, same bytes (tested).
 */
const CATEGORIES = [
  "fitness",
  "yoga",
  "accessories",
  "outdoor",
  "nutrition",
  "apparel",
  "footwear",
  "recovery",
];
const SIZES = ["S", "M", "L"];

export function generateCatalog(rows: number): string {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const lines = ["sku,name,category,price,in_stock,cost,supplier"];
  for (let i = 0; i < rows; i++) {
    const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
    const price = (5 + random() * 195).toFixed(2);
    const cost = (Number(price) * (0.4 + random() * 0.3)).toFixed(2);
    const inStock = random() < 0.8 ? "true" : "false";
    const name = `"${category} item ${i}, size ${SIZES[i % 3]}"`;
    const sku = `${category[0].toUpperCase()}${String(i).padStart(7, "0")}`;
    lines.push(`${sku},${name},${category},${price},${inStock},${cost},supplier-${i % 97}`);
  }
  return `${lines.join("\n")}\n`;
}
