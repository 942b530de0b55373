const inputs = ['![a \\* b](/u)', '![a &amp; b](/u)', '![a &lt; b](/u)', '![a \\* *b* &amp; c](/u)', '![a `c` b](/u)', '![`c` b](/u)', '![a *b* c](/u)', '![a](/u)', '![a <span>x</span> b](/u)'];
for (const v of ['p', 'cf21', 'so21']) {
  const {default: markdownit} = await import(`./${v}/src/index.ts`);
  const md = markdownit({html: true});
  const out = inputs.map((s) => { try { return md.render(s); } catch (e: any) { return 'throws ' + e.constructor.name; } });
  let toks: string[] | string;
  try { toks = md.parse('![a \\* b](/u)', {})[1].children[0].children.map((t: any) => t.type + ':' + t.content); } catch (e: any) { toks = 'throws ' + e.constructor.name; }
  console.log(v, JSON.stringify(out), JSON.stringify(toks));
}
