// greet greets the message's sender, whose name is stored in lower case.
function greet(msg) {
  const name = msg.user.name.toLowerCase();
  return 'hello ' + name;
}

module.exports = { greet };
