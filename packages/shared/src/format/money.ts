// The spec's currency format: zh-HK locale, HKD, 0 to 2 fraction digits. Built once, at its first
// use: creating a NumberFormat is far costlier than using one (a finder page formats dozens of
// prices), and the first one of a locale loads its ICU data, which a page that imports this
// module without showing a price should not wait for (decision 224).
let hkd: Intl.NumberFormat | undefined;

/** An amount in Hong Kong dollars as members read it: `HK$150`, `HK$150.5`, `HK$1,234.57`. */
export function formatHkd(amount: number): string {
  hkd ??= new Intl.NumberFormat('zh-HK', {
    style: 'currency',
    currency: 'HKD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return hkd.format(amount);
}
