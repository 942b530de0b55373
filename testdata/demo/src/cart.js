// cart.js: a tiny shopping-cart library, the example bond plans and certifies.

// total sums price × quantity over the items, in cents.
export function total(items) {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.qty;
  }
  return sum;
}

// formatPrice renders cents as "12.34 EUR"; negative amounts get a leading minus.
export function formatPrice(cents, currency = 'EUR') {
  if (cents < 0) {
    return `-${formatPrice(-cents, currency)}`;
  }
  const units = (cents / 100).toFixed(2);
  return `${units} ${currency}`;
}

// applyDiscount takes percent off amount (in cents), rounding to the cent.
export function applyDiscount(amount, percent) {
  if (percent <= 0) return amount;
  if (percent > 100) {
    throw new RangeError(`a discount of ${percent}% is more than the price`);
  }
  const off = Math.round((amount * percent) / 100);
  return amount - off;
}
