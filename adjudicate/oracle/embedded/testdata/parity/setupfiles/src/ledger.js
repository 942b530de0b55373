// A small account ledger: the code under test.
export class Ledger {
  constructor(opening) {
    this.opening = opening;
    this.balance = opening;
    this.entries = [];
  }

  deposit(n) {
    if (n <= 0) throw new Error('a deposit must be positive');
    this.balance += n;
    this.entries.push(n);
    return this.entries.length;
  }

  withdraw(n) {
    if (n > this.balance) throw new Error('insufficient funds');
    this.balance -= n;
    this.entries.push(-n);
    return this.entries.length;
  }
}

export function fee(amount) {
  return amount > 100 ? 2 : 0;
}
