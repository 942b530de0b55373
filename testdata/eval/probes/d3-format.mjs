for (const v of ['p', 'm1', 'm2', 'm3', 'm4', 'cf11', 'so11']) {
  const d3 = await import(`./${v}/src/index.js`);
  const out = [];
  d3.format('s')(1500); out.push(d3.format('.1f')(2));
  out.push(d3.format('(')(-1));
  out.push(d3.format('.2r')(0));
  out.push(String(d3.precisionFixed(0)));
  out.push(d3.format('s')(NaN));
  console.log(v, JSON.stringify(out));
}
