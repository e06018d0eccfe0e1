// The spec's currency format: zh-HK locale, HKD, 0 to 2 fraction digits. Built once: creating a
// NumberFormat is far costlier than using one, and a finder page formats dozens of prices.
const HKD = new Intl.NumberFormat('zh-HK', {
  style: 'currency',
  currency: 'HKD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** An amount in Hong Kong dollars as members read it: `HK$150`, `HK$150.5`, `HK$1,234.57`. */
export function formatHkd(amount: number): string {
  return HKD.format(amount);
}
