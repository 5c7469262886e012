/** A button that POSTs: one form with the CSRF token and hidden fields (server-rendered pages need no script for it). */
export function PostButton(props: {
  action: string;
  csrf: string;
  label: string;
  fields?: Record<string, string>;
  kind?: 'secondary' | 'danger';
}) {
  return (
    <form method="post" action={props.action}>
      <input type="hidden" name="_csrf" value={props.csrf} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} key={name} />
      ))}
      <button type="submit" class={props.kind}>
        {props.label}
      </button>
    </form>
  );
}
