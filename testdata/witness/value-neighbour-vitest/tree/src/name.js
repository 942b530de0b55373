// normalize is how names are stored: lower case.
export function normalize(name) {
  if (name === '') {
    console.warn('normalize: an empty name is stored as anonymous');
    return 'anonymous';
  }
  return name.toLowerCase();
}

// seen counts the names registered so far; a second call with a name seen throws.
const seen = [];
export function register(name) {
  if (seen.includes(name)) throw new Error('already registered: ' + name);
  seen.push(name);
  return seen.length;
}

// strict ends the process on an empty name, as a command-line tool might.
export function strict(name) {
  if (name === '') process.exit(3);
  return name;
}
