const chars = ['.', ' ', 'a'];
for (const v of ['p', 'cf91', 'so106']) {
  const {toMarkdown} = await import(`./${v}/lib/index.js`);
  const out = [];
  for (const type of ['emphasis', 'strong']) for (const marker of ['*', '_']) for (const side of ['open', 'close']) for (const inside of chars) for (const outside of chars) {
    const children = [];
    if (side === 'open') children.push({type: 'text', value: 'x' + outside});
    children.push({type, children: [{type: 'text', value: (side === 'open' ? inside : '') + 'y' + (side === 'close' ? inside : '')}]});
    if (side === 'close') children.push({type: 'text', value: outside + 'z'});
    let r; try { r = toMarkdown({type: 'root', children: [{type: 'paragraph', children}]}, {emphasis: marker, strong: marker}); } catch (e) { r = 'throws ' + e.message; }
    out.push(r);
  }
  console.log(v, JSON.stringify(out));
}
