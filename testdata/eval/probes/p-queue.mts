for (const v of ['p', 's453', 's496']) {
  const {default: PQueue} = await import(`./${v}/source/index.ts`);
  const out: string[] = [];
  try { out.push(String(await new PQueue().add(async () => 'ok', {timeout: 1000}))); } catch (e: any) { out.push(e.name); }
  try { out.push(String(await new PQueue().add(async () => { await new Promise(r => setTimeout(r, 30)); return 'late'; }, {timeout: 10}))); } catch (e: any) { out.push(e.name); }
  console.log(v, JSON.stringify(out));
}
