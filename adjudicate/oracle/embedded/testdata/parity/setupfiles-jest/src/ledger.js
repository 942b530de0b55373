// A small account ledger: the code under test (the vitest fixture's, as CommonJS for jest).
class Ledger {
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

function fee(amount) {
  return amount > 100 ? 2 : 0;
}

module.exports = { Ledger, fee };
