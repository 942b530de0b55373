const trees = {
  emStrong: {type: 'root', children: [{type: 'paragraph', children: [{type: 'emphasis', children: [{type: 'strong', children: [{type: 'text', value: 'a'}]}]}]}]},
  strongEm: {type: 'root', children: [{type: 'paragraph', children: [{type: 'strong', children: [{type: 'emphasis', children: [{type: 'text', value: 'a'}]}]}]}]},
  plain: {type: 'root', children: [{type: 'paragraph', children: [{type: 'emphasis', children: [{type: 'text', value: 'a'}]}]}]},
};
for (const v of ['p', 'e28', 's28', 'i31']) {
  const {toMarkdown} = await import(`./${v}/lib/index.js`);
  const out = {};
  for (const [k, t] of Object.entries(trees)) for (const o of [undefined, null, {}, {emphasis: '_'}]) { try { out[k + JSON.stringify(o ?? String(o))] = toMarkdown(t, o); } catch (e) { out[k + JSON.stringify(o ?? String(o))] = 'throws ' + e.constructor.name; } }
  console.log(v, JSON.stringify(out));
}
