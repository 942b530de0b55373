/** @jsx h */
export function h(tag, props, ...children) {
  return { tag, props: props || {}, children };
}

export function Badge({ text }) {
  return <span class="badge">{text}</span>;
}
